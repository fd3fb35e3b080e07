import type { HttpService } from '@nestjs/axios';
import { isAxiosError, type AxiosResponse } from 'axios';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { firstValueFrom } from 'rxjs';
import { ApiException } from '../common/api-exception.filter';

/** Keep-alive agents shared by the gateway's upstream calls (one pair per module instance). */
export class UpstreamAgents {
  readonly http = new HttpAgent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32 });
  readonly https = new HttpsAgent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 32 });

  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Sent as they are: the caller's own headers are never copied here. */
  headers: Record<string, string>;
  /** Serialized as JSON. */
  body?: unknown;
  timeoutMs: number;
  maxBytes: number;
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * An `ApiException` carrying response headers (`Retry-After`) for the api's error filter, which sets
 * `exception.headers` on the answer.
 */
export function withHeaders(exception: ApiException, headers: Record<string, string>): ApiException {
  return Object.assign(exception, { headers });
}

/** Names the upstream in error messages; never a URL with its query or any credential. */
export type UpstreamName = 'Платформа' | 'Сервис подсказок';

export function upstreamTimeout(name: UpstreamName): ApiException {
  return new ApiException(504, { code: 'gateway_timeout', message: `${name}: ответ не получен вовремя` });
}

export function upstreamFailure(name: UpstreamName, reason = 'нет связи'): ApiException {
  return new ApiException(502, { code: 'bad_gateway', message: `${name}: ${reason}` });
}

/**
 * One HTTP call upstream through @nestjs/axios: no redirects, no environment proxy, keep-alive agents,
 * an overall deadline (`timeoutMs` covers connect, headers and body) and a size cap. Any status comes
 * back as an answer; only transport failures throw, as 504 (deadline) or 502 (everything else).
 */
export async function callUpstream(
  http: HttpService,
  agents: UpstreamAgents,
  name: UpstreamName,
  request: UpstreamRequest,
): Promise<UpstreamAnswer> {
  let response: AxiosResponse<ArrayBuffer>;
  try {
    response = await firstValueFrom(
      http.request<ArrayBuffer>({
        method: request.method,
        url: request.url,
        headers: request.headers,
        data: request.body === undefined ? undefined : JSON.stringify(request.body),
        timeout: request.timeoutMs,
        signal: AbortSignal.timeout(request.timeoutMs),
        httpAgent: agents.http,
        httpsAgent: agents.https,
        maxRedirects: 0,
        proxy: false,
        responseType: 'arraybuffer',
        transformResponse: [(data: unknown) => data],
        validateStatus: () => true,
        maxContentLength: request.maxBytes,
        maxBodyLength: 1024 * 1024,
      }),
    );
  } catch (error) {
    if (isAxiosError(error)) {
      const code = error.code ?? '';
      if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === 'ERR_CANCELED') {
        throw upstreamTimeout(name);
      }
      if (code === 'ERR_BAD_RESPONSE' && /maxContentLength/.test(error.message)) {
        throw new ApiException(502, {
          code: 'upstream_too_large',
          message: `${name}: слишком большой ответ`,
        });
      }
    }
    throw upstreamFailure(name);
  }
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers[key.toLowerCase()] = value;
  }
  return { status: response.status, headers, body: Buffer.from(response.data) };
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
export function upstreamMessage(json: unknown, fallback: string): string {
  const record = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const text = [record['error'], record['message'], record['description']].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (text === undefined) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters never reach our JSON errors
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500);
}

/**
 * Maps an upstream error status to our `ApiError`: its 4xx pass through with its message (a 429 with its
 * `Retry-After`), except 401/403, which mean our own credentials were refused: that is our fault, 502,
 * never a reason for the browser to drop its session. 3xx and 5xx are 502.
 */
export function upstreamStatusError(name: UpstreamName, answer: UpstreamAnswer): ApiException {
  const { status } = answer;
  if (status === 401 || status === 403) return upstreamFailure(name, 'учётные данные сервера отклонены');
  if (status >= 400 && status < 500) {
    const retryAfter = answer.headers['retry-after'];
    const headers: Record<string, string> =
      status === 429 && retryAfter !== undefined && /^\d{1,6}$/.test(retryAfter)
        ? { 'Retry-After': retryAfter }
        : {};
    return withHeaders(
      new ApiException(status, {
        code: 'upstream_rejected',
        message: upstreamMessage(jsonOf(answer), `${name}: запрос отклонён`),
      }),
      headers,
    );
  }
  return upstreamFailure(name, `ошибка ${status}`);
}
