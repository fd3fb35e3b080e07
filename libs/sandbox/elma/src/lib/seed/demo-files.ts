import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * Small real files for the demo federation's disk: posters (PNG) and competition documents (PDF), made here
 * so the seed ships no binaries and stays deterministic.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgb = readonly [number, number, number];

/**
 * A poster: a vertical gradient between two colours with a band across its upper third (where a real
 * poster has its title), as an RGB PNG.
 */
export function posterPng(width: number, height: number, top: Rgb, bottom: Rgb, band: Rgb): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * row] = 0; // filter: none
    const t = y / (height - 1);
    const inBand = y > height * 0.22 && y < height * 0.36;
    const colour = inBand
      ? band
      : (top.map((c, i) => Math.round(c + ((bottom[i] as number) - c) * t)) as unknown as Rgb);
    for (let x = 0; x < width; x += 1) {
      const offset = y * row + 1 + x * 3;
      raw[offset] = colour[0];
      raw[offset + 1] = colour[1];
      raw[offset + 2] = colour[2];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** PDF string literal escaping. */
function pdfText(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}

/**
 * A one-page A4 PDF with a few lines of text in Helvetica. The standard fonts know Latin only, so the demo
 * documents are written in transliteration; what matters for the portal is a real PDF to show and download.
 */
export function documentPdf(lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F1 14 Tf',
    '56 780 Td',
    '18 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A file id of the demo disk made from what the file belongs to (an athlete's photo, a club's logo), so the seed
 * draws nothing more from its generator for it and every other row stays as it was.
 */
export function demoFileId(ownerId: string, purpose: string): string {
  const hex = createHash('sha256').update(`${purpose}:${ownerId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const PORTRAIT_COLOURS: ReadonlyArray<readonly [Rgb, Rgb, Rgb]> = [
  [
    [205, 220, 240],
    [120, 150, 200],
    [240, 210, 190],
  ],
  [
    [230, 215, 200],
    [160, 120, 100],
    [250, 225, 205],
  ],
  [
    [210, 235, 215],
    [100, 160, 120],
    [245, 220, 200],
  ],
  [
    [235, 220, 240],
    [150, 110, 170],
    [250, 230, 215],
  ],
];

/** A small square picture standing in for a photo or a logo (a gradient with a band), colours by `index`. */
export function demoPicturePng(index: number, size = 160): Buffer {
  const [top, bottom, band] = PORTRAIT_COLOURS[index % PORTRAIT_COLOURS.length] as readonly [Rgb, Rgb, Rgb];
  return posterPng(size, size, top, bottom, band);
}
