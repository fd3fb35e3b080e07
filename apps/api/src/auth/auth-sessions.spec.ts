import { authErrorCodes, createSportsmanProcess, USER_ID_HEADER } from '@fed/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FilesModule } from '../files/files.module';
import { ImagesModule } from '../images/images.module';
import { ProxyModule } from '../proxy/proxy.module';
import { startFakeUpstream, type FakeUpstream } from '../proxy/testing/gateway-testing';
import { extensions, platformWorld, TEST_PLATFORM_TOKEN } from '../proxy/testing/platform-world';
import type { AuthDatabaseTarget } from '../store/create-auth-database';
import { authLimits, HOUR_MS } from './auth-constants';
import {
  claimsOf,
  createAuthTestApp,
  freshDatabase,
  registerPerson,
  storeDialects,
  type AuthTestApp,
} from './testing/auth-test-app';

let phoneSeq = 0;
function newPhone(): string {
  phoneSeq += 1;
  return `+7904${String(10_000_000 + phoneSeq).slice(1)}`;
}

const FILE_ID = '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c99';
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function proxyTarget(script: string, module: string, data?: unknown): string {
  const path = `/api/extensions/${module}/script/${script}`;
  const url = data === undefined ? path : `${path}?data=${encodeURIComponent(JSON.stringify(data))}`;
  return `/api/proxy?url=${encodeURIComponent(url)}`;
}

/**
 * Sessions end everywhere: an access token whose session was ended (logout, reuse of a rotated refresh
 * token, phone change) is refused by every authenticated route of the api, on every instance within
 * `sessionCheckMaxAgeMs`. The gateway modules run here behind the real auth module and its guard.
 */
