import type { UploadMimeType } from '@fed/contracts';

/** Bytes enough to tell every accepted type apart. */
export const SIGNATURE_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The type of a file by its first bytes (its "magic number"), never by its name or declared type:
 * JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, WebP `RIFF····WEBP`, PDF `%PDF-`. Anything else is `null`.
 */
export function detectFileType(bytes: Uint8Array): UploadMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

const EXTENSIONS: Record<UploadMimeType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f"<>:|?*]/g;

/**
 * A file name safe to store and to send back in `Content-Disposition`: no directories, no control or
 * quoting characters, a stem of at most 100 characters, and an extension that matches the real type (a PNG
 * sent as `scan.exe` is kept as `scan.png`).
 */
export function storedFileName(raw: string, type: UploadMimeType): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(UNSAFE_NAME_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
  const allowed = EXTENSIONS[type];
  const stem = (dot > 0 ? clean.slice(0, dot) : clean).replace(/^\.+/, '').slice(0, 100).trim();
  return `${stem || 'file'}.${allowed.includes(extension) ? extension : allowed[0]}`;
}
