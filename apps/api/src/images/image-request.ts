import {
  IMAGE_FORMATS,
  snapImageQuality,
  snapImageSize,
  type ImageFormat,
  type ImageQuality,
  type ImageSize,
} from '@fed/contracts';
import { ApiException } from '../common/api-exception.filter';

/**
 * `/api/img/{modifiers}/{source…}`: the modifiers and the source, parsed from the raw request path.
 *
 * Modifiers, comma-separated, each at most once, in any order: `w_{1-9999}` width, `h_{1-9999}` height
 * (the image fits inside, never enlarged), `q_{1-100}` quality, `f_{webp|avif|jpeg|png}` format.
 * Widths, heights and qualities are snapped up to the steps of `IMAGE_SIZES` and `IMAGE_QUALITIES`
 * (libs/contracts) before anything else sees them: any other number is the same request, the same cache
 * entry, so varying it cannot make new variants.
 * Sources: `file/{id}` a platform disk file; anything else a file of the portal build (`assets/logo.png`).
 */

export interface ImageModifiers {
  width?: ImageSize;
  height?: ImageSize;
  quality?: ImageQuality;
  format?: ImageFormat;
}

export type ImageSource = { kind: 'platform'; fileId: string } | { kind: 'portal'; path: string };

export interface ImageRequest {
  modifiers: ImageModifiers;
  /** The modifiers in one canonical spelling (for cache keys). */
  canonicalModifiers: string;
  source: ImageSource;
}

/** Extensions of portal files the resizer reads (no SVG: it can reference other resources). */
export const PORTAL_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'avif', 'gif'] as const;

const MAX_PATH_LENGTH = 1024;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const NUMBER = /^[1-9]\d{0,3}$/;

function badModifiers(message: string): never {
  throw new ApiException(400, { code: 'image_modifiers_invalid', message });
}

function notFound(): never {
  throw new ApiException(404, { code: 'not_found', message: 'Изображение не найдено' });
}

export function parseModifiers(raw: string): ImageModifiers {
  if (raw === '' || raw.length > 64) badModifiers('Укажите модификаторы: w_, h_, q_, f_');
  const modifiers: ImageModifiers = {};
  for (const token of raw.split(',')) {
    const match = /^([whqf])_(.*)$/.exec(token);
    if (!match) badModifiers(`Неизвестный модификатор «${token.slice(0, 16)}»`);
    const [, key, value = ''] = match;
    const numeric = () => {
      if (!NUMBER.test(value)) badModifiers(`${key}_: нужно целое число без ведущих нулей`);
      return Number(value);
    };
    switch (key) {
      case 'w':
      case 'h': {
        const size = snapImageSize(numeric());
        const name = key === 'w' ? 'width' : 'height';
        if (modifiers[name] !== undefined) badModifiers(`${key}_ указан дважды`);
        modifiers[name] = size;
        break;
      }
      case 'q': {
        const quality = numeric();
        if (quality > 100) badModifiers('q_: от 1 до 100');
        if (modifiers.quality !== undefined) badModifiers('q_ указан дважды');
        modifiers.quality = snapImageQuality(quality);
        break;
      }
      default: {
        if (!(IMAGE_FORMATS as readonly string[]).includes(value)) {
          badModifiers(`f_: один из ${IMAGE_FORMATS.join(', ')}`);
        }
        if (modifiers.format !== undefined) badModifiers('f_ указан дважды');
        modifiers.format = value as ImageFormat;
      }
    }
  }
  return modifiers;
}

export function canonicalModifiers(modifiers: ImageModifiers): string {
  return [
    modifiers.width === undefined ? null : `w_${modifiers.width}`,
    modifiers.height === undefined ? null : `h_${modifiers.height}`,
    modifiers.quality === undefined ? null : `q_${modifiers.quality}`,
    modifiers.format === undefined ? null : `f_${modifiers.format}`,
  ]
    .filter((token) => token !== null)
    .join(',');
}

function decodeSegment(raw: string): string {
  let segment: string;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    return notFound();
  }
  if (!SEGMENT.test(segment) || segment.includes('..')) notFound();
  return segment;
}

/** Parses the path below `/api/img/` (raw, still percent-encoded, without query). */
export function parseImageRequest(rawPath: string): ImageRequest {
  if (rawPath.length > MAX_PATH_LENGTH) notFound();
  const [rawModifiers = '', ...rawSource] = rawPath.split('/');
  let modifiersText: string;
  try {
    modifiersText = decodeURIComponent(rawModifiers);
  } catch {
    return badModifiers('Неверное кодирование модификаторов');
  }
  const modifiers = parseModifiers(modifiersText);
  if (rawSource.length === 0) notFound();
  const segments = rawSource.map(decodeSegment);
  let source: ImageSource;
  if (segments[0] === 'file') {
    const [, fileId = '', ...rest] = segments;
    if (rest.length > 0 || !FILE_ID.test(fileId)) notFound();
    source = { kind: 'platform', fileId };
  } else {
    const last = segments.at(-1) ?? '';
    const extension = last.includes('.') ? last.slice(last.lastIndexOf('.') + 1).toLowerCase() : '';
    if (!(PORTAL_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) notFound();
    source = { kind: 'portal', path: segments.join('/') };
  }
  return { modifiers, canonicalModifiers: canonicalModifiers(modifiers), source };
}
