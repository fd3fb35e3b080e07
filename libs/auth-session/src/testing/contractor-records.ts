import { http, HttpResponse } from 'msw';

/**
 * msw handler for platform record reads through the proxy (`/pub/v1/app/sport/sportsman/{id}/get`), which
 * start-up makes for the active user. Ids not given answer 404 (start-up then keeps what the accounts list
 * told), as the platform does for unknown records.
 */
export function contractorRecordReads(records: Record<string, object> = {}, onRead?: (id: string) => void) {
  return http.get('*/api/proxy', ({ request }) => {
    const target = new URL(request.url).searchParams.get('url') ?? '';
    const id = /\/sportsman\/([^/]+)\/get$/.exec(target)?.[1] ?? '';
    onRead?.(id);
    const item = records[id];
    return item
      ? HttpResponse.json({ success: true, error: '', item })
      : HttpResponse.json({ success: false, error: 'not found' }, { status: 404 });
  });
}
