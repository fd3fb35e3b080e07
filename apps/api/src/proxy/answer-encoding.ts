import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { preferredEncoding } from '../portal-hosting/content-encoding';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers smaller than this go as they are: they fit a packet or two either way. */
export const COMPRESS_FROM_BYTES = 1024;

/** How a proxy answer is compressed: brotli, gzip, or not at all (`null`). */
export type AnswerEncoding = 'br' | 'gzip' | null;

/** The choice per `Accept-Encoding` value: browsers send a handful of them, each parsed once. */
const choices = new Map<string, AnswerEncoding>();
/** Values remembered at most; past it the memory starts over (a client may send anything). */
const CHOICES_KEPT = 64;

/**
 * The best encoding the request accepts for an answer of `length` bytes (br > gzip > as it is), decided at once:
 * an answer that goes as it is (small, or nothing accepted) waits for nothing.
 */
export function answerEncodingFor(length: number, acceptEncoding: string | undefined): AnswerEncoding {
  if (length < COMPRESS_FROM_BYTES || !acceptEncoding) return null;
  let encoding = choices.get(acceptEncoding);
  if (encoding === undefined) {
    const preferred = preferredEncoding(acceptEncoding);
    encoding = preferred === 'br' || preferred === 'gzip' ? preferred : null;
    if (choices.size >= CHOICES_KEPT) choices.clear();
    choices.set(acceptEncoding, encoding);
  }
  return encoding;
}

/**
 * A proxy answer compressed as `answerEncodingFor` chose. Compressed per answer, so at levels that cost little
 * (brotli 4, gzip 6: a 30 kB events page becomes about 4 kB in well under a millisecond), on libuv's pool rather
 * than the event loop. A failure to compress sends the bytes as they are.
 */
export async function encodeAnswer(
  body: Buffer,
  encoding: Exclude<AnswerEncoding, null>,
): Promise<{ body: Buffer; encoding: AnswerEncoding }> {
  try {
    if (encoding === 'br') {
      const params = {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      };
      return { body: await brotli(body, { params }), encoding };
    }
    return { body: await gzipAsync(body, { level: 6 }), encoding };
  } catch {
    return { body, encoding: null };
  }
}
