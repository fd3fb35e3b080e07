import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app/create-app';
import { testConfig } from '../config/testing/test-config';
import { ProxyReadMiddleware } from './proxy-read.middleware';
import { ProxyService } from './proxy.service';
import { sendJson, startFakeUpstream, type FakeUpstream } from './testing/gateway-testing';
import { extensions, TEST_PLATFORM_TOKEN } from './testing/platform-world';

const script = (name: string, input?: unknown) =>
  encodeURIComponent(
    `/api/extensions/${extensions.functions}/script/${name}${input === undefined ? '' : `?data=${encodeURIComponent(JSON.stringify(input))}`}`,
  );
const events = script('getEvents', { when: 'upcoming', size: 20 });
const sportsmen = script('getSportsmen', { size: 3 });
const ageClasses = script('getAgeClasses', {});
const eventById = script('getEventById', { id: '33333333-0000-4000-8000-000000000001' });

/** A catalogue answer past the compression threshold, with the platform's own spacing (relayed as it came). */
const eventsAnswer = `{ "success": true,\n  "result": ${JSON.stringify(
  Array.from({ length: 30 }, (_, i) => ({ __id: `event-${i}`, name: `Первенство ${i}` })),
)}, "total": 30 }`;
/** A directory answer with a private field the filter takes out for a guest (the phone). */
const sportsmenAnswer = JSON.stringify({
  success: true,
  result: [
    {
      __id: 'athlete-1',
      __name: 'Иванов Иван',
      date_of_birth: '1990-01-01T00:00:00Z',
      phone: [{ type: 'mobile', tel: '+79990001122' }],
      gorod: 'Москва',
    },
  ],
  total: 1,
});

/** Headers that differ between any two answers whoever sends them (an error's ETag covers its request id). */
const PER_ANSWER = new Set(['date', 'x-request-id', 'etag']);
const lasting = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

/**
 * Reads of `/api/proxy` are answered ahead of Express (`answerProxyReadsAhead`). Express's route still answers
 * `/api/proxy/?url=…` (its router takes the trailing slash; the short way takes exactly `/api/proxy?…`), which is
 * how each read here is asked of both, to compare the two answers on the wire.
 */
