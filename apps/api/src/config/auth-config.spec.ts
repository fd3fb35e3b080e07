import { generateKeyPairSync } from 'node:crypto';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';
import { RELAXED_CODE_SEND_LIMITS } from './auth-config';

const secret = 'x'.repeat(32);

describe('the auth section of loadConfig', () => {
  it('uses JWT_SECRET with HS256 and SQLite under AUTH_DATA_DIR by default', () => {
    const { auth } = loadConfig({ JWT_SECRET: secret, AUTH_DATA_DIR: '/srv/fed' });
    expect(auth).toMatchObject({
      jwtKeySource: 'JWT_SECRET',
      jwt: { algorithm: 'HS256' },
      database: { kind: 'sqlite', file: join(resolve('/srv/fed'), 'auth.sqlite') },
      issuer: 'federation-portal',
      audience: 'federation-portal-api',
    });
    expect(auth.codeSendLimits).toBeUndefined();
  });

  it('relaxes the code limits of a sandbox when asked', () => {
    expect(loadConfig({ AUTH_RELAXED_CODE_LIMITS: 'true' }).auth.codeSendLimits).toEqual(
      RELAXED_CODE_SEND_LIMITS,
    );
    expect(() => loadConfig({ AUTH_RELAXED_CODE_LIMITS: 'yes' })).toThrow(/AUTH_RELAXED_CODE_LIMITS/);
  });

  it('selects PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).auth.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@127.0.0.1:5432/db',
    });
  });

  it.each([
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_PRIVATE_KEY: 'not a pem' }, 'JWT_PRIVATE_KEY'],
    [{ JWT_SECRET: secret, JWT_PRIVATE_KEY: 'x' }, 'JWT_PRIVATE_KEY'],
    [{ JWT_ISSUER: '' }, 'JWT_ISSUER'],
  ])('refuses %j naming %s', (env, variable) => {
    try {
      loadConfig(env);
      expect.unreachable('accepted a bad environment');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(variable);
    }
  });

  it('reads an RSA or EC P-256 PEM key, with \\n written literally', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const fromRsa = loadConfig({ JWT_PRIVATE_KEY: String(rsa).replace(/\n/g, '\\n') }).auth;
    expect(fromRsa).toMatchObject({ jwtKeySource: 'JWT_PRIVATE_KEY', jwt: { algorithm: 'RS256' } });
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(loadConfig({ JWT_PRIVATE_KEY: String(ec) }).auth.jwt).toMatchObject({ algorithm: 'ES256' });
    const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(() => loadConfig({ JWT_PRIVATE_KEY: String(ed) })).toThrow(/JWT_PRIVATE_KEY/);
  });
});
