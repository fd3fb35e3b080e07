import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_ID_HEADER } from '@fed/contracts';
import { connectSession, type SessionPort } from './session-port';
import { suggestAddresses, suggestCities, suggestParties } from './suggestions';

type Handler = (request: Request) => Response | Promise<Response>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The page's `fetch`, answering suggestions through `handler` and `/log` with 204; every request kept. */
function server(handler: Handler) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request.clone());
      return new URL(request.url).pathname === '/log'
        ? new Response(null, { status: 204 })
        : handler(request);
    }),
  );
  const ofPath = (path: string) => requests.filter((request) => new URL(request.url).pathname === path);
  return { requests, ofPath };
}

const signedIn = (token: string, userId: string): SessionPort => ({
  accessToken: () => token,
  refreshToken: () => 'refresh-1',
  userId: () => userId,
  tokensRefreshed: () => undefined,
  refreshRefused: () => undefined,
});

const guest: SessionPort = {
  accessToken: () => null,
  refreshToken: () => null,
  userId: () => null,
  tokensRefreshed: () => undefined,
  refreshRefused: () => undefined,
};

describe('suggestions client', () => {
  beforeEach(() => {
    connectSession(guest);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    connectSession(guest);
  });

  it('asks for five address suggestions by default and reads the plain JSON answer', async () => {
    const { requests } = server(() =>
      json({
        suggestions: [
          { value: 'г Казань', unrestricted_value: 'x', data: { city: 'Казань', settlement: null } },
        ],
      }),
    );
    const suggestions = await suggestAddresses('каз');
    expect(suggestions.map((s) => s.value)).toEqual(['г Казань']);
    expect(requests[0]?.method).toBe('POST');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/dadata/address');
    expect(await requests[0]?.json()).toEqual({ query: 'каз', count: 5 });
  });

  it('limits a city field to cities and settlements, and a search to a KLADR area when asked', async () => {
    const { requests } = server(() => json({ suggestions: [] }));
    await suggestCities('тол', new AbortController().signal);
    expect(await requests[0]?.json()).toEqual({
      query: 'тол',
      count: 5,
      from_bound: { value: 'city' },
      to_bound: { value: 'settlement' },
    });
    await suggestAddresses('лен', { kladrId: '1600000100000' });
    expect(await requests[1]?.json()).toEqual({
      query: 'лен',
      count: 5,
      locations: [{ kladr_id: '1600000100000' }],
    });
  });

  it('finds companies, five by default', async () => {
    const { requests } = server(() => json({ suggestions: [] }));
    await suggestParties('7707083893');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/dadata/party');
    expect(await requests[0]?.json()).toEqual({ query: '7707083893', count: 5 });
  });

  it('sends the bearer token and the active user as every call does; a guest sends neither', async () => {
    const { ofPath } = server(() => json({ suggestions: [] }));
    await suggestParties('сбер');
    expect(ofPath('/api/dadata/party')[0]?.headers.has('Authorization')).toBe(false);
    expect(ofPath('/api/dadata/party')[0]?.headers.has(USER_ID_HEADER)).toBe(false);

    connectSession(signedIn('access-1', 'child-2'));
    await suggestCities('каз', new AbortController().signal);
    const [sent] = ofPath('/api/dadata/address');
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(sent?.headers.get(USER_ID_HEADER)).toBe('child-2');
  });

  it('fails loudly on an error answer so the field can say so, and reports it to /log with the headers', async () => {
    connectSession(signedIn('access-1', 'sportsman-1'));
    const { ofPath } = server(() => json({ message: 'Слишком много запросов' }, 429));
    await expect(suggestAddresses('каз')).rejects.toThrow(
      '429 POST api/dadata/address: Слишком много запросов',
    );
    await vi.waitFor(() => expect(ofPath('/log')).toHaveLength(1));
    const [report] = ofPath('/log');
    expect(report?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(report?.headers.get(USER_ID_HEADER)).toBe('sportsman-1');
    expect(((await report?.json()) as { msg: string }).msg).toBe(
      '429 POST api/dadata/address: Слишком много запросов',
    );
  });

  it('a lookup given up for the next keystroke rejects as an abort and is not reported', async () => {
    const controller = new AbortController();
    const { ofPath } = server((request) => {
      controller.abort();
      request.signal.throwIfAborted();
      return json({ suggestions: [] });
    });
    const lookup = suggestCities('каз', controller.signal);
    await expect(lookup).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ofPath('/api/dadata/address')).toHaveLength(1);
    expect(ofPath('/log')).toHaveLength(0);
  });
});
