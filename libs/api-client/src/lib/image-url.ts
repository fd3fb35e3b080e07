export interface ImageOptions {
  width?: number;
  height?: number;
  quality?: number;
  format?: 'webp' | 'avif' | 'jpeg' | 'png';
}

/** The address of a platform file resized by the api's image proxy: `/api/img/{modifiers}/file/{id}`. */
export function imageUrl(
  fileId: string,
  { width, height, quality, format = 'webp' }: ImageOptions = {},
): string {
  const modifiers = [
    width && `w_${Math.round(width)}`,
    height && `h_${Math.round(height)}`,
    quality && `q_${Math.round(quality)}`,
    `f_${format}`,
  ].filter(Boolean);
  return `/api/img/${modifiers.join(',')}/file/${encodeURIComponent(fileId)}`;
}
