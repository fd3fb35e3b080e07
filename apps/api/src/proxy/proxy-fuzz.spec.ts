import type { INestApplication } from '@nestjs/common';
import { platformScripts } from '@fed/contracts';
import fc from 'fast-check';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeUpstream,
  startGatewayApp,
  testCallers,
  type FakeUpstream,
} from './testing/gateway-testing';
import { extensions, platformWorld, TEST_PLATFORM_TOKEN } from './testing/platform-world';
import { ProxyModule } from './proxy.module';

const RUNS = 120;

const scriptUrls = Object.entries(platformScripts).map(
  ([name, script]) => `/api/extensions/${extensions[script.module]}/script/${name}`,
);
const seeds = [...scriptUrls, '/pub/v1/app/sport/competitions/list', '/pub/v1/app/sport/sportsman/x/get'];
const callerNames = [null, ...Object.keys(testCallers)];

/** A valid url with random characters spliced in somewhere. */
const mutatedUrl = fc
  .tuple(fc.constantFrom(...seeds), fc.nat(), fc.string({ unit: 'binary', maxLength: 12 }))
  .map(([url, at, junk]) => {
    const position = at % (url.length + 1);
    return url.slice(0, position) + junk + url.slice(position);
  });
const withData = fc
  .tuple(fc.constantFrom(...seeds), fc.jsonValue({ maxDepth: 3 }))
  .map(([url, data]) => `${url}?data=${encodeURIComponent(JSON.stringify(data) ?? 'null')}`);
const anyUrl = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.webUrl(), mutatedUrl, withData);

function expectJsonAnswer(response: Response) {
  expect(response.status).not.toBe(500);
  expect(response.status).toBeLessThan(500);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  if (response.status >= 400) expect(response.body.statusCode).toBe(response.status);
}

describe('proxy fuzzing', () => {
  let app: INestApplication;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    upstream = await startFakeUpstream(platformWorld);
    app = await startGatewayApp(
      ProxyModule.forRoot({
        platform: { url: upstream.url, token: TEST_PLATFORM_TOKEN, extensions },
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('never answers 500 to any url, method or caller', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyUrl,
        fc.constantFrom('GET', 'POST'),
        fc.constantFrom(...callerNames),
        async (url, method, caller) => {
          const target = `/api/proxy?url=${encodeURIComponent(url)}`;
          const agent = request(app.getHttpServer());
          let call = method === 'GET' ? agent.get(target) : agent.post(target).send({});
          if (caller !== null) call = call.set('Authorization', `Bearer ${caller}`);
          expectJsonAnswer(await call);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('never answers 500 to any raw query string', async () => {
    const rawQuery = fc.string({ maxLength: 120 }).map((text) => encodeURI(text).replace(/#/g, '%23'));
    await fc.assert(
      fc.asyncProperty(rawQuery, async (query) => {
        expectJsonAnswer(await request(app.getHttpServer()).get(`/api/proxy?${query}`));
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers 500 to any body of any write', async () => {
    const writes = scriptUrls.filter(
      (url) => platformScripts[url.split('/').pop() as keyof typeof platformScripts].method === 'POST',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes),
        fc.jsonValue({ maxDepth: 4 }),
        fc.constantFrom(...callerNames),
        async (url, body, caller) => {
          let call = request(app.getHttpServer())
            .post(`/api/proxy?url=${encodeURIComponent(url)}`)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(body) ?? 'null');
          if (caller !== null) call = call.set('Authorization', `Bearer ${caller}`);
          expectJsonAnswer(await call);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('never answers 500 to a body that is not JSON', async () => {
    const url = encodeURIComponent(scriptUrls.find((u) => u.endsWith('/runBP')) ?? '');
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (text) => {
        expectJsonAnswer(
          await request(app.getHttpServer())
            .post(`/api/proxy?url=${url}`)
            .set('Authorization', 'Bearer athleteA')
            .set('Content-Type', 'application/json')
            .send(`{${text}`),
        );
      }),
      { numRuns: 40 },
    );
  });
});
