import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokenService } from '../auth/access-token.service';
import { systemClock } from '../auth/auth-clock';
import { testAuthConfig } from '../auth/testing/auth-test-app';
import { TokenCallerResolver } from '../auth/token-caller.resolver';
import { startFakeUpstream, startGatewayApp, testIds, type FakeUpstream } from './testing/gateway-testing';
import { extensions, platformWorld, TEST_PLATFORM_TOKEN } from './testing/platform-world';
import { ProxyModule } from './proxy.module';

/** The proxy behind the auth server's real token check and real access tokens. */
describe('proxy with the auth server’s caller resolver', () => {
  let app: INestApplication;
  let upstream: FakeUpstream;
  let tokens: AccessTokenService;

  beforeAll(async () => {
    tokens = new AccessTokenService(testAuthConfig({ kind: 'sqlite', file: ':memory:' }), systemClock);
    upstream = await startFakeUpstream(platformWorld);
    app = await startGatewayApp(
      ProxyModule.forRoot({
        platform: { url: upstream.url, token: TEST_PLATFORM_TOKEN, extensions },
      }),
      undefined,
      new TokenCallerResolver(tokens),
    );
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  const athleteToken = () =>
    tokens.issue({
      loginId: 'login-a',
      sessionId: 'session-a',
      contractorType: 'sportsman',
      sportsmanIds: [testIds.athleteA, testIds.athleteA2],
      organizationId: null,
    });
  const requestList = (sportsmanID: string) =>
    `/api/proxy?url=${encodeURIComponent(
      `/api/extensions/${extensions.requests}/script/getMyRequestList?data=${encodeURIComponent(JSON.stringify({ sportsmanID }))}`,
    )}`;

  it('reads the caller the guard puts on the request', async () => {
    const own = await request(app.getHttpServer())
      .get(requestList(testIds.athleteA2))
      .set('Authorization', `Bearer ${athleteToken()}`);
    expect(own.status).toBe(200);
    const foreign = await request(app.getHttpServer())
      .get(requestList(testIds.athleteB))
      .set('Authorization', `Bearer ${athleteToken()}`);
    expect(foreign.status).toBe(403);
  });

  it('answers 401 JSON to a forged token and a foreign userId with 403', async () => {
    const forged = await request(app.getHttpServer())
      .get(requestList(testIds.athleteA))
      .set('Authorization', `Bearer ${athleteToken().slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
    expect(forged.body.statusCode).toBe(401);
    const foreignUser = await request(app.getHttpServer())
      .get(requestList(testIds.athleteA))
      .set('Authorization', `Bearer ${athleteToken()}`)
      .set('userId', testIds.athleteB);
    expect(foreignUser.status).toBe(403);
  });
});
