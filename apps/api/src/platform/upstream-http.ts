import { systemClock } from '@fed/calendar';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { ApiException } from '../common/api-exception.filter';

/**
 * The api's one HTTP client for the systems behind it (the platform, the suggestions service): node's own
 * http/https with keep-alive agents (ADR 0011 says why not axios or fetch), an overall deadline, a size cap,
 * no redirects, no environment proxy, no header of the caller's. Any status comes back as an answer; only
 * transport failures throw: 504 past the deadline, 502 otherwise. {@link upstreamStatusError} maps an
 * answer's status to the api's error, in one place for every caller.
 */

/** Names the upstream in error messages; never a URL with its query or any credential. */
export type UpstreamName = 'Платформа' | 'Сервис подсказок' | 'Платёжный сервис';

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Sent as they are: the caller's own headers are never copied here. */
  headers: Record<string, string>;
  /** Sent as it is; set `Content-Type` in `headers`. */
  body?: Buffer | string;
  /** Covers connecting, the headers and the whole body. */
  timeoutMs: number;
  /** Largest body accepted; bigger is a 502 `upstream_too_large`. */
  maxBytes: number;
}

export interface UpstreamAnswer {
  status: number;
  /** Lower-case names; repeated headers joined as node joins them. */
  headers: Record<string, string>;
  body: Buffer;
}

/** An answer whose body is read by the caller, within the same deadline. */
export interface UpstreamStream {
  status: number;
  headers: Record<string, string>;
  body: Readable;
  /** Whether the deadline has passed (then the body fails with a reset). */
  timedOut(): boolean;
}

/** A transport failure: the deadline passed, the connection failed, or the body was too large. */
export class UpstreamTransportError extends Error {
  constructor(readonly failure: 'timeout' | 'network' | 'too_large') {
    super(`upstream ${failure}`);
    this.name = 'UpstreamTransportError';
  }
}

/**
 * Keep-alive sized for the load: as many idle connections kept as may be open at once. With fewer kept free
 * (it was 32 of 128), a burst of more than that many answers closed the surplus sockets only for the next
 * burst to open them again: a TCP connect and close per request past the 32nd under load. LIFO reuses the
 * most recent, so under light load the rest idle until the platform's keep-alive timeout closes them.
 */
export const AGENT_OPTIONS = {
  keepAlive: true,
  maxSockets: 256,
  maxFreeSockets: 256,
  scheduling: 'lifo',
} as const;

/**
 * Kept-alive connections a GET may find closed by the upstream in a row before it fails: each one found so is
 * dropped from the pool, so a few retries reach a fresh connection.
 */
const MAX_STALE_RETRIES = 3;
/** Parsed URLs a client keeps; past it the memory starts over. */
const URLS_KEPT = 1000;

/** The keep-alive connections of one client; destroyed with the module that owns it. */
export class UpstreamHttp {
  private readonly http = new HttpAgent(AGENT_OPTIONS);
  private readonly https = new HttpsAgent(AGENT_OPTIONS);

  /** Parsed URLs by their text: a client calls the same few again and again (node reads, never changes, them). */
  private readonly urls = new Map<string, URL | null>();

  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }

  private urlOf(text: string): URL | null {
    let url = this.urls.get(text);
    if (url === undefined) {
      try {
        url = new URL(text);
      } catch {
        url = null;
      }
      if (this.urls.size >= URLS_KEPT) this.urls.clear();
      this.urls.set(text, url);
    }
    return url;
  }

  /** One call with its body read into memory (up to `maxBytes`). */
  async request(request: UpstreamRequest): Promise<UpstreamAnswer> {
    const { status, headers, body, timedOut } = await this.open(request);
    // Events rather than `for await`: no async iterator and promise per chunk on the proxy's hot path.
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const fail = (failure: UpstreamTransportError['failure']) => {
        if (settled) return;
        settled = true;
        reject(new UpstreamTransportError(failure));
      };
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > request.maxBytes) {
          fail('too_large');
          body.destroy();
          return;
        }
        chunks.push(chunk);
      });
      body.once('end', () => {
        if (settled) return;
        settled = true;
        resolve({ status, headers, body: Buffer.concat(chunks, size) });
      });
      const broken = () => fail(timedOut() ? 'timeout' : 'network');
      body.once('error', broken);
      // A body cut short (a reset, the deadline) closes without `end`.
      body.once('close', broken);
    });
  }

  /**
   * One call whose body the caller reads: the deadline keeps running while it does (a stalled body is
   * destroyed with an error), and a body over `maxBytes` is cut with an error.
   */
  open(request: UpstreamRequest): Promise<UpstreamStream> {
    return this.attempt(request, performance.now() + request.timeoutMs, MAX_STALE_RETRIES);
  }

  /**
   * One try of `open`, within the deadline at `deadlineAt` (`performance.now()` time). A GET whose kept-alive
   * connection turns out closed by the upstream before any answer (its keep-alive timeout passed just as the
   * connection was reused: a reset) is sent again, up to `retries` times — what node's documentation of
   * `request.reusedSocket` advises. A POST never is: the upstream may have acted on it.
   */
  private attempt(request: UpstreamRequest, deadlineAt: number, retries: number): Promise<UpstreamStream> {
    return new Promise((resolve, reject) => {
      const url = this.urlOf(request.url);
      if (url === null) {
        reject(new UpstreamTransportError('network'));
        return;
      }
      const secure = url.protocol === 'https:';
      if (!secure && url.protocol !== 'http:') {
        reject(new UpstreamTransportError('network'));
        return;
      }
      const headers: Record<string, string> = { ...request.headers };
      if (request.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(request.body));
      const send = secure ? httpsRequest : httpRequest;
      const outgoing = send(url, { method: request.method, headers, agent: secure ? this.https : this.http });
      // One timer covers connecting, the headers and the whole body: a plain timer per call costs less than
      // an `AbortSignal.timeout` (a weak timer and a finalizer each), and destroying the request ends both.
      let expired = false;
      let answered = false;
      const deadline = setTimeout(
        () => {
          expired = true;
          outgoing.destroy(new UpstreamTransportError('timeout'));
        },
        Math.max(0, deadlineAt - performance.now()),
      );
      const done = () => clearTimeout(deadline);
      outgoing.on('error', () => {
        done();
        if (!expired && !answered && retries > 0 && request.method === 'GET' && outgoing.reusedSocket) {
          resolve(this.attempt(request, deadlineAt, retries - 1));
          return;
        }
        reject(new UpstreamTransportError(expired ? 'timeout' : 'network'));
      });
      outgoing.once('response', (response: IncomingMessage) => {
        answered = true;
        response.once('close', done);
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > request.maxBytes) {
          response.destroy();
          reject(new UpstreamTransportError('too_large'));
          return;
        }
        resolve({
          status: response.statusCode ?? 502,
          headers: flatHeaders(response),
          body: response,
          timedOut: () => expired,
        });
      });
      outgoing.end(request.body);
    });
  }
}

