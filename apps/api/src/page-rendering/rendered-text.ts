import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentEncoding } from '../portal-hosting/content-encoding';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page rendered on the server, in every encoding, each compressed when first asked for and kept with it (a
 * cached page is compressed once, not per answer). Brotli 5 and gzip 6 on libuv's pool: a rendered page is made
 * per request when not cached, so the build's best-but-slow levels would cost more than they save.
 */
export class RenderedText {
  private readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();
  private readonly hash: string;

  constructor(readonly identity: Buffer) {
    this.hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    this.encoded.set('identity', Promise.resolve(identity));
  }

  body(encoding: ContentEncoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (body === undefined) {
      body = (
        encoding === 'br'
          ? brotli(this.identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
              },
            })
          : gzipAsync(this.identity, { level: 6 })
      ).catch(() => {
        // A failure to compress is not kept: the next answer tries again.
        this.encoded.delete(encoding);
        return Promise.reject(new Error(`the page could not be compressed (${encoding})`));
      });
      this.encoded.set(encoding, body);
    }
    return body;
  }

  etag(encoding: ContentEncoding): string {
    return encoding === 'identity' ? `"${this.hash}"` : `"${this.hash}-${encoding}"`;
  }

  /** Bytes it may hold: the page, and its compressed variants at most as much again. */
  get weight(): number {
    return this.identity.length * 2;
  }
}
