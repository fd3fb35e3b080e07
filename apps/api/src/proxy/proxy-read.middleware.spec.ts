import type { INestApplication } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  sendJson,
  startFakeUpstream,
  startGatewayApp,
  testIds,
  type FakeUpstream,
} from './testing/gateway-testing';
import { extensions, platformWorld, TEST_PLATFORM_TOKEN } from './testing/platform-world';
import { COMPRESS_FROM_BYTES } from './answer-encoding';
import { ProxyController } from './proxy.controller';
import { ProxyModule } from './proxy.module';
import { ProxyReadMiddleware, readRouteIsGuardOnly } from './proxy-read.middleware';
import { ProxyService } from './proxy.service';

const script = (module: string, name: string, input?: unknown) =>
  encodeURIComponent(
    `/api/extensions/${module}/script/${name}${input === undefined ? '' : `?data=${encodeURIComponent(JSON.stringify(input))}`}`,
  );
const events = script(extensions.functions, 'getEvents');
const ageClasses = script(extensions.functions, 'getAgeClasses', {});
const myRequests = script(extensions.requests, 'getMyRequestList', { sportsmanID: testIds.athleteA });

describe('reads through ProxyReadMiddleware', () => {
  let app: INestApplication;
  let upstream: FakeUpstream;
  const shortWay = vi.spyOn(ProxyReadMiddleware.prototype, 'use');
  const route = vi.spyOn(ProxyService.prototype, 'handle');

  beforeAll(async () => {
    upstream = await startFakeUpstream(platformWorld);
    app = await startGatewayApp(
      ProxyModule.forRoot({
        platform: () => ({ url: upstream.url, token: TEST_PLATFORM_TOKEN, extensions }),
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
    vi.restoreAllMocks();
  });
  afterEach(() => vi.clearAllMocks());
  const http = () => request(app.getHttpServer());

  it('is on while the read route carries the api guard alone', () => {
    expect(readRouteIsGuardOnly()).toBe(true);
  });

  it('answers a read itself: the same answer, headers and guard as the route', async () => {
    const guest = await http().get(`/api/proxy?url=${events}`).expect(200);
    expect(guest.body.success).toBe(true);
    expect(guest.headers['cache-control']).toBe('no-cache');
    expect(guest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(shortWay).toHaveBeenCalledTimes(1);
    expect(route).toHaveBeenCalledTimes(1);

    const own = await http()
      .get(`/api/proxy?url=${myRequests}`)
      .set('Authorization', 'Bearer athleteA')
      .expect(200);
    expect(own.headers['cache-control']).toBe('private, no-store');

    // The controller's guard, run here: a guest on a signed-in read, a forged token, a userId not one's own.
    const guestOnSignedIn = await http().get(`/api/proxy?url=${myRequests}`).expect(401);
    expect(guestOnSignedIn.body).toMatchObject({ statusCode: 401, code: 'unauthorized' });
    const forged = await http()
      .get(`/api/proxy?url=${events}`)
      .set('Authorization', 'Bearer forged')
      .expect(401);
    expect(forged.body).toMatchObject({ statusCode: 401, code: 'token_invalid' });
    const notOwn = await http()
      .get(`/api/proxy?url=${events}`)
      .set('Authorization', 'Bearer athleteA')
      .set('userId', testIds.athleteB)
      .expect(403);
    expect(notOwn.body.statusCode).toBe(403);
    // Errors reach the api's exception filter as a route's do: a Russian ApiError, never Nest's default body.
    const refused = await http().get('/api/proxy?url=%2Fetc%2Fpasswd').expect(400);
    expect(refused.body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/[а-я]/) });
    expect(shortWay).toHaveBeenCalledTimes(6);
  });

  it('remembers a checked read target, frozen, and never a refused one', async () => {
    await http().get(`/api/proxy?url=${events}`).expect(200);
    await http().get(`/api/proxy?url=${events}`).expect(200);
    expect(
      upstream.requests.filter((call) => call.target.includes('getEvents')).length,
    ).toBeGreaterThanOrEqual(2);
    const service = app.get(ProxyService);
    const kept = (service as unknown as { readTargets: Map<string, { input: object }> }).readTargets;
    const target = kept.get(`/api/proxy?url=${events}`);
    expect(target).toBeDefined();
    expect(Object.isFrozen(target) && Object.isFrozen(target?.input)).toBe(true);
    await http().get('/api/proxy?url=%2Fetc%2Fpasswd').expect(400);
    expect([...kept.keys()].some((key) => key.includes('passwd'))).toBe(false);
  });

  it('compresses an answer of 1 kB or more by Accept-Encoding, a smaller one never', async () => {
    const wire = async (accept: string | null) => {
      const call = http().get(`/api/proxy?url=${events}`).buffer(true);
      const answer = await (accept === null
        ? call.unset('Accept-Encoding')
        : call.set('Accept-Encoding', accept));
      expect(answer.status).toBe(200);
      expect(answer.headers['vary']).toMatch(/Accept-Encoding/);
      return answer;
    };
    const titles = Array.from({ length: 40 }, (_, i) => ({ __id: `event-${i}`, name: `Первенство ${i}` }));
    upstream.handler = (request, _body, response) =>
      request.url?.includes('getEvents')
        ? sendJson(response, 200, { success: true, result: titles, total: titles.length })
        : platformWorld(request, _body, response);
    const plain = await wire(null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    const br = await wire('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']));
    expect(br.body).toEqual(plain.body);
    const gzip = await wire('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toEqual(plain.body);
    expect((await wire('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();

    const small = await http().get(`/api/proxy?url=${ageClasses}`).set('Accept-Encoding', 'br').expect(200);
    expect(Number(small.headers['content-length'])).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    upstream.handler = platformWorld;
  });

  it('leaves writes, and any other method, to the controller', async () => {
    await http().post(`/api/proxy?url=${events}`).send({}).expect(400);
    await http().delete(`/api/proxy?url=${events}`).expect(400);
    expect(shortWay).not.toHaveBeenCalled();
  });

  it('turns itself off when the route gets more than the guard', () => {
    class ExtraGuard {}
    const before: unknown = Reflect.getMetadata(GUARDS_METADATA, ProxyController.prototype.read);
    Reflect.defineMetadata(GUARDS_METADATA, [ExtraGuard], ProxyController.prototype.read);
    try {
      expect(readRouteIsGuardOnly()).toBe(false);
    } finally {
      if (before === undefined) Reflect.deleteMetadata(GUARDS_METADATA, ProxyController.prototype.read);
      else Reflect.defineMetadata(GUARDS_METADATA, before, ProxyController.prototype.read);
    }
    expect(readRouteIsGuardOnly()).toBe(true);
  });
});
