import { http, type HttpResponseResolver } from 'msw';
import type { PlatformScriptName } from '@fed/contracts';

/** What a script handler gets: the script's input (GET `data` or POST body) and the request itself. */
export interface ScriptCall {
  input: unknown;
  request: Request;
}

/**
 * An msw handler for one platform script behind the api's proxy (`/api/proxy?url=…/script/{name}`); calls
 * to other scripts fall through to the next handler.
 */
export function platformScript(
  name: PlatformScriptName,
  answer: (call: ScriptCall) => Response | Promise<Response>,
) {
  const resolver: HttpResponseResolver = async ({ request }) => {
    const target = new URL(request.url).searchParams.get('url') ?? '';
    const platformUrl = new URL(target, 'http://platform');
    if (!platformUrl.pathname.endsWith(`/script/${name}`)) return undefined;
    const data = platformUrl.searchParams.get('data');
    const input: unknown =
      request.method === 'GET' ? JSON.parse(data ?? 'null') : await request.clone().json();
    return answer({ input, request });
  };
  return http.all('*/api/proxy', resolver);
}
