import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';
import { realDeploymentEnv } from './testing/test-config';

const dir = mkdtempSync(join(tmpdir(), 'api-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The problems of the `ConfigError` that `env` gets (fails the test when it gets none). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  return expect.unreachable('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('reads a sandbox from an empty environment and writes nothing', () => {
    const sandboxDir = join(dir, 'untouched', 'sandbox');
    const authDir = join(dir, 'untouched', 'auth');
    const config = loadConfig({ SANDBOX_DATA_DIR: sandboxDir, AUTH_DATA_DIR: authDir, PORT: '3100' });
    expect(config).toMatchObject({
      deployment: { kind: 'sandbox', dataDir: sandboxDir, seed: 'demo' },
      nodeEnv: 'production',
      host: '0.0.0.0',
      port: 3100,
      trustProxy: 0,
      platform: {
        url: 'http://127.0.0.1:3100/sandbox/elma',
        token: { generatedInto: join(sandboxDir, 'platform-token') },
      },
      upstreams: {
        dadata: { mode: 'sandbox', url: 'http://127.0.0.1:3100/sandbox/dadata' },
        sms: { gateway: 'outbox' },
      },
      publicConfig: sandboxPublicConfig,
      auth: {
        jwtKeySource: 'generated',
        jwt: { generatedInto: join(authDir, 'jwt-secret') },
        database: { kind: 'sqlite', file: join(authDir, 'auth.sqlite') },
      },
      images: { cacheDir: join(authDir, 'cache', 'img') },
    });
    expect(existsSync(join(dir, 'untouched'))).toBe(false);
  });

  it('reads a real deployment whole: platform, keys, gateways and every platform id', () => {
    const env = realDeploymentEnv();
    const config = loadConfig({ ...env, PORTAL_DIST_DIR: '/srv/portal', TRUST_PROXY: '1' });
    expect(config).toMatchObject({
      deployment: { kind: 'real' },
      portalDistDir: resolve('/srv/portal'),
      trustProxy: 1,
      platform: { url: env['PLATFORM_URL'], token: env['PLATFORM_TOKEN'] },
      upstreams: {
        dadata: { mode: 'upstream', url: env['DADATA_URL'], token: env['DADATA_TOKEN'] },
        sms: { gateway: 'smsru', url: env['SMS_RU_URL'], apiId: env['SMS_RU_API_ID'] },
      },
      auth: { jwtKeySource: 'JWT_SECRET', jwt: { algorithm: 'HS256' } },
    });
    expect(config.publicConfig.extensions.functions).toBe(env['PUBLIC_EXTENSION_FUNCTIONS_ID']);
    expect(config.publicConfig.offerDocumentIds.user).toBe(env['PUBLIC_OFFER_USER_ID']);
    expect(config.publicConfig.analyticsId).toBeNull();
  });

  it('bounds the resized-image cache by IMAGE_CACHE_MAX_BYTES, refusing less than 1 MiB or a non-number', () => {
    const base = { SANDBOX_DATA_DIR: join(dir, 'img', 'sandbox'), AUTH_DATA_DIR: join(dir, 'img', 'auth') };
    expect(loadConfig(base).images.cacheMaxBytes).toBeUndefined();
    expect(loadConfig({ ...base, IMAGE_CACHE_MAX_BYTES: '' }).images.cacheMaxBytes).toBeUndefined();
    expect(loadConfig({ ...base, IMAGE_CACHE_MAX_BYTES: '536870912' }).images.cacheMaxBytes).toBe(
      536_870_912,
    );
    for (const bad of ['1000', '256MiB', '-1', '2097152.5']) {
      expect(problemsOf({ ...base, IMAGE_CACHE_MAX_BYTES: bad })).toEqual([
        expect.stringMatching(/^IMAGE_CACHE_MAX_BYTES: /),
      ]);
    }
  });

  it('runs the event watch every 15 minutes in a sandbox and a deployment alike, as EVENT_WATCH_INTERVAL_MS says', () => {
    const base = {
      SANDBOX_DATA_DIR: join(dir, 'watch', 'sandbox'),
      AUTH_DATA_DIR: join(dir, 'watch', 'auth'),
    };
    expect(loadConfig(base).notices?.eventWatchIntervalMs).toBe(900_000);
    expect(loadConfig(realDeploymentEnv()).notices?.eventWatchIntervalMs).toBe(900_000);
    expect(loadConfig({ ...base, EVENT_WATCH_INTERVAL_MS: '0' }).notices?.eventWatchIntervalMs).toBe(0);
    expect(loadConfig({ ...base, EVENT_WATCH_INTERVAL_MS: '60000' }).notices?.eventWatchIntervalMs).toBe(
      60_000,
    );
    for (const bad of ['-1', 'often', '1.5', String(25 * 3_600_000)]) {
      expect(problemsOf({ ...base, EVENT_WATCH_INTERVAL_MS: bad })).toEqual([
        expect.stringMatching(/^EVENT_WATCH_INTERVAL_MS: /),
      ]);
    }
  });

  it('runs the club digest job every five minutes unless CLUB_DIGEST_INTERVAL_MS says otherwise (0 off)', () => {
    const base = { SANDBOX_DATA_DIR: join(dir, 'club', 'sandbox'), AUTH_DATA_DIR: join(dir, 'club', 'auth') };
    expect(loadConfig(base).notices?.clubDigestIntervalMs).toBe(300_000);
    expect(loadConfig({ ...base, CLUB_DIGEST_INTERVAL_MS: '0' }).notices?.clubDigestIntervalMs).toBe(0);
    for (const bad of ['-1', 'soon', '3600001', '1.5']) {
      expect(problemsOf({ ...base, CLUB_DIGEST_INTERVAL_MS: bad })).toEqual([
        expect.stringMatching(/^CLUB_DIGEST_INTERVAL_MS: /),
      ]);
    }
  });

  it('names every bad variable of every section in one error', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      JWT_SECRET: 'short',
      SMS_TIMEOUT_MS: 'soon',
      PUBLIC_EXTENSION_FUNCTIONS_ID: 'functions',
    });
    expect(problems).toHaveLength(4);
    for (const variable of ['PORT', 'JWT_SECRET', 'SMS_TIMEOUT_MS', 'PUBLIC_EXTENSION_FUNCTIONS_ID']) {
      expect(problems.filter((problem) => problem.startsWith(`${variable}:`))).toHaveLength(1);
    }
  });

  it('checks the rules between variables in the same pass as the values', () => {
    const problems = problemsOf({
      NODE_ENV: 'staging',
      DADATA_URL: 'https://suggestions.dadata.example',
      SMS_GATEWAY: 'smsru',
      JWT_SECRET: 'x'.repeat(32),
      JWT_PRIVATE_KEY: 'not a pem',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^NODE_ENV:/),
      'DADATA_TOKEN: required when DADATA_URL is set',
      'SMS_RU_API_ID: required when SMS_GATEWAY=smsru',
      'JWT_SECRET, JWT_PRIVATE_KEY: set one of them, not both',
      expect.stringMatching(/^JWT_PRIVATE_KEY: not a usable PEM private key/),
    ]);
  });

  it('names PLATFORM_TOKEN when PLATFORM_URL comes without it, and refuses a short token, a bad seed or URL', () => {
    const { PLATFORM_TOKEN: _token, ...withoutToken } = realDeploymentEnv();
    expect(problemsOf(withoutToken)).toEqual(['PLATFORM_TOKEN: required when PLATFORM_URL is set']);
    expect(problemsOf({ PLATFORM_TOKEN: 'short' })).toEqual([
      'PLATFORM_TOKEN: must be at least 16 characters',
    ]);
    expect(problemsOf({ SANDBOX_SEED: 'all' })).toEqual([expect.stringMatching(/^SANDBOX_SEED:/)]);
    expect(problemsOf({ PLATFORM_URL: 'ftp://x' })).toEqual([expect.stringMatching(/^PLATFORM_URL:/)]);
    expect(problemsOf({ PORT: '70000' })).toEqual([expect.stringMatching(/^PORT:/)]);
  });

  it('keeps a token the sandbox is given instead of generating one', () => {
    const config = loadConfig({ PLATFORM_TOKEN: 'given-sandbox-token-0123', SANDBOX_SEED: 'scale' });
    expect(config.platform.token).toBe('given-sandbox-token-0123');
    expect(config.deployment).toMatchObject({ kind: 'sandbox', seed: 'scale' });
  });
});
