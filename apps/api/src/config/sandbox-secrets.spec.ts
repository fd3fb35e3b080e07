import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './app-config';
import { prepareSandboxSecrets } from './sandbox-secrets';
import { realDeploymentEnv } from './testing/test-config';

const dir = mkdtempSync(join(tmpdir(), 'api-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('prepareSandboxSecrets', () => {
  it('generates the platform token and the JWT secret once, owner-only, and keeps them across restarts', () => {
    const env = { SANDBOX_DATA_DIR: join(dir, 'run', 'sandbox'), AUTH_DATA_DIR: join(dir, 'run', 'auth') };
    const first = prepareSandboxSecrets(loadConfig(env));
    expect(first.platform.token.length).toBeGreaterThanOrEqual(32);
    expect(first.auth).toMatchObject({ jwtKeySource: 'generated', jwt: { algorithm: 'HS256' } });
    for (const file of [
      join(env.SANDBOX_DATA_DIR, 'platform-token'),
      join(env.AUTH_DATA_DIR, 'jwt-secret'),
    ]) {
      expect(modeOf(file)).toBe(0o600);
    }
    expect(modeOf(env.SANDBOX_DATA_DIR)).toBe(0o700);
    expect(modeOf(env.AUTH_DATA_DIR)).toBe(0o700);

    const second = prepareSandboxSecrets(loadConfig(env));
    expect(second.platform.token).toBe(first.platform.token);
    expect(second.auth.jwt).toEqual(first.auth.jwt);
    expect(second.auth.hashSecret).toEqual(first.auth.hashSecret);
  });

  it('tightens a secret file an earlier version left readable to others', () => {
    const sandboxDir = join(dir, 'old', 'sandbox');
    mkdirSync(sandboxDir, { recursive: true });
    writeFileSync(join(sandboxDir, 'platform-token'), 'kept-token-from-an-earlier-start-0123', {
      mode: 0o644,
    });
    const config = prepareSandboxSecrets(
      loadConfig({ SANDBOX_DATA_DIR: sandboxDir, JWT_SECRET: 'x'.repeat(32) }),
    );
    expect(config.platform.token).toBe(readFileSync(join(sandboxDir, 'platform-token'), 'utf8'));
    expect(modeOf(join(sandboxDir, 'platform-token'))).toBe(0o600);
  });

  it('has nothing to generate in a real deployment and writes nothing', () => {
    const authDir = join(dir, 'real', 'auth');
    const loaded = loadConfig({ ...realDeploymentEnv(), AUTH_DATA_DIR: authDir });
    expect(prepareSandboxSecrets(loaded)).toEqual(loaded);
    expect(existsSync(join(dir, 'real'))).toBe(false);
  });
});
