import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/app-config';
import type { AuthConfig } from '../config/auth-config';
import { realDeploymentEnv } from '../config/testing/test-config';
import { createAuthTestApp, registerPerson, type AuthTestApp } from './testing/auth-test-app';

/**
 * A rotation as the runbook does it: the instances restart on a new key, with the old one as
 * `JWT_PREVIOUS_KEY` and the old one's value as `AUTH_HASH_SECRET`. Keys come from `loadConfig`, so the
 * variables are what is tested.
 */
function authOf(env: Record<string, string>): Partial<AuthConfig> {
  const { JWT_SECRET: _replaced, ...base } = realDeploymentEnv();
  const { auth } = loadConfig({ ...base, ...env });
  if (!('hashSecret' in auth)) throw new Error('a key was expected');
  return {
    jwt: auth.jwt,
    jwtKeySource: auth.jwtKeySource,
    hashSecret: auth.hashSecret,
    ...(auth.previousJwt && { previousJwt: auth.previousJwt }),
  };
}

const pem = (type: 'rsa' | 'ec') =>
  String(
    (type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    ).privateKey.export({ type: 'pkcs8', format: 'pem' }),
  );

const secret = () => randomBytes(32).toString('base64url');

describe.each([
  ['a secret to a secret', { JWT_SECRET: secret() }, { JWT_SECRET: secret() }],
  ['a secret to an RSA key', { JWT_SECRET: secret() }, { JWT_PRIVATE_KEY: pem('rsa') }],
  ['an EC key to an EC key', { JWT_PRIVATE_KEY: pem('ec') }, { JWT_PRIVATE_KEY: pem('ec') }],
])(
  'rotating the JWT key from %s',
  (_name, oldKey: Record<string, string>, newKey: Record<string, string>) => {
    const oldValue = Object.values(oldKey)[0] ?? '';
    let dir: string;
    let before: AuthTestApp;
    let rotated: AuthTestApp;
    let withoutPrevious: AuthTestApp;
    let withoutHashSecret: AuthTestApp;
    let session: { Token: string; RefreshToken: string };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'auth-rotation-'));
      const database = { kind: 'sqlite' as const, file: join(dir, 'auth.sqlite') };
      before = await createAuthTestApp('sqlite', authOf(oldKey), false, { database });
      const shared = { database, clock: before.clock };
      rotated = await createAuthTestApp(
        'sqlite',
        authOf({ ...newKey, JWT_PREVIOUS_KEY: oldValue, AUTH_HASH_SECRET: oldValue }),
        false,
        shared,
      );
      withoutPrevious = await createAuthTestApp(
        'sqlite',
        authOf({ ...newKey, AUTH_HASH_SECRET: oldValue }),
        false,
        shared,
      );
      withoutHashSecret = await createAuthTestApp(
        'sqlite',
        authOf({ ...newKey, JWT_PREVIOUS_KEY: oldValue }),
        false,
        shared,
      );
      session = await registerPerson(before, '+79051230001');
    });
    afterAll(async () => {
      for (const t of [before, rotated, withoutPrevious, withoutHashSecret]) await t.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const linked = (t: AuthTestApp, token: string) =>
      t.http.get('/api/auth/LinkedAccounts').set('Authorization', `Bearer ${token}`);

    it('keeps everyone signed in: the old access token still works, the old refresh token refreshes', async () => {
      await linked(rotated, session.Token).expect(200);
      const refreshed = await rotated.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: session.RefreshToken })
        .expect(200);
      // The new pair is signed with the new key: the instances left on the old one no longer accept it.
      await linked(rotated, refreshed.body.Token as string).expect(200);
      await linked(before, refreshed.body.Token as string).expect(401);
      session = {
        Token: refreshed.body.Token as string,
        RefreshToken: refreshed.body.RefreshToken as string,
      };
    });

    it('needs both variables: without the previous key old tokens are refused, without the hash secret refreshes fail', async () => {
      const fresh = await registerPerson(
        before,
        `+7905123${String(Math.floor(Math.random() * 9000) + 1000)}`,
      );
      await linked(withoutPrevious, fresh.Token).expect(401);
      await withoutHashSecret.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: fresh.RefreshToken })
        .expect(401);
      await linked(withoutHashSecret, fresh.Token).expect(200);
    });
  },
);

describe('JWT_PREVIOUS_KEY and AUTH_HASH_SECRET in loadConfig', () => {
  it('reads a previous secret, RSA or EC key (private or public) for verification only', () => {
    expect(authOf({ JWT_SECRET: secret(), JWT_PREVIOUS_KEY: secret() }).previousJwt).toMatchObject({
      algorithm: 'HS256',
    });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsaPublic = String(rsa.publicKey.export({ type: 'spki', format: 'pem' }));
    expect(
      authOf({ JWT_SECRET: secret(), JWT_PREVIOUS_KEY: rsaPublic.replace(/\n/g, '\\n') }).previousJwt,
    ).toMatchObject({ algorithm: 'RS256' });
    expect(authOf({ JWT_SECRET: secret(), JWT_PREVIOUS_KEY: pem('ec') }).previousJwt).toMatchObject({
      algorithm: 'ES256',
    });
  });

  it('derives the hashes from AUTH_HASH_SECRET exactly as from the key it held', () => {
    const oldSecret = secret();
    expect(authOf({ JWT_SECRET: secret(), AUTH_HASH_SECRET: oldSecret }).hashSecret).toEqual(
      authOf({ JWT_SECRET: oldSecret }).hashSecret,
    );
    const oldPem = pem('rsa');
    expect(authOf({ JWT_SECRET: secret(), AUTH_HASH_SECRET: oldPem }).hashSecret).toEqual(
      authOf({ JWT_PRIVATE_KEY: oldPem }).hashSecret,
    );
  });

  it.each([
    [{ JWT_PREVIOUS_KEY: 'short' }, 'JWT_PREVIOUS_KEY: not a usable secret or PEM key'],
    [{ JWT_PREVIOUS_KEY: '-----BEGIN PUBLIC KEY-----\nxyz\n-----END PUBLIC KEY-----' }, 'JWT_PREVIOUS_KEY'],
    [{ AUTH_HASH_SECRET: 'short' }, 'AUTH_HASH_SECRET: must be at least 32 characters'],
    [{ AUTH_HASH_SECRET: `-----BEGIN PRIVATE KEY-----${'x'.repeat(40)}` }, 'AUTH_HASH_SECRET'],
  ])('refuses %j naming the variable', (env, problem) => {
    expect(() => loadConfig({ ...realDeploymentEnv(), ...env })).toThrow(problem);
  });
});
