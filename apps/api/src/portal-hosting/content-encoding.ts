import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the api answers with, best first: brotli, then gzip, then the bytes as they are. */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The file the portal build writes beside a text file for each encoding (tools/vite/compress-plugin.ts). */
export const ENCODED_SUFFIX = { br: '.br', gzip: '.gz' } as const;

/**
 * The best encoding a request's `Accept-Encoding` allows, in the api's order br > gzip > identity; `q=0`
 * refuses a coding, named or through `*`. Without the header, or when it refuses everything (identity too),
 * the bytes go as they are: a 406 would leave the visitor with no page at all.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...parameters] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    // A coding named twice keeps its lowest quality: a refusal is never overridden.
    quality.set(name, Math.min(q, quality.get(name) ?? q));
  }
  const accepts = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || accepts('x-gzip')) return 'gzip';
  return 'identity';
}

/**
 * One text answer in every encoding, compressed when first asked for and kept: the portal's page, which the api
 * writes itself (the public configuration inside) and so cannot take from the build. Strong ETags, one per
 * encoding, from the content's hash.
 */
export class EncodedText {
  private readonly encoded = new Map<ContentEncoding, Buffer>();
  private readonly hash: string;

  constructor(readonly identity: Buffer) {
    this.hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    this.encoded.set('identity', identity);
  }

  body(encoding: ContentEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (body === undefined) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
              },
            })
          : gzipSync(this.identity, { level: 9 });
      this.encoded.set(encoding, body);
    }
    return body;
  }

  etag(encoding: ContentEncoding): string {
    return encoding === 'identity' ? `"${this.hash}"` : `"${this.hash}-${encoding}"`;
  }
}
