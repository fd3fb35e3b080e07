import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  sendJson,
  startFakeUpstream,
  startGatewayApp,
  testIds,
  type FakeHandler,
  type FakeUpstream,
} from './testing/gateway-testing';
import { extensions, platformWorld, TEST_PLATFORM_TOKEN } from './testing/platform-world';
import { ProxyModule } from './proxy.module';

const TIMEOUT_MS = 300;
const events = encodeURIComponent(`/api/extensions/${extensions.functions}/script/getEvents`);
const changeState = encodeURIComponent(
  `/api/extensions/${extensions.requests}/script/changeCompetitionRequestState`,
);
const applicationA = encodeURIComponent(
  `/api/extensions/${extensions.application}/script/getApplicationById?data=${encodeURIComponent(
    JSON.stringify({ id: testIds.requestA }),
  )}`,
);

describe('proxy against a broken upstream', () => {
  let app: INestApplication;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    upstream = await startFakeUpstream(platformWorld);
    app = await startGatewayApp(
      ProxyModule.forRoot({
        platform: () => ({ url: upstream.url, token: TEST_PLATFORM_TOKEN, extensions }),
        timeoutMs: TIMEOUT_MS,
        maxAnswerBytes: 64 * 1024,
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  beforeEach(() => {
    upstream.handler = platformWorld;
  });

  const getEvents = () => request(app.getHttpServer()).get(`/api/proxy?url=${events}`);

  async function expectRecovers() {
    upstream.handler = platformWorld;
    const response = await getEvents();
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  }

  const faults: [string, FakeHandler, number][] = [
    ['answers 500', (_q, _b, r) => sendJson(r, 500, { success: false, error: 'boom' }), 502],
    [
      'answers 503 with HTML',
      (_q, _b, r) => r.writeHead(503, { 'Content-Type': 'text/html' }).end('<h1>down</h1>'),
      502,
    ],
    [
      'answers malformed JSON',
      (_q, _b, r) => r.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":tr'),
      502,
    ],
    ['answers an empty body', (_q, _b, r) => r.writeHead(200).end(), 502],
    ['resets the connection', (_q, _b, r) => r.socket?.destroy(), 502],
    ['redirects elsewhere', (_q, _b, r) => r.writeHead(302, { Location: 'http://evil.example/' }).end(), 502],
    ['refuses our token (403)', (_q, _b, r) => sendJson(r, 403, { success: false, error: 'bad token' }), 502],
    ['refuses our token (401)', (_q, _b, r) => sendJson(r, 401, { success: false, error: 'no token' }), 502],
    [
      'answers too much',
      (_q, _b, r) => r.writeHead(200).end(JSON.stringify({ blob: 'x'.repeat(200_000) })),
      502,
    ],
    [
      'is slow past the timeout',
      (_q, _b, r) => void setTimeout(() => sendJson(r, 200, { success: true }), 2_000),
      504,
    ],
    [
      'sends headers, then trickles the body past the timeout',
      (_q, _b, r) => {
        r.writeHead(200, { 'Content-Type': 'application/json' });
        r.write('{"success":');
        setTimeout(() => r.end('true}'), 2_000);
      },
      504,
    ],
  ];

  it.each(faults.map(([why, handler, status]) => ({ why, handler, status })))(
    'upstream $why → $status JSON, then recovers',
    async ({ handler, status }) => {
      upstream.handler = handler;
      const started = Date.now();
      const response = await getEvents();
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.body).toMatchObject({
        statusCode: status,
        code: expect.any(String),
        message: expect.any(String),
      });
      expect(JSON.stringify(response.body)).not.toContain(TEST_PLATFORM_TOKEN);
      expect(Date.now() - started).toBeLessThan(1_500);
      await expectRecovers();
    },
  );

  it('upstream down → 502, and works again once it is back', async () => {
    await upstream.stop();
    const response = await getEvents();
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('bad_gateway');
    await upstream.restart();
    await expectRecovers();
  });

  it('passes an upstream 400 through with its message', async () => {
    upstream.handler = (_q, _b, r) => sendJson(r, 400, { success: false, error: 'deadline passed' });
    const response = await getEvents();
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, code: 'upstream_rejected', message: 'deadline passed' });
  });

  it('passes an upstream 404 through', async () => {
    upstream.handler = (_q, _b, r) => sendJson(r, 404, { success: false, error: 'not found' });
    const response = await getEvents();
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('not found');
  });

  it('passes an upstream 429 through with its Retry-After', async () => {
    upstream.handler = (_q, _b, r) =>
      r
        .writeHead(429, { 'Retry-After': '7', 'Content-Type': 'application/json' })
        .end('{"success":false,"error":"slow down"}');
    const response = await getEvents();
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('7');
  });

  it('forwards nothing when the owner lookup fails, and says 502', async () => {
    upstream.handler = (q, b, r) =>
      q.method === 'GET' ? sendJson(r, 500, { success: false, error: 'boom' }) : platformWorld(q, b, r);
    upstream.requests.length = 0;
    const response = await request(app.getHttpServer())
      .post(`/api/proxy?url=${changeState}`)
      .set('Authorization', 'Bearer athleteA')
      .send({ requestId: testIds.requestA, requestState: 'cancelled' });
    expect(response.status).toBe(502);
    expect(upstream.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('times out an owner lookup as 504', async () => {
    upstream.handler = (_q, _b, r) => void setTimeout(() => sendJson(r, 200, {}), 2_000);
    const response = await request(app.getHttpServer())
      .post(`/api/proxy?url=${changeState}`)
      .set('Authorization', 'Bearer orgX')
      .send({ requestId: testIds.requestA, requestState: 'approved' });
    expect(response.status).toBe(504);
  });

  it('withholds an answer whose owner it cannot verify', async () => {
    upstream.handler = (_q, _b, r) => sendJson(r, 200, { success: true, data: { __id: testIds.requestA } });
    const response = await request(app.getHttpServer())
      .get(`/api/proxy?url=${applicationA}`)
      .set('Authorization', 'Bearer athleteA');
    expect(response.status).toBe(403);
  });

  it('serves concurrent requests over the keep-alive agent', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => getEvents()));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });
});
