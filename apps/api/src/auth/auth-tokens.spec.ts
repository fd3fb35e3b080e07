import { ACCESS_TOKEN_TTL_SECONDS, authErrorCodes } from '@fed/contracts';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authLimits, HOUR_MS } from './auth-constants';
import {
  claimsOf,
  createAuthTestApp,
  registerPerson,
  storeDialects,
  TEST_SECRET,
  type AuthTestApp,
} from './testing/auth-test-app';

let phoneSeq = 0;
function newPhone(): string {
  phoneSeq += 1;
  return `+7901${String(10_000_000 + phoneSeq).slice(1)}`;
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function signHs256(header: unknown, claims: unknown, secret: Buffer = TEST_SECRET): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe.each(storeDialects)('tokens and sessions ($dialect)', ({ dialect, available }) => {
  let t: AuthTestApp;
  beforeAll(async () => {
    if (available) t = await createAuthTestApp(dialect);
  });
  afterAll(async () => {
    if (available) await t.close();
  });
  beforeEach(() => {
    if (available) t.clock.advance(2 * HOUR_MS);
  });

  const linked = (token: string) =>
    t.http.get('/api/auth/LinkedAccounts').set('Authorization', `Bearer ${token}`);

  describe.skipIf(!available)('access token', () => {
    it('carries the spec claims and a pinned algorithm, and opens a guarded route', async () => {
      const { Token } = await registerPerson(t, newPhone());
      const [header] = Token.split('.');
      expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
        alg: 'HS256',
        typ: 'JWT',
      });
      const claims = claimsOf(Token);
      expect(claims).toMatchObject({
        iss: 'federation-portal',
        aud: 'federation-portal-api',
        typ: 'access',
        ContractorType: 'sportsman',
        Sportsman: expect.any(String),
        sub: expect.any(String),
      });
      expect((claims['exp'] as number) - (claims['iat'] as number)).toBe(ACCESS_TOKEN_TTL_SECONDS);
      await linked(Token).expect(200);
    });

    it('refuses a missing or malformed Authorization header with 401', async () => {
      await t.http.get('/api/auth/LinkedAccounts').expect(401);
      await t.http.get('/api/auth/LinkedAccounts').set('Authorization', 'Basic abc').expect(401);
      await linked('not-a-jwt').expect(401);
    });

    it('refuses a tampered signature or payload with 401', async () => {
      const { Token } = await registerPerson(t, newPhone());
      const [header, payload, signature = ''] = Token.split('.');
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      const response = await linked(`${header}.${payload}.${flipped}`).expect(401);
      expect(response.body.code).toBe(authErrorCodes.tokenInvalid);
      const claims = claimsOf(Token);
      const otherPayload = b64({ ...claims, Sportsman: 'someone-else' });
      await linked(`${header}.${otherPayload}.${signature}`).expect(401);
    });

    it('refuses alg none, and an algorithm other than the pinned one', async () => {
      const { Token } = await registerPerson(t, newPhone());
      const claims = claimsOf(Token);
      await linked(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`).expect(401);
      await linked(`${b64({ alg: 'none' })}.${b64(claims)}.${Token.split('.')[2]}`).expect(401);
      const hs512Input = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims)}`;
      const hs512 = createHmac('sha512', TEST_SECRET).update(hs512Input).digest('base64url');
      await linked(`${hs512Input}.${hs512}`).expect(401);
    });

    it('refuses a correctly signed token with a wrong aud, iss, typ, or a foreign key', async () => {
      const { Token } = await registerPerson(t, newPhone());
      const claims = claimsOf(Token);
      const header = { alg: 'HS256', typ: 'JWT' };
      await linked(signHs256(header, claims)).expect(200); // the forging helper itself is right
      await linked(signHs256(header, { ...claims, aud: 'another-api' })).expect(401);
      await linked(signHs256(header, { ...claims, iss: 'someone' })).expect(401);
      await linked(signHs256(header, { ...claims, typ: 'refresh' })).expect(401);
      await linked(signHs256({ alg: 'HS256', typ: 'at+jwt' }, claims)).expect(401);
      await linked(signHs256(header, claims, Buffer.alloc(32, 7))).expect(401);
    });

    it('refuses an expired token', async () => {
      const { Token } = await registerPerson(t, newPhone());
      t.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 61_000 - 1000);
      await linked(Token).expect(200);
      t.clock.advance(2000);
      const response = await linked(Token).expect(401);
      expect(response.body.code).toBe(authErrorCodes.tokenInvalid);
    });
  });

  describe.skipIf(!available)('Refresh', () => {
    it('rotates: answers Token and RefreshToken at the top level, and the old token is used up', async () => {
      const first = await registerPerson(t, newPhone());
      const rotated = await t.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: first.RefreshToken })
        .expect(200);
      expect(Object.keys(rotated.body).sort()).toEqual(['RefreshToken', 'Token']);
      expect(rotated.body.RefreshToken).not.toBe(first.RefreshToken);
      expect(claimsOf(rotated.body.Token)['Sportsman']).toBe(claimsOf(first.Token)['Sportsman']);
      const next = await t.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: rotated.body.RefreshToken })
        .expect(200);
      await linked(next.body.Token).expect(200);
      // Stored hashed: the token itself is nowhere in the store.
      const rows = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
      expect(rows.map((row) => row.token_hash)).not.toContain(next.body.RefreshToken);
    });

    it('revokes the whole family when an old refresh token is reused after the grace window', async () => {
      const first = await registerPerson(t, newPhone());
      const second = await t.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: first.RefreshToken })
        .expect(200);
      t.clock.advance(authLimits.refreshReuseGraceMs + 1000);
      const reuse = await t.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: first.RefreshToken })
        .expect(401);
      expect(reuse.body.code).toBe(authErrorCodes.refreshInvalid);
      // The legitimate newest token of the family is dead too.
      await t.http.post('/api/auth/Refresh').send({ RefreshToken: second.body.RefreshToken }).expect(401);
      const audit = await t.db
        .selectFrom('audit_events')
        .select('event')
        .where('event', '=', 'refresh_reuse')
        .execute();
      expect(audit.length).toBeGreaterThan(0);
    });

    it('two concurrent refreshes of the same token both leave the user signed in', async () => {
      const first = await registerPerson(t, newPhone());
      const [a, b] = await Promise.all([
        t.http.post('/api/auth/Refresh').send({ RefreshToken: first.RefreshToken }),
        t.http.post('/api/auth/Refresh').send({ RefreshToken: first.RefreshToken }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.RefreshToken).not.toBe(b.body.RefreshToken);
      // Both tabs go on refreshing with what they got.
      t.clock.advance(5 * 60_000);
      await t.http.post('/api/auth/Refresh').send({ RefreshToken: a.body.RefreshToken }).expect(200);
      await t.http.post('/api/auth/Refresh').send({ RefreshToken: b.body.RefreshToken }).expect(200);
    });

    it('a second tab refreshing shortly after the first also stays signed in (grace window)', async () => {
      const first = await registerPerson(t, newPhone());
      await t.http.post('/api/auth/Refresh').send({ RefreshToken: first.RefreshToken }).expect(200);
      t.clock.advance(authLimits.refreshReuseGraceMs - 1000);
      const late = await t.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: first.RefreshToken })
        .expect(200);
      await linked(late.body.Token).expect(200);
    });

    it('refuses an unknown, an expired, and a bad-body refresh', async () => {
      await t.http.post('/api/auth/Refresh').send({ RefreshToken: 'nope' }).expect(401);
      const bad = await t.http.post('/api/auth/Refresh').send({}).expect(400);
      expect(bad.body.fieldErrors.RefreshToken).toEqual(['Поле обязательно']);
      const first = await registerPerson(t, newPhone());
      t.clock.advance(authLimits.refreshTokenTtlMs);
      await t.http.post('/api/auth/Refresh').send({ RefreshToken: first.RefreshToken }).expect(401);
    });

    it('limits refreshes per IP (429 with Retry-After)', async () => {
      const response = await Promise.resolve().then(async () => {
        for (let i = 0; i < authLimits.refreshesPerIpPerMinute; i += 1) {
          await t.http.post('/api/auth/Refresh').send({ RefreshToken: `unknown-${i}` });
        }
        return t.http.post('/api/auth/Refresh').send({ RefreshToken: 'unknown' });
      });
      expect(response.status).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe.skipIf(!available)('Logout', () => {
    it('revokes the refresh family; logging out twice is fine', async () => {
      const first = await registerPerson(t, newPhone());
      const rotated = await t.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: first.RefreshToken })
        .expect(200);
      const out = await t.http
        .post('/api/auth/Logout')
        .send({ RefreshToken: rotated.body.RefreshToken })
        .expect(200);
      expect(out.body).toEqual({ data: { loggedOut: true } });
      await t.http.post('/api/auth/Refresh').send({ RefreshToken: rotated.body.RefreshToken }).expect(401);
      await t.http.post('/api/auth/Logout').send({ RefreshToken: rotated.body.RefreshToken }).expect(200);
      const bad = await t.http.post('/api/auth/Logout').send({ RefreshToken: 5 }).expect(400);
      expect(bad.body.fieldErrors.RefreshToken).toBeDefined();
    });
  });
});

