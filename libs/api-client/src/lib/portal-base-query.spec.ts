import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { describe, expect, it, vi } from 'vitest';
import { fixedClock } from '@fed/calendar';
import { createPortalBaseQuery } from './portal-base-query';
import { authPaths, CLIENT_LOG_MSG_MAX_LENGTH, USER_ID_HEADER, type RefreshResponse } from '@fed/contracts';
import type { SessionPort, SessionTokens } from './session-port';

const BASE = 'http://portal.test/';

function queryApi(signal = new AbortController().signal): BaseQueryApi {
  return {
    signal,
    abort: () => undefined,
    dispatch: () => undefined,
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

class FakeSession implements SessionPort {
  refused = 0;
  constructor(
    public tokens: SessionTokens | null,
    private readonly activeUser: string | null = 'sportsman-1',
  ) {}
  accessToken = () => this.tokens?.token ?? null;
  refreshToken = () => this.tokens?.refreshToken ?? null;
  userId = () => (this.tokens ? this.activeUser : null);
  tokensRefreshed = (tokens: SessionTokens) => {
    this.tokens = tokens;
  };
  refreshRefused = () => {
    this.refused += 1;
    this.tokens = null;
  };
}

type Handler = (request: Request) => Promise<Response> | Response;

/** A fake server: records every request and answers through `handler`. */
function fakeServer(handler: Handler) {
  const requests: Request[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    return handler(request);
  }) as unknown as typeof fetch;
  const ofPath = (path: string) => requests.filter((r) => new URL(r.url).pathname === path);
  return { fetchFn, requests, ofPath };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Accepts only `Bearer fresh`; refresh answers after `refreshDelayMs` with the fresh pair. */
function expiringTokenServer(refreshDelayMs = 20, refreshStatus = 200) {
  return fakeServer(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/log') return json(204, {});
    if (path === '/api/auth/Refresh') {
      await new Promise((resolve) => setTimeout(resolve, refreshDelayMs));
      if (refreshStatus !== 200) return json(refreshStatus, { message: 'refused' });
      return json(200, { Token: 'fresh', RefreshToken: 'refresh-2' } satisfies RefreshResponse);
    }
    if (request.headers.get('Authorization') !== 'Bearer fresh')
      return json(401, { message: 'Token expired' });
    return json(200, { path, userId: request.headers.get('userId') });
  });
}

function baseQueryWith(server: ReturnType<typeof fakeServer>, session: SessionPort) {
  const printed: string[] = [];
  const baseQuery = createPortalBaseQuery({
    baseUrl: BASE,
    session: () => session,
    fetchFn: server.fetchFn,
    // The report is stamped in the device's own time and offset, as the spec's log format has it.
    clock: fixedClock(new Date(2026, 10, 22, 6, 15, 2)),
    printError: (message) => printed.push(message),
  });
  const call = (args: string | FetchArgs, signal?: AbortSignal) =>
    Promise.resolve(baseQuery(args, queryApi(signal), {}));
  return { call, printed, baseQuery };
}

describe('portal base query', () => {
  it('sends the bearer token and the active user id', async () => {
    const server = expiringTokenServer();
    const { call } = baseQueryWith(server, new FakeSession({ token: 'fresh', refreshToken: 'r' }, 'child-2'));
    const result = await call('api/profile');
    expect(result.data).toEqual({ path: '/api/profile', userId: 'child-2' });
    expect(server.requests[0]?.headers.get('Authorization')).toBe('Bearer fresh');
  });

  it('sends neither header for a guest', async () => {
    const server = fakeServer(() => json(200, {}));
    const { call } = baseQueryWith(server, new FakeSession(null));
    await call('api/health');
    expect(server.requests[0]?.headers.has('Authorization')).toBe(false);
    expect(server.requests[0]?.headers.has('userId')).toBe(false);
  });

  it('twenty parallel calls with an expired token make exactly one refresh and all succeed', async () => {
    const server = expiringTokenServer();
    const session = new FakeSession({ token: 'expired', refreshToken: 'refresh-1' });
    const { call } = baseQueryWith(server, session);

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call(`api/item/${i}`)));

    expect(server.ofPath('/api/auth/Refresh')).toHaveLength(1);
    expect(results.every((result) => result.error === undefined)).toBe(true);
    expect(session.tokens).toEqual({ token: 'fresh', refreshToken: 'refresh-2' });
    const refresh = server.ofPath('/api/auth/Refresh')[0];
    expect(refresh?.headers.has('Authorization')).toBe(false);
    expect(await refresh?.json()).toEqual({ RefreshToken: 'refresh-1' });
  });

  it('a call started while a refresh is running waits for it and goes out with the new token', async () => {
    const server = expiringTokenServer(50);
    const session = new FakeSession({ token: 'expired', refreshToken: 'refresh-1' });
    const { call } = baseQueryWith(server, session);

    const first = call('api/a');
    await vi.waitFor(() => expect(server.ofPath('/api/auth/Refresh')).toHaveLength(1));
    const late = await call('api/b');

    expect((await first).error).toBeUndefined();
    expect(late.error).toBeUndefined();
    const lateRequests = server.ofPath('/api/b');
    expect(lateRequests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer fresh']);
  });

  it('a refused refresh fails the queued calls and ends the session once', async () => {
    const server = expiringTokenServer(10, 401);
    const session = new FakeSession({ token: 'expired', refreshToken: 'stolen' });
    const { call } = baseQueryWith(server, session);

    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => call(`api/item/${i}`)));

    expect(results.every((result) => result.error?.status === 401)).toBe(true);
    expect(server.ofPath('/api/auth/Refresh')).toHaveLength(1);
    expect(session.refused).toBe(1);
    expect(session.tokens).toBeNull();
  });

  it('reads the tokens of Refresh as the api sends them, and nothing else', async () => {
    const server = fakeServer((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/log') return json(204, {});
      // The pair wrapped in `data`, as the sign-in confirmations send theirs: not Refresh's answer.
      if (path === '/api/auth/Refresh')
        return json(200, { data: { Token: 'fresh', RefreshToken: 'refresh-2' } });
      return json(401, { message: 'Token expired' });
    });
    const session = new FakeSession({ token: 'expired', refreshToken: 'refresh-1' });
    const { call } = baseQueryWith(server, session);

    expect((await call('api/profile')).error?.status).toBe(401);
    expect(session.refused).toBe(1);
    expect(session.tokens).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    const server = fakeServer((request) => {
      if (new URL(request.url).pathname === '/api/auth/Refresh') throw new TypeError('Failed to fetch');
      if (new URL(request.url).pathname === '/log') return json(204, {});
      throw new TypeError('Failed to fetch');
    });
    const session = new FakeSession({ token: 'any', refreshToken: 'refresh-1' });
    const { call } = baseQueryWith(server, session);

    const result = await call('api/profile');

    expect(result.error?.status).toBe('FETCH_ERROR');
    expect(session.refused).toBe(0);
    expect(session.tokens).toEqual({ token: 'any', refreshToken: 'refresh-1' });
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('tries a GET once more on %s', async (status) => {
    let calls = 0;
    const server = fakeServer((request) => {
      if (new URL(request.url).pathname === '/log') return json(204, {});
      calls += 1;
      return calls === 1 ? json(status, { message: 'busy' }) : json(200, { ok: true });
    });
    const { call } = baseQueryWith(server, new FakeSession(null));
    expect((await call('api/events')).data).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('tries a GET only once more, and never a POST or a GET on 404', async () => {
    const server = fakeServer((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/log') return json(204, {});
      return path === '/api/missing' ? json(404, { message: 'Нет такого' }) : json(503, { message: 'busy' });
    });
    const { call } = baseQueryWith(server, new FakeSession(null));

    expect((await call('api/events')).error?.status).toBe(503);
    expect((await call({ url: 'api/apply', method: 'POST', body: {} })).error?.status).toBe(503);
    expect((await call('api/missing')).error?.status).toBe(404);

    expect(server.ofPath('/api/events')).toHaveLength(2);
    expect(server.ofPath('/api/apply')).toHaveLength(1);
    expect(server.ofPath('/api/missing')).toHaveLength(1);
  });

  it('reports every failure to /log in the spec format, prints it and returns the error', async () => {
    const server = fakeServer((request) =>
      new URL(request.url).pathname === '/log' ? json(204, {}) : json(400, { message: 'Поле обязательно' }),
    );
    const { call, printed } = baseQueryWith(server, new FakeSession(null));

    const result = await call({ url: 'api/auth/LoginUser', method: 'POST', body: {} });

    expect(result.error?.status).toBe(400);
    const expected = '400 POST api/auth/LoginUser: Поле обязательно';
    expect(printed).toEqual([expected]);
    const [logRequest] = server.ofPath('/log');
    const logBody = (await logRequest?.json()) as { timestamp: string; msg: string };
    expect(logBody.msg).toBe(expected);
    expect(logBody.timestamp).toMatch(/^22\.11\.2026, 06:15:02[+-]\d{2}:\d{2}$/);
  });

  it('names a site-root path as the base query resolves it, relative to its base', async () => {
    const server = fakeServer((request) =>
      new URL(request.url).pathname === '/log' ? json(204, {}) : json(400, { message: 'Поле обязательно' }),
    );
    const { call, printed } = baseQueryWith(server, new FakeSession(null));

    await call({ url: authPaths.loginUser, method: 'POST', body: {} });

    expect(server.ofPath('/api/auth/LoginUser')).toHaveLength(1);
    expect(printed).toEqual(['400 POST api/auth/LoginUser: Поле обязательно']);
  });

  it('does not report a failing /log to itself', async () => {
    const server = fakeServer(() => json(500, { message: 'down' }));
    const { call } = baseQueryWith(server, new FakeSession(null));
    await call({ url: 'log', method: 'POST', body: { msg: 'x' } });
    expect(server.ofPath('/log')).toHaveLength(1);
  });

  it('sends its /log reports with the session’s bearer token and user id, as every call', async () => {
    const server = fakeServer((request) =>
      new URL(request.url).pathname === '/log' ? json(204, {}) : json(500, { message: 'Сбой' }),
    );
    const { call } = baseQueryWith(server, new FakeSession({ token: 'fresh', refreshToken: 'r' }, 'child-2'));
    await call({ url: 'api/apply', method: 'POST', body: {} });
    await vi.waitFor(() => expect(server.ofPath('/log')).toHaveLength(1));
    const [logRequest] = server.ofPath('/log');
    expect(logRequest?.headers.get('Authorization')).toBe('Bearer fresh');
    expect(logRequest?.headers.get(USER_ID_HEADER)).toBe('child-2');
    expect(logRequest?.headers.get('Content-Type')).toBe('application/json');
  });

  it('reports an application error through the same /log, stamped and printed', async () => {
    const server = fakeServer(() => json(204, {}));
    const { baseQuery, printed } = baseQueryWith(
      server,
      new FakeSession({ token: 'fresh', refreshToken: 'r' }, 'sportsman-1'),
    );
    baseQuery.report('Application error (render) /profile: TypeError: boom');
    await vi.waitFor(() => expect(server.ofPath('/log')).toHaveLength(1));
    const [logRequest] = server.ofPath('/log');
    expect(logRequest?.headers.get(USER_ID_HEADER)).toBe('sportsman-1');
    expect(await logRequest?.json()).toEqual({
      timestamp: expect.stringMatching(/^22\.11\.2026, 06:15:02[+-]\d{2}:\d{2}$/),
      msg: 'Application error (render) /profile: TypeError: boom',
    });
    expect(printed).toEqual(['Application error (render) /profile: TypeError: boom']);
  });

  it('cuts a report to what /log accepts', async () => {
    const server = fakeServer(() => json(204, {}));
    const { baseQuery } = baseQueryWith(server, new FakeSession(null));
    baseQuery.report(`  ${'ж'.repeat(CLIENT_LOG_MSG_MAX_LENGTH + 50)}  `);
    await vi.waitFor(() => expect(server.ofPath('/log')).toHaveLength(1));
    const body = (await server.ofPath('/log')[0]?.json()) as { msg: string };
    expect(body.msg).toBe('ж'.repeat(CLIENT_LOG_MSG_MAX_LENGTH));
  });

  it('an aborted call is no failure: neither refreshed, retried nor reported', async () => {
    const controller = new AbortController();
    const server = fakeServer(async (request) => {
      if (new URL(request.url).pathname === '/api/slow') {
        // The page is left while the answer is on its way.
        controller.abort();
        request.signal.throwIfAborted();
      }
      return json(204, {});
    });
    const session = new FakeSession({ token: 'expired', refreshToken: 'refresh-1' });
    const { call, printed } = baseQueryWith(server, session);
    const result = await call('api/slow', controller.signal);
    expect(result.error?.status).toBe('FETCH_ERROR');
    // Let any report that was (wrongly) started go out.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.ofPath('/api/slow')).toHaveLength(1);
    expect(server.ofPath('/api/auth/Refresh')).toHaveLength(0);
    expect(server.ofPath('/log')).toHaveLength(0);
    expect(printed).toEqual([]);
    expect(session.tokens?.token).toBe('expired');
  });
});
