import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageOf } from './api-errors';
import { GuestReadError, readAsGuest, sendAsGuest } from './guest-read';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The page's `fetch`: `answers` in turn for the read, 204 for `/log`; every request kept. */
function serve(...answers: (() => Response | Promise<Response>)[]) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      if (new URL(request.url).pathname === '/log') return new Response(null, { status: 204 });
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected ${request.url}`);
      return answer();
    }),
  );
  const logs = () => requests.filter((request) => new URL(request.url).pathname === '/log');
  const reads = () => requests.filter((request) => new URL(request.url).pathname !== '/log');
  return { logs, reads };
}

const url = 'api/proxy?url=%2Fapi%2Fextensions%2Ff%2Fscript%2FgetSportsmen%3Fdata%3D%7B%7D';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a guest’s read outside the store', () => {
  it('answers the body of the page’s origin’s answer, with no session headers', async () => {
    const { reads } = serve(() => json({ result: [], total: 0 }));
    await expect(readAsGuest({ url })).resolves.toEqual({ result: [], total: 0 });
    expect(reads()[0]?.url).toBe(`${location.origin}/${url}`);
    expect(reads()[0]?.headers.get('Authorization')).toBeNull();
  });

  it('tries a GET once more on the spec’s statuses, and not on others', async () => {
    const retried = serve(
      () => json({ message: 'busy' }, 503),
      () => json({ total: 1 }),
    );
    await expect(readAsGuest({ url })).resolves.toEqual({ total: 1 });
    expect(retried.reads()).toHaveLength(2);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const missing = serve(() => json({ statusCode: 404, message: 'not found' }, 404));
    await expect(readAsGuest({ url })).rejects.toBeInstanceOf(GuestReadError);
    expect(missing.reads()).toHaveLength(1);
  });

  it('prints and reports a failure to /log with the spec’s message, once', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { logs } = serve(
      () => json({ message: 'down' }, 500),
      () => json({ message: 'down' }, 500),
    );
    const failure = await readAsGuest({ url }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GuestReadError);
    expect((failure as GuestReadError).failure).toEqual({ status: 500, data: { message: 'down' } });
    expect(printed).toHaveBeenCalledWith(`500 GET ${url}: down`);
    await vi.waitFor(() => expect(logs()).toHaveLength(1));
    const record = (await logs()[0]?.json()) as { msg: string; timestamp: string };
    expect(record.msg).toBe(`500 GET ${url}: down`);
    expect(record.timestamp).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  });

  it('throws the caller’s abort as it came, unreported', async () => {
    const printed = vi.spyOn(console, 'error');
    const controller = new AbortController();
    const { logs } = serve(() => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(readAsGuest({ url }, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(printed).not.toHaveBeenCalled();
    expect(logs()).toHaveLength(0);
  });

  it('words a failure as the store’s reads do', () => {
    expect(
      messageOf({ status: 400, data: { statusCode: 400, code: 'bad_request', message: 'Такого клуба нет' } }),
    ).toBe('Такого клуба нет');
    expect(messageOf({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(
      'Нет связи с сервером. Проверьте подключение',
    );
    expect(messageOf({ status: 500, data: { statusCode: 500, code: 'internal', message: 'internal' } })).toBe(
      'Произошла неожиданная ошибка',
    );
  });
});

describe('a guest’s send outside the store', () => {
  const loginPath = '/api/auth/LoginUser';

  it('posts the body as JSON to the site’s path and answers the body as the store’s triggers do', async () => {
    const { reads } = serve(() => json({ data: { resendAfterSeconds: 60 } }));
    await expect(sendAsGuest(loginPath, { phone: '+79001234567' })).resolves.toEqual({
      data: { data: { resendAfterSeconds: 60 } },
    });
    const sent = reads()[0];
    expect(sent?.url).toBe(`${location.origin}${loginPath}`);
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
    expect(await sent?.json()).toEqual({ phone: '+79001234567' });
  });

  it('sends once, answers the failure and reports it, even on a status a read would try again', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = { statusCode: 503, code: 'sms_unavailable', message: 'SMS не отправляется' };
    const { reads, logs } = serve(() => json(refusal, 503));
    const outcome = await sendAsGuest(loginPath, { phone: '+79001234567' });
    expect(outcome).toEqual({ error: { status: 503, data: refusal } });
    expect('error' in outcome && messageOf(outcome.error)).toBe('SMS не отправляется');
    expect(reads()).toHaveLength(1);
    // Worded as the store words it: the path without its leading slash.
    expect(printed).toHaveBeenCalledWith(`503 POST api/auth/LoginUser: SMS не отправляется`);
    await vi.waitFor(() => expect(logs()).toHaveLength(1));
  });

  it('answers a lost connection as the store does', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    const outcome = await sendAsGuest(loginPath, {});
    expect('error' in outcome && messageOf(outcome.error)).toBe(
      'Нет связи с сервером. Проверьте подключение',
    );
  });
});
