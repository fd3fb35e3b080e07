import { snapImageQuality, snapImageSize, type ImageFormat } from '@fed/contracts';

export interface ImageOptions {
  /** Device pixels; served as the next allowed size up (`IMAGE_SIZES`). */
  width?: number;
  /** Device pixels; served as the next allowed size up (`IMAGE_SIZES`). */
  height?: number;
  /** 1–100; served as the next allowed step up (`IMAGE_QUALITIES`). */
  quality?: number;
  format?: ImageFormat;
}

/**
 * The address of a platform file resized by the api's image proxy: `/api/img/{modifiers}/file/{id}`.
 * Sizes and quality are snapped here exactly as the api snaps them, so the browser asks for the one
 * address the api caches and two slots of nearly the same size share one image.
 */
export function imageUrl(
  fileId: string,
  { width, height, quality, format = 'webp' }: ImageOptions = {},
): string {
  const modifiers = [
    width && `w_${snapImageSize(width)}`,
    height && `h_${snapImageSize(height)}`,
    quality && `q_${snapImageQuality(quality)}`,
    `f_${format}`,
  ].filter(Boolean);
  return `/api/img/${modifiers.join(',')}/file/${encodeURIComponent(fileId)}`;
}
