import { federation, mediaLimits } from '@fed/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** The small images made of a medium: with the federation's mark across it, and without. */
export interface MediaImages {
  width: number;
  height: number;
  preview: Buffer;
  display: Buffer;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The federation's mark repeated over the whole picture on a diagonal grid: a ring and the short name,
 * white with a dark outline (seen on light and dark photos alike), tiles a third of the shorter side apart,
 * so every part of the picture (a cropped corner too) carries several marks.
 */
export function watermarkSvg(width: number, height: number): Buffer {
  const tile = Math.max(120, Math.round(Math.min(width, height) / 3));
  const font = Math.round(tile / 5);
  const ring = Math.round(tile / 4);
  const mark = escapeXml(federation.shortName);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <pattern id="mark" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse" patternTransform="rotate(-30)">
      <g fill="none" stroke-width="${Math.max(2, Math.round(tile / 60))}">
        <circle cx="${tile / 2}" cy="${tile / 2}" r="${ring}" stroke="rgb(255,255,255)" stroke-opacity="0.55"/>
        <circle cx="${tile / 2}" cy="${tile / 2}" r="${ring + 3}" stroke="rgb(0,0,0)" stroke-opacity="0.3"/>
      </g>
      <text x="${tile / 2}" y="${tile / 2 + font / 3}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700"
        font-size="${font}" text-anchor="middle" fill="rgb(255,255,255)" fill-opacity="0.6"
        stroke="rgb(0,0,0)" stroke-opacity="0.35" stroke-width="1">${mark}</text>
      <path d="M0 ${tile} L${tile} 0" stroke="rgb(255,255,255)" stroke-opacity="0.25" stroke-width="${Math.max(1, Math.round(tile / 90))}"/>
    </pattern>
  </defs>
  <rect width="100%" height="100%" fill="url(#mark)"/>
</svg>`,
  );
}

/** Resized to fit the preview size, oriented by its EXIF, with and without the mark, as JPEG. */
async function derive(input: sharp.Sharp): Promise<MediaImages> {
  const { data, info } = await input
    .rotate()
    .resize({
      width: mediaLimits.previewSize,
      height: mediaLimits.previewSize,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: { r: 255, g: 255, b: 255 } })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [preview, display] = await Promise.all([
    sharp(data, raw)
      .composite([{ input: watermarkSvg(info.width, info.height), top: 0, left: 0 }])
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer(),
    sharp(data, raw).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
  ]);
  return { width: info.width, height: info.height, preview, display };
}

/** A photo's size and its small images; a file sharp cannot decode is `null` (not a picture after all). */
export async function photoImages(
  original: Buffer,
): Promise<(MediaImages & { originalWidth: number; originalHeight: number }) | null> {
  try {
    const source = sharp(original, { limitInputPixels: mediaLimits.photoMaxPixels, failOn: 'error' });
    const meta = await source.metadata();
    if (!meta.width || !meta.height) return null;
    // Orientations 5–8 turn the picture a quarter: its width and height as people see them swap.
    const turned = (meta.orientation ?? 1) >= 5;
    const images = await derive(source.clone().raw());
    return {
      ...images,
      originalWidth: turned ? meta.height : meta.width,
      originalHeight: turned ? meta.width : meta.height,
    };
  } catch {
    return null;
  }
}

/** The poster people see when no frame can be taken: a dark frame with a play mark and the word «Видео». */
export async function placeholderPoster(width = 1280, height = 720): Promise<Buffer> {
  const size = Math.round(Math.min(width, height) / 4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="rgb(28,40,68)"/><stop offset="1" stop-color="rgb(12,16,28)"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width / 2}" cy="${height / 2 - size / 4}" r="${size / 2}" fill="rgb(255,255,255)" fill-opacity="0.15"/>
  <path d="M${width / 2 - size / 6} ${height / 2 - size / 4 - size / 4} L${width / 2 + size / 4} ${height / 2 - size / 4} L${width / 2 - size / 6} ${height / 2 - size / 4 + size / 4} Z" fill="rgb(255,255,255)"/>
  <text x="${width / 2}" y="${height / 2 + size / 2 + size / 6}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(size / 4)}" text-anchor="middle" fill="rgb(255,255,255)">Видео</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Where ffmpeg is (`FFMPEG_PATH`, default `ffmpeg` on the PATH), and whether it runs, asked once. */
export class VideoFrames {
  private available: Promise<boolean> | null = null;

  constructor(private readonly ffmpeg: string = process.env['FFMPEG_PATH'] ?? 'ffmpeg') {}

  /** Whether poster frames come from the video (ffmpeg runs here), or are the placeholder. */
  isAvailable(): Promise<boolean> {
    this.available ??= new Promise((resolve) => {
      execFile(this.ffmpeg, ['-hide_banner', '-version'], { timeout: 10_000 }, (error) => resolve(!error));
    });
    return this.available;
  }

  /**
   * A frame of the video as PNG (a second in, or the first for a shorter clip), or `null` when ffmpeg is
   * absent or cannot read it: then the caller uses {@link placeholderPoster}. The video goes through a
   * private temporary file (ffmpeg seeks in MP4s), removed at once.
   */
  async frame(video: Buffer): Promise<Buffer | null> {
    if (!(await this.isAvailable())) return null;
    const dir = await mkdtemp(join(tmpdir(), 'media-video-'));
    try {
      const file = join(dir, 'video');
      await writeFile(file, video, { mode: 0o600 });
      for (const seek of ['1', '0']) {
        const frame = await this.run([
          '-hide_banner',
          '-loglevel',
          'error',
          '-ss',
          seek,
          '-i',
          file,
          '-frames:v',
          '1',
          '-f',
          'image2pipe',
          '-vcodec',
          'png',
          '-',
        ]);
        if (frame && frame.length > 0) return frame;
      }
      return null;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private run(args: string[]): Promise<Buffer | null> {
    return new Promise((resolve) => {
      execFile(
        this.ffmpeg,
        args,
        { encoding: 'buffer', timeout: 30_000, maxBuffer: 32 * 1024 * 1024 },
        (error, stdout) => resolve(error ? null : stdout),
      );
    });
  }
}

/** A video's poster images: a frame of it when ffmpeg can take one, else the placeholder; marked and not. */
export async function videoImages(
  frames: VideoFrames,
  video: Buffer,
): Promise<MediaImages & { fromVideo: boolean }> {
  const frame = await frames.frame(video);
  const source = frame ?? (await placeholderPoster());
  return { ...(await derive(sharp(source).raw())), fromVideo: frame !== null };
}