describe.each(storeDialects)('sessions that end ($dialect)', ({ dialect, available }) => {
  let upstream: FakeUpstream;
  let workDir: string;
  let database: { target: AuthDatabaseTarget; drop(): Promise<void> };
  /** Two api instances over one store. */
  let a: AuthTestApp;
  let b: AuthTestApp;

  const gateway = () => [
    ProxyModule.forRoot({
      platform: () => ({ url: upstream.url, token: TEST_PLATFORM_TOKEN, extensions }),
    }),
    FilesModule.forRoot({
      platform: () => ({ baseUrl: upstream.url, token: TEST_PLATFORM_TOKEN, extensions }),
    }),
    ImagesModule.forRoot({
      platform: () => ({ baseUrl: upstream.url, token: TEST_PLATFORM_TOKEN, extensions }),
      portalDistDir: workDir,
      cacheDir: join(workDir, 'img-cache'),
    }),
  ];

  beforeAll(async () => {
    if (!available) return;
    upstream = await startFakeUpstream(platformWorld);
    workDir = mkdtempSync(join(tmpdir(), 'auth-sessions-'));
    // Two instances need a store both can open: a file for SQLite, one schema for PostgreSQL.
    database =
      dialect === 'sqlite'
        ? { target: { kind: 'sqlite', file: join(workDir, 'auth.sqlite') }, drop: () => Promise.resolve() }
        : await freshDatabase(dialect);
    a = await createAuthTestApp(dialect, {}, false, { imports: gateway(), database: database.target });
    b = await createAuthTestApp(dialect, {}, false, {
      imports: gateway(),
      database: database.target,
      clock: a.clock,
    });
  });
  afterAll(async () => {
    if (!available) return;
    await a.close();
    await b.close();
    await database.drop();
    await upstream.close();
    rmSync(workDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    if (available) a.clock.advance(2 * HOUR_MS);
  });

  /** Every kind of authenticated call, each answering its status for `token` on instance `t`. */
  const calls = (t: AuthTestApp, token: string, athleteId: string) => ({
    'proxy read': () =>
      t.http
        .get(proxyTarget('getMyRequestList', extensions.requests, { sportsmanID: athleteId }))
        .set('Authorization', `Bearer ${token}`),
    'proxy runBP write': () =>
      t.http
        .post(proxyTarget('runBP', extensions.functions))
        .set('Authorization', `Bearer ${token}`)
        .send({
          ...createSportsmanProcess,
          context: {
            contractortype: 'sportsman',
            is_need_update_sportsman: true,
            representive: true,
            sportsman: [],
            id: athleteId,
            gorod: 'Казань',
          },
        }),
    'files upload': () =>
      t.http
        .post('/api/files?purpose=poster')
        .set('Authorization', `Bearer ${token}`)
        .attach('file', png, { filename: 'poster.png', contentType: 'image/png' }),
    'image (signed-in request)': () =>
      t.http.get(`/api/img/w_100/file/${FILE_ID}`).set('Authorization', `Bearer ${token}`),
    LinkedAccounts: () => t.http.get('/api/auth/LinkedAccounts').set('Authorization', `Bearer ${token}`),
  });

  async function statuses(t: AuthTestApp, token: string, athleteId: string) {
    const result: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls(t, token, athleteId)))
      result[name] = (await call()).status;
    return result;
  }

  const allRefused = (names: Record<string, number>) =>
    Object.fromEntries(Object.keys(names).map((name) => [name, 401]));

  describe.skipIf(!available)('logout', () => {
    it('refuses the access token on every authenticated route at once on the instance that logged out', async () => {
      const pair = await registerPerson(a, newPhone());
      const athleteId = claimsOf(pair.Token)['Sportsman'] as string;
      const before = await statuses(a, pair.Token, athleteId);
      for (const status of Object.values(before)) expect(status).not.toBe(401);
      expect(before['proxy read']).toBe(200);
      expect(before['proxy runBP write']).toBe(200);
      expect(before['LinkedAccounts']).toBe(200);

      await a.http.post('/api/auth/Logout').send({ RefreshToken: pair.RefreshToken }).expect(200);

      const after = await statuses(a, pair.Token, athleteId);
      expect(after).toEqual(allRefused(after));
      const refused = await calls(a, pair.Token, athleteId)['proxy read']();
      expect(refused.body).toMatchObject({ statusCode: 401, code: authErrorCodes.tokenInvalid });
    });

    it('refuses it on another instance within a second', async () => {
      const pair = await registerPerson(a, newPhone());
      const athleteId = claimsOf(pair.Token)['Sportsman'] as string;
      const before = await statuses(b, pair.Token, athleteId);
      expect(before['proxy read']).toBe(200);

      await a.http.post('/api/auth/Logout').send({ RefreshToken: pair.RefreshToken }).expect(200);

      a.clock.advance(authLimits.sessionCheckMaxAgeMs);
      const after = await statuses(b, pair.Token, athleteId);
      expect(after).toEqual(allRefused(after));
      expect(authLimits.sessionCheckMaxAgeMs).toBeLessThanOrEqual(1000);
    });
  });

  describe.skipIf(!available)('other ends of a session', () => {
    it('reusing a rotated refresh token revokes the family, and its access token is refused', async () => {
      const first = await registerPerson(a, newPhone());
      const athleteId = claimsOf(first.Token)['Sportsman'] as string;
      const rotated = await a.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: first.RefreshToken })
        .expect(200);
      const token = rotated.body.Token as string;
      expect((await statuses(b, token, athleteId))['proxy read']).toBe(200);

      a.clock.advance(authLimits.refreshReuseGraceMs + 1000);
      await a.http.post('/api/auth/Refresh').send({ RefreshToken: first.RefreshToken }).expect(401);

      a.clock.advance(authLimits.sessionCheckMaxAgeMs);
      for (const t of [a, b]) {
        const after = await statuses(t, token, athleteId);
        expect(after).toEqual(allRefused(after));
      }
    });

    it('a phone change ends the old sessions', async () => {
      const oldPhone = newPhone();
      const target = newPhone();
      const old = await registerPerson(a, oldPhone);
      const athleteId = claimsOf(old.Token)['Sportsman'] as string;
      await a.http.post('/api/auth/ChangePhone').send({ oldPhone, newPhone: target }).expect(200);
      const moved = await a.http
        .post('/api/auth/ChangePhoneConfirm')
        .send({
          oldPhone,
          newPhone: target,
          oldCode: a.sms.lastCodeFor(oldPhone),
          newCode: a.sms.lastCodeFor(target),
        })
        .expect(200);
      const after = await statuses(a, old.Token, athleteId);
      expect(after).toEqual(allRefused(after));
      expect((await statuses(a, moved.body.data.Token, athleteId))['proxy read']).toBe(200);
    });
  });

  describe.skipIf(!available)('the caller the guard reads from the store', () => {
    it('lets the proxy check ownership with the login’s athletes, and refuses forged tokens and foreign ids', async () => {
      const mine = await registerPerson(a, newPhone());
      const theirs = await registerPerson(a, newPhone());
      const myId = claimsOf(mine.Token)['Sportsman'] as string;
      const theirId = claimsOf(theirs.Token)['Sportsman'] as string;
      const read = (token: string, id: string) =>
        a.http
          .get(proxyTarget('getMyRequestList', extensions.requests, { sportsmanID: id }))
          .set('Authorization', `Bearer ${token}`);
      await read(mine.Token, myId).expect(200);
      await read(mine.Token, theirId).expect(403);
      const forged = await read(`${mine.Token.slice(0, -4)}AAAA`, myId).expect(401);
      expect(forged.body.statusCode).toBe(401);
      const foreign = await read(mine.Token, myId).set(USER_ID_HEADER, theirId).expect(403);
      expect(foreign.body.code).toBe(authErrorCodes.forbiddenUser);
    });

    it('a guest still reads guest paths, and a bad token on an optional route is a 401', async () => {
      await a.http.get(proxyTarget('getAgeClasses', extensions.functions, {})).expect(200);
      await a.http
        .get(proxyTarget('getAgeClasses', extensions.functions, {}))
        .set('Authorization', 'Bearer not-a-token')
        .expect(401);
    });
  });
});
