import type { Request } from 'express';
import { ELMA_TWIN_PREFIX, type ResolvedElmaTwinOptions } from '../core/elma-options';

/** Base URL of the twin as this caller reached it (or as configured), for links it hands out. */
export function twinBaseUrl(request: Request, options: ResolvedElmaTwinOptions): string {
  if (options.publicUrl) return options.publicUrl;
  return `${request.protocol}://${request.get('host') ?? '127.0.0.1'}/${ELMA_TWIN_PREFIX}`;
}
