import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import type { PlatformScriptName } from '@fed/contracts';

export interface ScriptCall {
  /** The script's input: `data` of a read, the body of a write. */
  input: unknown;
  request: Request;
}

/** The script a proxy call names (`/api/proxy?url=/api/extensions/{module}/script/{name}?data=…`), and its data. */
function scriptCall(request: Request): { name: string; data: string | null } | null {
  const target = new URL(request.url).searchParams.get('url');
  if (!target) return null;
  const url = new URL(target, 'http://platform');
  const name = /\/script\/([^/]+)$/.exec(url.pathname)?.[1];
  return name ? { name, data: url.searchParams.get('data') } : null;
}

/**
 * An msw handler for one platform script behind the api's proxy. Handlers of other scripts fall through
 * (an msw resolver that answers nothing passes the request on).
 */
export function onScript(
  name: PlatformScriptName,
  answer: (call: ScriptCall) => Response | Promise<Response>,
): ReturnType<typeof http.all> {
  const resolver: HttpResponseResolver = async ({ request }) => {
    const call = scriptCall(request);
    if (call?.name !== name) return undefined;
    const input: unknown =
      request.method === 'GET' ? (call.data ? JSON.parse(call.data) : null) : await request.clone().json();
    return answer({ input, request });
  };
  return http.all('*/api/proxy', resolver);
}

/** The api's error shape, as the proxy answers a refused or failed call. */
export function apiError(statusCode: number, message: string, code = 'upstream_rejected') {
  return HttpResponse.json({ statusCode, code, message }, { status: statusCode });
}

/** The client error log the base query reports failures to. */
export const clientLog = http.post('*/log', () => new HttpResponse(null, { status: 204 }));
