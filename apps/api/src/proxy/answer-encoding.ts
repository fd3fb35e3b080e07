import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { preferredEncoding } from '../portal-hosting/content-encoding';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers smaller than this go as they are: they fit a packet or two either way. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * A proxy answer in the best encoding the request accepts (br > gzip > as it is). Compressed per answer, so at
 * levels that cost little (brotli 4, gzip 6: a 30 kB events page becomes about 4 kB in well under a
 * millisecond), on libuv's pool rather than the event loop. A failure to compress sends the bytes as they are.
 */
export async function encodeAnswer(
  body: Buffer,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding: 'br' | 'gzip' | null }> {
  if (body.length < COMPRESS_FROM_BYTES) return { body, encoding: null };
  const encoding = preferredEncoding(acceptEncoding);
  try {
    if (encoding === 'br') {
      const params = {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      };
      return { body: await brotli(body, { params }), encoding };
    }
    if (encoding === 'gzip') return { body: await gzipAsync(body, { level: 6 }), encoding };
  } catch {
    // Sent as it is below.
  }
  return { body, encoding: null };
}