describe('asymmetric keys', () => {
  it.each([
    ['RS256', generateKeyPairSync('rsa', { modulusLength: 2048 })],
    ['ES256', generateKeyPairSync('ec', { namedCurve: 'prime256v1' })],
  ] as const)(
    'signs and verifies with %s and refuses the HS256 confusion attack',
    async (algorithm, pair) => {
      const t = await createAuthTestApp('sqlite', {
        jwt: { algorithm, privateKey: pair.privateKey, publicKey: pair.publicKey },
      });
      try {
        const { Token } = await registerPerson(t, '+79020000001');
        expect(JSON.parse(Buffer.from(Token.split('.')[0] ?? '', 'base64url').toString()).alg).toBe(
          algorithm,
        );
        await t.http.get('/api/auth/LinkedAccounts').set('Authorization', `Bearer ${Token}`).expect(200);
        // HS256 signed with the public key as the secret must not pass.
        const publicPem = Buffer.from(pair.publicKey.export({ type: 'spki', format: 'pem' }));
        const forged = signHs256({ alg: 'HS256', typ: 'JWT' }, claimsOf(Token), publicPem);
        await t.http.get('/api/auth/LinkedAccounts').set('Authorization', `Bearer ${forged}`).expect(401);
      } finally {
        await t.close();
      }
    },
  );
});
