import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { PlatformScriptName } from '@fed/contracts';

/**
 * An msw handler for one platform script behind the api's proxy (`/api/proxy?url=…/script/{name}`): the
 * resolver gets the script's input, decoded as the proxy would (`data` of a GET, the body of a POST).
 * Other scripts fall through to the next handler.
 */
export function onScript(
  name: PlatformScriptName,
  resolve: (input: Record<string, unknown>) => Response | Promise<Response>,
) {
  return http.all('*/api/proxy', async ({ request }) => {
    const target = new URL(new URL(request.url).searchParams.get('url') ?? '', 'http://platform');
    if (!target.pathname.endsWith(`/script/${name}`)) return undefined;
    const input =
      request.method === 'GET'
        ? (JSON.parse(target.searchParams.get('data') ?? '{}') as Record<string, unknown>)
        : ((await request.json()) as Record<string, unknown>);
    return resolve(input);
  });
}

/** The api's JSON error (`libs/contracts` `ApiError`), as the proxy passes a platform refusal on. */
export function apiError(statusCode: number, message: string, code = 'upstream_rejected') {
  return HttpResponse.json({ statusCode, code, message } satisfies JsonBodyType, { status: statusCode });
}

/** Failures are reported to `/log`; the tests accept the reports. */
export const clientLogHandler = http.post('*/log', () => new HttpResponse(null, { status: 204 }));