function flatHeaders(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  return headers;
}

/**
 * An `ApiException` carrying response headers (`Retry-After`) for the api's error filter, which sets
 * `exception.headers` on the answer.
 */
function withHeaders(exception: ApiException, headers: Record<string, string>): ApiException {
  return Object.assign(exception, { headers });
}

function upstreamTimeout(name: UpstreamName): ApiException {
  return new ApiException(504, { code: 'gateway_timeout', message: `${name}: ответ не получен вовремя` });
}

export function upstreamFailure(name: UpstreamName, reason = 'нет связи'): ApiException {
  return new ApiException(502, { code: 'bad_gateway', message: `${name}: ${reason}` });
}

export function upstreamTooLarge(name: UpstreamName): ApiException {
  return new ApiException(502, { code: 'upstream_too_large', message: `${name}: слишком большой ответ` });
}

/** The api's answer to a transport failure. */
export function transportFailure(name: UpstreamName, error: UpstreamTransportError): ApiException {
  if (error.failure === 'timeout') return upstreamTimeout(name);
  if (error.failure === 'too_large') return upstreamTooLarge(name);
  return upstreamFailure(name);
}

/** One call whose transport failure is already the api's answer (502 or 504), for callers that relay it. */
export async function callUpstream(
  http: UpstreamHttp,
  name: UpstreamName,
  request: UpstreamRequest,
): Promise<UpstreamAnswer> {
  try {
    return await http.request(request);
  } catch (error) {
    throw error instanceof UpstreamTransportError ? transportFailure(name, error) : error;
  }
}

/** Wait this long when an upstream refuses for rate without saying for how long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;
/** A longer wait than this is not passed on: the caller may try again within the hour. */
const MAX_RETRY_AFTER_SECONDS = 3600;

/** Seconds of a `Retry-After` (delta-seconds or an HTTP date), within 1 s – 1 h; a default when absent. */
export function retryAfterSeconds(value: string | undefined, now = systemClock.now()): number {
  if (value !== undefined) {
    const trimmed = value.trim();
    const seconds = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : (Date.parse(trimmed) - now) / 1000;
    if (Number.isFinite(seconds)) return Math.min(Math.max(Math.ceil(seconds), 1), MAX_RETRY_AFTER_SECONDS);
  }
  return DEFAULT_RETRY_AFTER_SECONDS;
}

/** 429 with `Retry-After` and the Russian «повторите через N с». */
export function upstreamRateLimited(name: UpstreamName, seconds: number): ApiException {
  return withHeaders(
    new ApiException(429, {
      code: 'upstream_rate_limited',
      message: `${name}: слишком много запросов — повторите через ${seconds} с`,
    }),
    { 'Retry-After': String(seconds) },
  );
}

/** The answer's body as JSON, or `undefined` when it is not JSON. */
export function jsonOf(answer: UpstreamAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** A short, printable version of an upstream's error text for `ApiError.message`. */
function upstreamMessage(json: unknown, fallback: string): string {
  const record = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const text = [record['error'], record['message'], record['description']].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (text === undefined) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters never reach our JSON errors
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500);
}

/**
 * Maps an upstream error status to our `ApiError`: a 429 becomes our 429 with `Retry-After`; other 4xx pass
 * through with the upstream's message, except 401/403, which mean our own credentials were refused: that
 * is our fault, 502, never a reason for the browser to drop its session. 3xx and 5xx are 502.
 */
export function upstreamStatusError(
  name: UpstreamName,
  answer: Pick<UpstreamAnswer, 'status' | 'headers'> & { body?: Buffer },
): ApiException {
  const { status } = answer;
  if (status === 429) return upstreamRateLimited(name, retryAfterSeconds(answer.headers['retry-after']));
  if (status === 401 || status === 403) return upstreamFailure(name, 'учётные данные сервера отклонены');
  if (status >= 400 && status < 500) {
    const json = answer.body === undefined ? undefined : jsonOf({ ...answer, body: answer.body });
    return new ApiException(status, {
      code: 'upstream_rejected',
      message: upstreamMessage(json, `${name}: запрос отклонён`),
    });
  }
  return upstreamFailure(name, `ошибка ${status}`);
}
