import { HttpException } from '@nestjs/common';
import type { ApiError } from '@fed/contracts';
import type { ProxyService } from '../proxy/proxy.service';

const PROXY_PATH = '/api/proxy';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

function errorAnswer(error: unknown): Response {
  if (error instanceof HttpException) {
    const answer = error.getResponse();
    const body: ApiError =
      typeof answer === 'object' && answer !== null && 'code' in answer
        ? ({ statusCode: error.getStatus(), ...(answer as Omit<ApiError, 'statusCode'>) } as ApiError)
        : { statusCode: error.getStatus(), code: 'error', message: error.message };
    return json(error.getStatus(), body);
  }
  const body: ApiError = { statusCode: 502, code: 'bad_gateway', message: 'Платформа недоступна' };
  return json(502, body);
}

/**
 * The server renderer's requests answered inside the api: a page's reads are the portal's proxy reads made as a
 * guest (no caller, no headers of the visitor), through the same `ProxyService.handle` as `GET /api/proxy` —
 * its allowlist, policy and answer filter — without a loopback HTTP round trip per read. Anything else the
 * renderer asks for (its client log) is answered as done, for nothing is sent from a render.
 */
export function inProcessFetch(proxy: ProxyService): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname !== PROXY_PATH) return new Response(null, { status: 204 });
    if (request.method !== 'GET') {
      return json(405, { statusCode: 405, code: 'method_not_allowed', message: 'Страница только читает' });
    }
    try {
      const answer = await proxy.handle({
        method: 'GET',
        requestTarget: `${url.pathname}${url.search}`,
        body: undefined,
        caller: null,
        userId: undefined,
      });
      return new Response(answer.body, {
        status: answer.status,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
    } catch (error) {
      return errorAnswer(error);
    }
  };
}
