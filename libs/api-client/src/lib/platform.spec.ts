import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import { platformGet, platformPost, platformRecordGet, platformRecordList } from './platform';
import { resetPublicConfigForTests } from './public-config';

function platformUrlOf(relative: string): string {
  const query = new URL(relative, 'http://portal.test/').searchParams;
  expect([...query.keys()]).toEqual(['url']);
  return query.get('url') ?? '';
}

describe('platform proxy requests', () => {
  afterEach(() => resetPublicConfigForTests());

  it('reads send the input as data={json}, encoded once, to the module the script lives in', () => {
    const request = platformGet('getEvents', { search: 'Кубок & 100% «Open»', size: 5 });
    expect(request.method).toBe('GET');
    const url = platformUrlOf(request.url);
    const [path, query] = url.split('?');
    expect(path).toBe(`/api/extensions/${sandboxPublicConfig.extensions.functions}/script/getEvents`);
    expect(query?.startsWith('data=')).toBe(true);
    // The path part carries no escapes; data is one level of percent-encoding over plain JSON.
    expect(path).not.toContain('%');
    expect(JSON.parse(decodeURIComponent(query?.slice('data='.length) ?? ''))).toEqual({
      search: 'Кубок & 100% «Open»',
      size: 5,
    });
  });

  it('writes put the input in the body and the path alone in url', () => {
    const request = platformPost('changeCompetitionRequestState', {
      requestId: 'r-1',
      requestState: 'cancelled',
    });
    expect(request).toMatchObject({ method: 'POST', body: { requestId: 'r-1', requestState: 'cancelled' } });
    expect(platformUrlOf(request.url)).toBe(
      `/api/extensions/${sandboxPublicConfig.extensions.requests}/script/changeCompetitionRequestState`,
    );
  });

  it('record reads name the namespace, app and id', () => {
    expect(platformUrlOf(platformRecordGet('sportsman', 'abc-1').url)).toBe(
      '/pub/v1/app/sport/sportsman/abc-1/get',
    );
  });

  it('record lists send the list body as data={json}', () => {
    const url = platformUrlOf(platformRecordList('offer', { size: 10 }).url);
    expect(url).toBe(`/pub/v1/app/sport/offer/list?data=${encodeURIComponent('{"size":10}')}`);
  });
});
