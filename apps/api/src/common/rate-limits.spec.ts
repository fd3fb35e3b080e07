import { Controller, HttpCode, Post, Req, type INestApplication } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { Express, Request } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../testing/test-redis';
import { ApiExceptionFilter } from './api-exception.filter';
import { RateLimits, RateLimitsModule, type RateLimitOptions } from './rate-limits';

const LIMIT: RateLimitOptions = { burst: 5, perMinute: 10 };

/** One instance of a limited route: `POST /hit` counts against {@link LIMIT} per client address. */
async function startInstance(redisUrl?: string): Promise<INestApplication> {
  @Controller('hit')
  class HitController {
    private readonly limit;
    constructor(limits: RateLimits) {
      this.limit = limits.limit('test-hits', LIMIT);
    }
    @Post()
    @HttpCode(204)
    async hit(@Req() req: Request): Promise<void> {
      await this.limit.takeFor(req);
    }
  }
  const testing = await Test.createTestingModule({
    imports: [RateLimitsModule.forRoot({ redisUrl })],
    controllers: [HitController],
    providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
  }).compile();
  const app = testing.createNestApplication({ logger: false });
  (app.getHttpAdapter().getInstance() as Express).set('trust proxy', true);
  await app.init();
  return app;
}

let addressSeq = 0;
const newAddress = () => `198.51.100.${(addressSeq += 1)}`;
const hit = (app: INestApplication, address: string) =>
  request(app.getHttpServer()).post('/hit').set('X-Forwarded-For', address);

describe('rate limits in memory (one instance)', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await startInstance();
  });
  afterAll(() => app.close());

  it('lets a burst through, then answers 429 in Russian with the wait of one window', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT.burst; i += 1) await hit(app, address).expect(204);
    const refused = await hit(app, address).expect(429);
    expect(refused.body).toMatchObject({
      statusCode: 429,
      code: 'too_many_requests',
      message: 'Слишком много запросов, повторите позже',
    });
    // 5 at once, 10 a minute: one window is 30 s.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);
    await hit(app, newAddress()).expect(204);
  });

  it('counts a burst of parallel requests exactly', async () => {
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => hit(app, address)));
    expect(answers.filter((answer) => answer.status === 204)).toHaveLength(LIMIT.burst);
  });

  it('refuses options that would make no limit', async () => {
    const limits = app.get(RateLimits);
    expect(() => limits.limit('bad', { burst: 0, perMinute: 10 })).toThrow(/burst/);
    expect(() => limits.limit('bad', { burst: 5, perMinute: 0 })).toThrow(/perMinute/);
  });
});

describe('rate limits in Redis (several instances)', () => {
  let redis: TestRedis | null;
  let first: INestApplication;
  let second: INestApplication;
  beforeAll(async () => {
    redis = await startTestRedis();
    if (redis === null) return;
    first = await startInstance(redis.url);
    second = await startInstance(redis.url);
  });
  afterAll(async () => {
    if (redis === null) return;
    await first.close();
    await second.close();
    await redis.stop();
  });

  it('counts one client over two instances as over one: refused at the same request', async ({ skip }) => {
    if (redis === null) return skip('no redis-server here and no TEST_REDIS_URL');
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT.burst + 2; i += 1) {
      statuses.push((await hit(i % 2 === 0 ? first : second, address)).status);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
  });

  it('counts a parallel burst split over two instances exactly', async ({ skip }) => {
    if (redis === null) return skip('no redis-server here and no TEST_REDIS_URL');
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => hit(i % 2 === 0 ? first : second, address)),
    );
    expect(answers.filter((answer) => answer.status === 204)).toHaveLength(LIMIT.burst);
    const refused = answers.find((answer) => answer.status === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('rate limits without their Redis', () => {
  it('answer 503 with Retry-After, not a 500 and not a pass', async () => {
    // Nothing listens on the discard port: every count fails as with Redis down.
    const orphan = await startInstance('redis://127.0.0.1:9');
    try {
      const answer = await hit(orphan, newAddress()).expect(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.body.code).toBe('service_unavailable');
    } finally {
      await orphan.close();
    }
  });
});
