import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  sendJson,
  startFakeUpstream,
  startGatewayApp,
  type FakeHandler,
  type FakeUpstream,
} from '../proxy/testing/gateway-testing';
import { SuggestionsModule } from './suggestions.module';

const TOKEN = 'dadata-test-token';

const dadata: FakeHandler = (q, body, r) => {
  if (q.headers.authorization !== `Token ${TOKEN}`) return sendJson(r, 401, { message: 'no token' });
  const { query } = JSON.parse(body.toString('utf8')) as { query: string };
  if (q.url?.endsWith('/suggest/party')) {
    return sendJson(r, 200, {
      suggestions: [
        { value: `ООО «${query}»`, unrestricted_value: 'x', data: { inn: '7707083893', ogrn: null } },
      ],
    });
  }
  return sendJson(r, 200, {
    suggestions: [
      {
        value: `г ${query}`,
        unrestricted_value: `г ${query}`,
        data: { city: query, settlement: null, kladr_id: '77' },
      },
    ],
  });
};

describe('suggestions', () => {
  let app: INestApplication;
  let limited: INestApplication;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    upstream = await startFakeUpstream(dadata);
    app = await startGatewayApp(
      SuggestionsModule.forRoot({
        dadata: () => ({ url: upstream.url, token: TOKEN }),
        timeoutMs: 300,
        cacheTtlMs: 150,
        rateLimit: { burst: 100_000, perMinute: 100_000 },
      }),
    );
    limited = await startGatewayApp(
      SuggestionsModule.forRoot({
        dadata: { url: upstream.url, token: TOKEN },
        rateLimit: { burst: 2, perMinute: 1 },
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await limited.close();
    await upstream.close();
  });

  beforeEach(() => {
    upstream.handler = dadata;
    upstream.requests.length = 0;
  });

  const address = (body: unknown) =>
    request(app.getHttpServer())
      .post('/api/dadata/address')
      .send(body as object);
  const lastForwarded = () => JSON.parse(upstream.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;
  let unique = 0;
  const fresh = () => `Казань ${(unique += 1)}`;

  it('answers plain JSON suggestions, defaulting to 5 results in the spec countries', async () => {
    const query = fresh();
    const response = await address({ query });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      suggestions: [
        {
          value: `г ${query}`,
          unrestricted_value: `г ${query}`,
          data: { city: query, settlement: null, kladr_id: '77' },
        },
      ],
    });
    const forwarded = lastForwarded();
    expect(forwarded['count']).toBe(5);
    expect(
      (forwarded['locations'] as { country_iso_code: string }[]).map((l) => l.country_iso_code).sort(),
    ).toEqual(['AM', 'AZ', 'BY', 'GE', 'KG', 'KZ', 'MD', 'RU', 'TJ', 'TM', 'UZ']);
    expect(upstream.requests.at(-1)?.target).toBe('/suggestions/api/4_1/rs/suggest/address');
  });

  it('forwards a kladr_id location, the count and the bounds', async () => {
    await address({
      query: fresh(),
      count: 20,
      locations: [{ kladr_id: '16' }],
      from_bound: { value: 'city' },
      to_bound: { value: 'settlement' },
    }).expect(200);
    expect(lastForwarded()).toMatchObject({
      count: 20,
      locations: [{ kladr_id: '16' }],
      from_bound: { value: 'city' },
      to_bound: { value: 'settlement' },
    });
  });

  it('suggests parties with a default count of 5', async () => {
    const response = await request(app.getHttpServer()).post('/api/dadata/party').send({ query: 'Ромашка' });
    expect(response.status).toBe(200);
    expect(response.body.suggestions[0].data.inn).toBe('7707083893');
    expect(lastForwarded()).toEqual({ query: 'Ромашка', count: 5 });
    expect(upstream.requests.at(-1)?.target).toBe('/suggestions/api/4_1/rs/suggest/party');
  });

  it.each([
    ['no query', {}, 'query'],
    ['blank query', { query: '  ' }, 'query'],
    ['query over 300', { query: 'я'.repeat(301) }, 'query'],
    ['count over 20', { query: 'a', count: 21 }, 'count'],
    ['count zero', { query: 'a', count: 0 }, 'count'],
    ['bad bound', { query: 'a', from_bound: { value: 'planet' } }, 'from_bound.value'],
    ['bad kladr', { query: 'a', locations: [{ kladr_id: '../' }] }, 'locations.0'],
    ['unknown field', { query: 'a', locations_boost: [] }, 'locations_boost'],
  ])('refuses %s with 400 field errors', async (_why, body, key) => {
    const response = await address(body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fieldErrors).some((name) => name.startsWith(key))).toBe(true);
    expect(upstream.requests).toHaveLength(0);
  });

  it('caches briefly by the normalized request', async () => {
    const query = fresh();
    await address({ query, count: 3 }).expect(200);
    await address({ query: `  ${query.toUpperCase().replace(' ', '   ')} `, count: 3 }).expect(200);
    expect(upstream.requests).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await address({ query, count: 3 }).expect(200);
    expect(upstream.requests).toHaveLength(2);
  });

  it('limits requests per IP with 429 and Retry-After', async () => {
    const send = () => request(limited.getHttpServer()).post('/api/dadata/party').send({ query: fresh() });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  const faults: [string, FakeHandler, number][] = [
    ['500', (_q, _b, r) => sendJson(r, 500, {}), 502],
    ['a refused token', (_q, _b, r) => sendJson(r, 403, { message: 'forbidden' }), 502],
    ['its own rate limit', (_q, _b, r) => r.writeHead(429, { 'Retry-After': '3' }).end('{}'), 429],
    ['malformed JSON', (_q, _b, r) => r.writeHead(200).end('{"suggestions":['), 502],
    ['an answer off the protocol', (_q, _b, r) => sendJson(r, 200, { suggestions: 'none' }), 502],
    ['a reset connection', (_q, _b, r) => r.socket?.destroy(), 502],
    [
      'silence past the timeout',
      (_q, _b, r) => void setTimeout(() => sendJson(r, 200, { suggestions: [] }), 1_500),
      504,
    ],
  ];

  it.each(faults.map(([why, handler, status]) => ({ why, handler, status })))(
    'DaData answering $why → $status JSON, then recovers',
    async ({ handler, status }) => {
      upstream.handler = handler;
      const response = await address({ query: fresh() });
      expect(response.status).toBe(status);
      expect(response.body.statusCode).toBe(status);
      expect(JSON.stringify(response.body)).not.toContain(TOKEN);
      upstream.handler = dadata;
      expect((await address({ query: fresh() })).status).toBe(200);
    },
  );

  it('never answers 500 to any body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('address', 'party'),
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record({
            query: fc.string({ maxLength: 320 }),
            count: fc.oneof(fc.integer(), fc.double(), fc.string()),
            locations: fc.array(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })), { maxLength: 3 }),
          }),
        ),
        async (kind, body) => {
          const response = await request(app.getHttpServer())
            .post(`/api/dadata/${kind}`)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(body) ?? 'null');
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
  });
});
