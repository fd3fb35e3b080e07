import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';

const sandboxDir = mkdtempSync(join(tmpdir(), 'api-config-'));
afterAll(() => rmSync(sandboxDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('defaults to port 3000 in production', () => {
    const config = loadConfig({ PORTAL_DIST_DIR: '/srv/portal', SANDBOX_DATA_DIR: sandboxDir });
    expect(config).toMatchObject({ port: 3000, nodeEnv: 'production', portalDistDir: '/srv/portal' });
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging' });
      expect.unreachable('loadConfig accepted a bad environment');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('NODE_ENV');
    }
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('without PLATFORM_URL points the platform at the sandbox twin with a token kept across restarts', () => {
    const dir = join(sandboxDir, 'twin');
    const first = loadConfig({ PORT: '3100', SANDBOX_DATA_DIR: dir });
    expect(first.platform).toMatchObject({
      mode: 'sandbox',
      url: 'http://127.0.0.1:3100/sandbox/elma',
      dataDir: dir,
      seed: 'demo',
    });
    expect(first.platform?.token.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'platform-token')).mode & 0o777).toBe(0o600);
    const second = loadConfig({ PORT: '3100', SANDBOX_DATA_DIR: dir, SANDBOX_SEED: 'scale' });
    expect(second.platform).toMatchObject({ token: first.platform?.token, seed: 'scale' });
  });

  it('takes the real platform from PLATFORM_URL and PLATFORM_TOKEN', () => {
    const config = loadConfig({
      PLATFORM_URL: 'https://federation.elma365.ru/',
      PLATFORM_TOKEN: 'a-real-token-0123456789',
      SANDBOX_DATA_DIR: sandboxDir,
    });
    expect(config.platform).toEqual({
      mode: 'upstream',
      url: 'https://federation.elma365.ru',
      token: 'a-real-token-0123456789',
    });
  });

  it('names PLATFORM_TOKEN when PLATFORM_URL comes without it, and refuses a bad seed or URL', () => {
    expect(() => loadConfig({ PLATFORM_URL: 'https://federation.elma365.ru' })).toThrow(/PLATFORM_TOKEN/);
    expect(() => loadConfig({ SANDBOX_SEED: 'all', SANDBOX_DATA_DIR: sandboxDir })).toThrow(/SANDBOX_SEED/);
    expect(() => loadConfig({ PLATFORM_URL: 'ftp://x', PLATFORM_TOKEN: 'a-real-token-0123456789' })).toThrow(
      /PLATFORM_URL/,
    );
  });
});