describe('reads answered ahead of Express', () => {
  let upstream: FakeUpstream;
  let app: INestApplication;
  const inExpress = vi.spyOn(ProxyReadMiddleware.prototype, 'use');
  const handled = vi.spyOn(ProxyService.prototype, 'handle');

  beforeAll(async () => {
    upstream = await startFakeUpstream((incoming, _body, response) => {
      const url = incoming.url ?? '';
      if (url.includes('getEvents')) return response.writeHead(200).end(eventsAnswer);
      if (url.includes('getSportsmen')) return response.writeHead(200).end(sportsmenAnswer);
      if (url.includes('getAgeClasses')) return response.writeHead(200).end('<html>не JSON</html>');
      return sendJson(response, 500, { error: 'упало' });
    });
    app = await createApp(testConfig({ platform: { url: upstream.url, token: TEST_PLATFORM_TOKEN } }));
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
    vi.restoreAllMocks();
  });
  afterEach(() => vi.clearAllMocks());

  /** The same read the short way and through Express's route: status, bytes and headers of each. */
  async function both(url: string, headers: Record<string, string> = {}) {
    const ask = async (path: string) => {
      const call = request(app.getHttpServer()).get(`${path}?url=${url}`).buffer(true);
      for (const [name, value] of Object.entries(headers)) call.set(name, value);
      // The bytes as they came, compressed or not.
      const answer = await call.parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
      return { status: answer.status, body: answer.body as Buffer, headers: answer.headers };
    };
    /** The answer, and how often it asked the platform and the proxy service. */
    const counted = async (path: string) => {
      const [upstreamBefore, handledBefore] = [upstream.requests.length, handled.mock.calls.length];
      const answer = await ask(path);
      return {
        ...answer,
        upstreamCalls: upstream.requests.length - upstreamBefore,
        handled: handled.mock.calls.length - handledBefore,
      };
    };
    const ahead = await counted('/api/proxy');
    const viaExpress = await counted('/api/proxy/');
    return { ahead, viaExpress };
  }

  it.each([
    ['a catalogue read, relayed as it came', events, {}],
    ['a catalogue read, compressed', events, { 'Accept-Encoding': 'gzip, deflate, br' }],
    ['a read the filter walks', sportsmen, {}],
  ])('answers %s exactly as the route does', async (_name, url, headers) => {
    const { ahead, viaExpress } = await both(url, headers);
    expect(ahead.status).toBe(200);
    expect(ahead.body.equals(viaExpress.body)).toBe(true);
    expect(lasting(ahead.headers)).toEqual(lasting(viaExpress.headers));
    expect(ahead.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Helmet's headers came along, not only the proxy's own.
    expect(ahead.headers['content-security-policy']).toContain("default-src 'self'");
    expect(ahead.headers['strict-transport-security']).toBeDefined();
    // The first was answered ahead of Express, the second by its middleware.
    expect(inExpress).toHaveBeenCalledTimes(1);
    expect([ahead.handled, viaExpress.handled]).toEqual([1, 1]);
  });

  it('relays a catalogue answer byte for byte and filters the directory', async () => {
    const { ahead } = await both(events);
    expect(ahead.body.toString('utf8')).toBe(eventsAnswer);
    const filtered = await both(sportsmen);
    const record = JSON.parse(filtered.ahead.body.toString('utf8')).result[0];
    expect(record).not.toHaveProperty('phone');
    expect(record.__name).toBe('Иванов Иван');
  });

  it.each([
    ['a url off the allowlist', '%2Fetc%2Fpasswd', {}, 400],
    ['a forged token', events, { Authorization: 'Bearer forged' }, 401],
    ['a platform that fails', eventById, {}, 502],
    ['a catalogue answer that is not JSON', ageClasses, {}, 502],
  ])(
    'answers %s with the error of the route, through the api’s filter, calling upstream once',
    async (_name, url, headers, status) => {
      const { ahead, viaExpress } = await both(url, headers);
      expect(ahead.status).toBe(status);
      expect(viaExpress.status).toBe(status);
      const error = JSON.parse(ahead.body.toString('utf8'));
      const routeError = JSON.parse(viaExpress.body.toString('utf8'));
      expect(error).toEqual({ ...routeError, requestId: ahead.headers['x-request-id'] });
      expect(routeError.requestId).toBe(viaExpress.headers['x-request-id']);
      expect(error.message).toMatch(/[а-я]/);
      expect(lasting(ahead.headers)).toEqual(lasting(viaExpress.headers));
      // The error is handed to Express, not the read: the platform and the service were asked as the route asks.
      expect(ahead.upstreamCalls).toBe(viaExpress.upstreamCalls);
      expect(ahead.handled).toBe(viaExpress.handled);
    },
  );

  it('keeps the request id a proxy in front sent', async () => {
    const answer = await request(app.getHttpServer())
      .get(`/api/proxy?url=${events}`)
      .set('X-Request-Id', 'lb-1234')
      .expect(200);
    expect(answer.headers['x-request-id']).toBe('lb-1234');
    const refused = await request(app.getHttpServer())
      .get('/api/proxy?url=%2Fetc%2Fpasswd')
      .set('X-Request-Id', 'lb-5678')
      .expect(400);
    expect(refused.headers['x-request-id']).toBe('lb-5678');
    expect(refused.body.requestId).toBe('lb-5678');
  });

  it('leaves a read with a body, HEAD and writes to Express', async () => {
    await request(app.getHttpServer())
      .get(`/api/proxy?url=${events}`)
      .set('Content-Type', 'application/json')
      .send('{"a":1}')
      .expect(200);
    await request(app.getHttpServer()).head(`/api/proxy?url=${events}`).expect(200);
    await request(app.getHttpServer()).post(`/api/proxy?url=${events}`).send({}).expect(400);
    expect(inExpress).toHaveBeenCalledTimes(2);
  });
});
