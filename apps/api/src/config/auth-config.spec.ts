import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from './app-config';
import { loadAuthConfig, RELAXED_CODE_SEND_LIMITS } from './auth-config';

describe('loadAuthConfig', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses JWT_SECRET with HS256 and SQLite under AUTH_DATA_DIR by default', () => {
    const dir = tempDir();
    const config = loadAuthConfig({ JWT_SECRET: 'x'.repeat(32), AUTH_DATA_DIR: dir });
    expect(config.jwt.algorithm).toBe('HS256');
    expect(config.database).toEqual({ kind: 'sqlite', file: join(dir, 'auth.sqlite') });
    expect(config).toMatchObject({ issuer: 'federation-portal', audience: 'federation-portal-api' });
  });

  it('relaxes the code limits for end-to-end runs in sandbox mode only', () => {
    const dir = tempDir();
    expect(loadAuthConfig({ JWT_SECRET: 'x'.repeat(32), AUTH_DATA_DIR: dir }).codeSendLimits).toBeUndefined();
    expect(
      loadAuthConfig({ JWT_SECRET: 'x'.repeat(32), AUTH_DATA_DIR: dir, AUTH_RELAXED_CODE_LIMITS: 'true' })
        .codeSendLimits,
    ).toEqual(RELAXED_CODE_SEND_LIMITS);
    expect(() =>
      loadAuthConfig({
        JWT_SECRET: 'x'.repeat(32),
        AUTH_DATA_DIR: dir,
        AUTH_RELAXED_CODE_LIMITS: 'true',
        PLATFORM_URL: 'https://platform.example',
      }),
    ).toThrow(/AUTH_RELAXED_CODE_LIMITS: only for the sandbox/);
    expect(() => loadAuthConfig({ JWT_SECRET: 'x'.repeat(32), AUTH_RELAXED_CODE_LIMITS: 'yes' })).toThrow(
      ConfigError,
    );
  });

  it('selects PostgreSQL when DATABASE_URL is set', () => {
    const config = loadAuthConfig({
      JWT_SECRET: 'x'.repeat(32),
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/db' });
  });

  it('generates a sandbox secret once outside production, readable by the owner only', () => {
    const dir = tempDir();
    const first = loadAuthConfig({ NODE_ENV: 'development', AUTH_DATA_DIR: dir });
    const second = loadAuthConfig({ NODE_ENV: 'development', AUTH_DATA_DIR: dir });
    expect(first.jwtKeySource).toBe('generated');
    expect(first.jwt).toEqual(second.jwt);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThan(40);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('requires a key in production against the real platform and names the variables', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production', PLATFORM_URL: 'https://elma.example' })).toThrow(
      /JWT_SECRET or JWT_PRIVATE_KEY/,
    );
  });

  it('generates the secret in production too while the demo federation stands in for the platform', () => {
    const config = loadAuthConfig({ NODE_ENV: 'production', AUTH_DATA_DIR: tempDir() });
    expect(config.jwtKeySource).toBe('generated');
  });

  it.each([
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_PRIVATE_KEY: 'not a pem' }, 'JWT_PRIVATE_KEY'],
    [{ JWT_SECRET: 'x'.repeat(32), JWT_PRIVATE_KEY: 'x' }, 'JWT_PRIVATE_KEY'],
    [{ JWT_SECRET: 'x'.repeat(32), JWT_ISSUER: '' }, 'JWT_ISSUER'],
  ])('refuses %j naming %s', (env, variable) => {
    try {
      loadAuthConfig(env);
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
    expect(loadAuthConfig({ JWT_PRIVATE_KEY: String(rsa).replace(/\n/g, '\\n') }).jwt.algorithm).toBe(
      'RS256',
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(loadAuthConfig({ JWT_PRIVATE_KEY: String(ec) }).jwt.algorithm).toBe('ES256');
    const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(() => loadAuthConfig({ JWT_PRIVATE_KEY: String(ed) })).toThrow(/JWT_PRIVATE_KEY/);
  });
});
