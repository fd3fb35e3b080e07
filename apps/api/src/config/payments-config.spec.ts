import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addressIn, addressRanges } from '../payments/address-ranges';
import { ConfigError, loadConfig } from './app-config';
import { LOOPBACK_RANGES, YOOKASSA_NOTIFICATION_RANGES } from './payments-config';
import { prepareSandboxSecrets } from './sandbox-secrets';
import { realDeploymentEnv } from './testing/test-config';

const dir = mkdtempSync(join(tmpdir(), 'api-payments-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sandboxEnv = (env: Record<string, string> = {}) => ({
  PLATFORM_TOKEN: 'test-platform-token-0123456789',
  JWT_SECRET: 'x'.repeat(32),
  SANDBOX_DATA_DIR: join(dir, 'sandbox'),
  PORT: '4100',
  ...env,
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the payments configuration', () => {
  it('leaves payments to the twin on this api’s port when YOOKASSA_URL is unset, notified from loopback', () => {
    const config = loadConfig(sandboxEnv());
    expect(config.payments).toEqual({
      mode: 'sandbox',
      url: 'http://127.0.0.1:4100/sandbox/yookassa/v3',
      shopId: '100500',
      secretKey: { generatedInto: join(dir, 'sandbox', 'yookassa-secret-key') },
      notifyFrom: [...LOOPBACK_RANGES],
      timeoutMs: 10_000,
    });
  });

  it('generates the sandbox shop key once, owner-only, and keeps it across restarts', () => {
    const first = prepareSandboxSecrets(loadConfig(sandboxEnv()));
    const file = join(dir, 'sandbox', 'yookassa-secret-key');
    expect(first.payments.secretKey).toMatch(/^test_[\w-]{40,}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.payments.secretKey).toBe(`test_${readFileSync(file, 'utf8')}`);
    expect(prepareSandboxSecrets(loadConfig(sandboxEnv())).payments.secretKey).toBe(first.payments.secretKey);
  });

  it('takes the real YooKassa with its shop, accepting notifications from YooKassa’s published ranges', () => {
    const config = loadConfig(realDeploymentEnv());
    expect(config.payments).toEqual({
      mode: 'upstream',
      url: 'https://api.yookassa.example/v3',
      shopId: '123456',
      secretKey: 'live_a-real-shop-secret-key-0123456789',
      notifyFrom: [...YOOKASSA_NOTIFICATION_RANGES],
      timeoutMs: 10_000,
    });
  });

  it('needs the shop id and key with YOOKASSA_URL', () => {
    const problems = problemsOf(sandboxEnv({ YOOKASSA_URL: 'https://api.yookassa.example/v3' }));
    expect(problems).toEqual([
      'YOOKASSA_SHOP_ID: required when YOOKASSA_URL is set',
      'YOOKASSA_SECRET_KEY: required when YOOKASSA_URL is set',
    ]);
  });

  it('reads YOOKASSA_NOTIFY_FROM as addresses and ranges, and names an entry that is neither', () => {
    const config = loadConfig(sandboxEnv({ YOOKASSA_NOTIFY_FROM: '10.0.0.0/8, 192.0.2.7  2001:db8::/32' }));
    expect(config.payments.notifyFrom).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    expect(problemsOf(sandboxEnv({ YOOKASSA_NOTIFY_FROM: '10.0.0.0/8,yookassa.ru' }))).toEqual([
      'YOOKASSA_NOTIFY_FROM: «yookassa.ru» is not an IP address or CIDR range',
    ]);
    expect(problemsOf(sandboxEnv({ YOOKASSA_NOTIFY_FROM: '10.0.0.0/33' }))).toHaveLength(1);
  });
});

describe('address ranges of the notification receiver', () => {
  const yookassa = addressRanges(YOOKASSA_NOTIFICATION_RANGES);

  it('holds YooKassa’s ranges and single addresses, IPv4 (also as IPv4-mapped IPv6) and IPv6', () => {
    for (const address of [
      '185.71.76.1',
      '185.71.77.31',
      '77.75.153.127',
      '77.75.156.11',
      '::ffff:77.75.154.200',
      '2a02:5180::1',
    ]) {
      expect({ address, in: addressIn(yookassa, address) }).toEqual({ address, in: true });
    }
    for (const address of [
      '185.71.76.32',
      '77.75.156.12',
      '127.0.0.1',
      '::1',
      '2a02:5181::1',
      'not-an-ip',
      undefined,
    ]) {
      expect({ address, in: addressIn(yookassa, address) }).toEqual({ address, in: false });
    }
  });

  it('holds loopback in a sandbox', () => {
    const loopback = addressRanges(LOOPBACK_RANGES);
    expect(['127.0.0.1', '::ffff:127.0.0.1', '::1'].map((address) => addressIn(loopback, address))).toEqual([
      true,
      true,
      true,
    ]);
    expect(addressIn(loopback, '10.0.0.1')).toBe(false);
  });
});
