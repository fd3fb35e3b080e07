import { mediaPhotoMimeTypes, type MediaKind, type MediaMimeType } from '@fed/contracts';

/** Bytes enough to tell every accepted type apart (an `ftyp` box's brand, WebM's EBML DocType). */
export const MEDIA_SIGNATURE_BYTES = 64;

const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * A photo's or video's type by its first bytes, never by its name or declared type: JPEG `FF D8 FF`, PNG's
 * eight bytes, WebP `RIFF····WEBP`; an ISO media file's `ftyp` box at offset 4 (brand `qt  ` QuickTime,
 * any other brand MP4), and an EBML header (`1A 45 DF A3`) whose DocType is `webm`. Anything else is `null`
 * (an HTML page renamed `.jpg` included).
 */
export function detectMediaType(bytes: Uint8Array): MediaMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return 'image/webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp') {
    return ascii(bytes, 8, 4) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 0, bytes.length).includes('webm')) {
    return 'video/webm';
  }
  return null;
}

export function mediaKindOf(type: MediaMimeType): MediaKind {
  return (mediaPhotoMimeTypes as readonly string[]).includes(type) ? 'photo' : 'video';
}

/** The file extension of each media type: a stored name's, and a name's in a zip. */
export const MEDIA_EXTENSIONS: Record<MediaMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const UNSAFE = /[\u0000-\u001f\u007f"<>:|?*\\/]/g;

/** A stored name: no directories or control characters, a stem of at most 100, the real type's extension. */
export function mediaFileName(raw: string, type: MediaMimeType): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
  const dot = clean.lastIndexOf('.');
  const stem = (dot > 0 ? clean.slice(0, dot) : clean).replace(/^\.+/, '').slice(0, 100).trim();
  return `${stem || 'file'}.${MEDIA_EXTENSIONS[type]}`;
}
