import { http, HttpResponse, type HttpHandler } from 'msw';
import type { ScriptInput, ScriptOutput } from '@fed/api-client';
import { PLATFORM_NAMESPACE, type PlatformAppCode, type PlatformScriptName } from '@fed/contracts';

/** What a script handler may answer: the script's typed answer (sent as JSON), or any response (a refusal). */
export type ScriptAnswer<Name extends PlatformScriptName> = ScriptOutput<Name> | Response;

/** An msw handler that also keeps, in order, the input of every call it answered. */
export type RecordingHandler<Input> = HttpHandler & { readonly calls: Input[] };

/** The platform path a proxy call names (`/api/proxy?url=…`), parsed against a placeholder origin. */
function platformTarget(request: Request): URL | null {
  const url = new URL(request.url).searchParams.get('url');
  return url ? new URL(url, 'http://platform') : null;
}

/**
 * The platform script `name` behind the api's proxy (`/api/proxy?url=/api/extensions/{module}/script/{name}`),
 * typed by the script registry of `libs/contracts`: `answer` gets the script's input as the portal sent it
 * (`data` of a read, the body of a write) and returns the script's answer or a response. Calls to other
 * scripts fall through to the next handler. `handler.calls` holds every input, for asserting what was asked.
 */
export function platformScript<Name extends PlatformScriptName>(
  name: Name,
  answer: (input: ScriptInput<Name>, request: Request) => ScriptAnswer<Name> | Promise<ScriptAnswer<Name>>,
): RecordingHandler<ScriptInput<Name>> {
  const calls: ScriptInput<Name>[] = [];
  const handler = http.all('*/api/proxy', async ({ request }) => {
    const target = platformTarget(request);
    if (!target?.pathname.endsWith(`/script/${name}`)) return undefined;
    const data = target.searchParams.get('data');
    const input = (
      request.method === 'GET' ? JSON.parse(data ?? 'null') : await request.clone().json()
    ) as ScriptInput<Name>;
    calls.push(input);
    const answered = await answer(input, request);
    return answered instanceof Response ? answered : HttpResponse.json(answered as object);
  });
  return Object.assign(handler, { calls });
}

/**
 * Record reads of a platform app through the proxy (`/pub/v1/app/{ns}/{app}/{id}/get`, as ELMA answers them)
 * from `records` by id; an id not given answers 404, as the platform does for unknown records (start-up then
 * keeps what the accounts list told). `handler.calls` holds every id read; `onRead` hears each read as it comes,
 * for tests that interleave it with other calls.
 */
export function platformRecords(
  app: PlatformAppCode,
  records: Record<string, object> = {},
  onRead?: (id: string) => void,
): RecordingHandler<string> {
  const calls: string[] = [];
  const path = new RegExp(`^/pub/v1/app/${PLATFORM_NAMESPACE}/${app}/([^/]+)/get$`);
  const handler = http.get('*/api/proxy', ({ request }) => {
    const id = path.exec(platformTarget(request)?.pathname ?? '')?.[1];
    if (id === undefined) return undefined;
    calls.push(id);
    onRead?.(id);
    const item = records[id];
    return item
      ? HttpResponse.json({ success: true, error: '', item })
      : HttpResponse.json({ success: false, error: 'not found' }, { status: 404 });
  });
  return Object.assign(handler, { calls });
}

/** A list read of a platform app (`/pub/v1/app/{ns}/{app}/list`): every record, as one page. */
export function platformRecordList(app: PlatformAppCode, records: readonly object[]): HttpHandler {
  const path = `/pub/v1/app/${PLATFORM_NAMESPACE}/${app}/list`;
  return http.get('*/api/proxy', ({ request }) =>
    platformTarget(request)?.pathname === path
      ? HttpResponse.json({ success: true, error: '', result: { result: records, total: records.length } })
      : undefined,
  );
}

/** The api's JSON error (`ApiError` of `libs/contracts`), as the proxy passes a platform refusal or failure on. */
export function apiError(statusCode: number, message: string, code = 'upstream_rejected'): Response {
  return HttpResponse.json({ statusCode, code, message }, { status: statusCode });
}

/** The client error log (`/log`) the base query reports every failure to: accepted. */
export const clientLog = http.post('*/log', () => new HttpResponse(null, { status: 204 }));
