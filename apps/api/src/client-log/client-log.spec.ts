import { Logger, type INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_ID_HEADER } from '@fed/contracts';
import { startGatewayApp, testIds } from '../proxy/testing/gateway-testing';
import { ClientLogModule } from './client-log.module';
import { scrubLogText } from './log-scrub';

const TIMESTAMP = '22.11.2026, 06:30:00+03:00';

describe('POST /log', () => {
  let app: INestApplication;
  let limited: INestApplication;
  const warn = vi.spyOn(Logger.prototype, 'warn');

  beforeAll(async () => {
    app = await startGatewayApp(ClientLogModule.forRoot({ rateLimit: { burst: 10_000, perMinute: 60_000 } }));
    limited = await startGatewayApp(ClientLogModule.forRoot({ rateLimit: { burst: 3, perMinute: 1 } }));
  });

  afterAll(async () => {
    await app.close();
    await limited.close();
  });

  afterEach(() => warn.mockClear());

  const post = (body: unknown) =>
    request(app.getHttpServer())
      .post('/log')
      .send(body as object);
  const logged = () => JSON.stringify(warn.mock.calls);

  it('writes a valid report to the server log and answers 204', async () => {
    const response = await post({
      timestamp: TIMESTAMP,
      msg: 'Error 502 GET /api/proxy: Платформа недоступна',
    });
    expect(response.status).toBe(204);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({
      event: 'client_error',
      clientTime: TIMESTAMP,
      msg: 'Error 502 GET /api/proxy: Платформа недоступна',
    });
  });

  it('never logs tokens, codes, phones or e-mails', async () => {
    const secrets = [
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      'opaque-refresh-0123456789abcdef',
      '+7 (912) 345-67-89',
      '89123456789',
      '482915',
      'ivan@example.ru',
    ];
    const msg =
      `Error 401 POST /api/auth/Refresh Authorization: Bearer ${secrets[0]} ` +
      `{"refreshToken":"${secrets[1]}"} phone ${secrets[2]} or ${secrets[3]}, code=${secrets[4]}, mail ${secrets[5]}`;
    expect((await post({ timestamp: TIMESTAMP, msg })).status).toBe(204);
    for (const secret of secrets) expect(logged()).not.toContain(secret);
    expect(logged()).toContain('POST /api/auth/Refresh');
  });

  it('keeps ids and statuses readable', () => {
    expect(scrubLogText('GET /api/proxy 404 id 9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c01 at 2026')).toBe(
      'GET /api/proxy 404 id 9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c01 at 2026',
    );
    expect(scrubLogText('line one\r\nforged line')).toBe('line one forged line');
  });

  it('logs the caller’s login and user id with a valid token, and the request id, never the token', async () => {
    await post({ timestamp: TIMESTAMP, msg: 'boom' })
      .set('Authorization', 'Bearer athleteA')
      .set('X-Request-Id', 'req-42')
      .expect(204);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({
      loginId: 'login-a',
      userId: testIds.athleteA,
      requestId: 'req-42',
    });
    expect(logged()).not.toContain('athleteA');
  });

  it('logs the active user the userId header names when it is one of the token’s own', async () => {
    await post({ timestamp: TIMESTAMP, msg: 'boom' })
      .set('Authorization', 'Bearer athleteA')
      .set(USER_ID_HEADER, testIds.athleteA2)
      .expect(204);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ loginId: 'login-a', userId: testIds.athleteA2 });
  });

  it('never believes a userId header: another login’s id is not logged, nor a bare one', async () => {
    await post({ timestamp: TIMESTAMP, msg: 'boom' })
      .set('Authorization', 'Bearer athleteA')
      .set(USER_ID_HEADER, testIds.athleteB)
      .expect(204);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ loginId: 'login-a', userId: testIds.athleteA });
    await post({ timestamp: TIMESTAMP, msg: 'boom' }).set(USER_ID_HEADER, testIds.athleteB).expect(204);
    const anonymous = warn.mock.calls[1]?.[0] as Record<string, unknown>;
    expect(anonymous['loginId']).toBeUndefined();
    expect(anonymous['userId']).toBeUndefined();
    expect(logged()).not.toContain(testIds.athleteB);
  });

  it('still takes the report with a bad token, anonymously', async () => {
    await post({ timestamp: TIMESTAMP, msg: 'boom' })
      .set('Authorization', 'Bearer expired')
      .set('X-Request-Id', 'bad id <script>')
      .expect(204);
    const entry = warn.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(entry['loginId']).toBeUndefined();
    expect(entry['userId']).toBeUndefined();
    expect(entry['requestId']).toBeUndefined();
  });

  it.each([
    ['no timestamp', { msg: 'x' }, 'timestamp'],
    ['ISO timestamp', { timestamp: '2026-11-22T06:30:00+03:00', msg: 'x' }, 'timestamp'],
    ['no offset', { timestamp: '22.11.2026, 06:30:00', msg: 'x' }, 'timestamp'],
    ['impossible date', { timestamp: '31.02.2026, 06:30:00+03:00', msg: 'x' }, 'timestamp'],
    ['hour 24', { timestamp: '22.11.2026, 24:00:00+03:00', msg: 'x' }, 'timestamp'],
    ['empty message', { timestamp: TIMESTAMP, msg: '   ' }, 'msg'],
    ['message too long', { timestamp: TIMESTAMP, msg: 'x'.repeat(2001) }, 'msg'],
    ['message not a string', { timestamp: TIMESTAMP, msg: { a: 1 } }, 'msg'],
    ['unknown field', { timestamp: TIMESTAMP, msg: 'x', level: 'error' }, 'level'],
  ])('refuses %s with 400 and field errors', async (_why, body, fieldName) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors[fieldName]).toBeDefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('accepts 2000 Cyrillic characters', async () => {
    expect((await post({ timestamp: TIMESTAMP, msg: 'ж'.repeat(2000) })).status).toBe(204);
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await post({ timestamp: TIMESTAMP, msg: 'x'.repeat(9000) });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('refuses a body that is not JSON with a 4xx JSON error', async () => {
    const response = await request(app.getHttpServer())
      .post('/log')
      .set('Content-Type', 'application/json')
      .send('{"timestamp":');
    expect(response.status).toBe(400);
  });

  it('limits reports per IP with 429 and Retry-After', async () => {
    const send = () => request(limited.getHttpServer()).post('/log').send({ timestamp: TIMESTAMP, msg: 'x' });
    for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(204);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body.code).toBe('too_many_requests');
  });

  it('never answers 500 to any body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record({ timestamp: fc.string(), msg: fc.string({ maxLength: 2100 }) }),
          fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
        ),
        async (body) => {
          const response = await request(app.getHttpServer())
            .post('/log')
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(body) ?? 'null');
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
