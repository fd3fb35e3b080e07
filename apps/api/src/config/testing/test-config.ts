import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import type { AppConfig } from '../app-config';
import type { AuthConfig } from '../auth-config';
import type { SandboxSeed } from '../deployment';
import { LOOPBACK_RANGES, SANDBOX_YOOKASSA_SHOP_ID, YOOKASSA_TWIN_PATH } from '../payments-config';
import { SANDBOX_DADATA_TOKEN } from '../upstreams-config';

/** The platform token of test configurations (the twin's, in a sandbox one). */
export const TEST_PLATFORM_TOKEN = 'test-platform-token-0123456789';
/** The YooKassa shop key of test configurations (the twin's, in a sandbox one). */
export const TEST_YOOKASSA_SECRET_KEY = 'test_yookassa-secret-key-0123456789';

/** Where nothing answers (the discard port): outside services of a test that must not be reached. */
const NOWHERE = 'http://127.0.0.1:9';

/** A throwaway auth configuration: in-memory SQLite and a random HS256 key, nothing written to disk. */
export function testAuthSettings(overrides: Partial<AuthConfig> = {}): AuthConfig {
  const secret = randomBytes(32);
  return {
    jwt: { algorithm: 'HS256', secret },
    jwtKeySource: 'JWT_SECRET',
    issuer: 'federation-portal',
    audience: 'federation-portal-api',
    database: { kind: 'sqlite', file: ':memory:' },
    dataDir: '',
    hashSecret: secret,
    ...overrides,
  };
}

/**
 * A real deployment for tests: no twin is mounted, every outside service points where nothing answers, the
 * auth store lives in memory. Override what the test is about.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    deployment: { kind: 'real' },
    nodeEnv: 'test',
    host: '127.0.0.1',
    port: 0,
    portalDistDir: join(tmpdir(), 'fed-api-test-no-portal'),
    logLevel: 'error',
    trustProxy: 0,
    platform: { url: NOWHERE, token: TEST_PLATFORM_TOKEN },
    upstreams: {
      dadata: { mode: 'upstream', url: NOWHERE, token: 'test-dadata-token', secret: null },
      sms: { gateway: 'smsru', url: NOWHERE, apiId: 'test-sms-api-id', sender: null, timeoutMs: 1000 },
    },
    payments: {
      mode: 'upstream',
      url: NOWHERE,
      shopId: 'test-shop',
      secretKey: TEST_YOOKASSA_SECRET_KEY,
      notifyFrom: [],
      timeoutMs: 1000,
      retryDelaysMs: [],
    },
    publicConfig: sandboxPublicConfig,
    auth: testAuthSettings(),
    images: { cacheDir: join(tmpdir(), 'fed-api-test-images') },
    // The notices' worker runs when a test asks it (`NoticesWorkerService.runOnce`), never by itself.
    notices: { intervalMs: 0 },
    ...overrides,
  };
}

/**
 * A sandbox deployment for tests: the platform twin, the DaData twin, the SMS outbox and the YooKassa twin mounted under
 * `/sandbox` with their data in `dataDir`, called at `port` (the port the test listens on; 0 when it never
 * calls them over HTTP). `seed` defaults to `none`, the fastest.
 */
export function sandboxTestConfig(
  dataDir: string,
  { port = 0, seed = 'none', ...overrides }: Partial<AppConfig> & { seed?: SandboxSeed } = {},
): AppConfig {
  const base = `http://127.0.0.1:${port}`;
  return testConfig({
    deployment: { kind: 'sandbox', dataDir, seed },
    port,
    platform: { url: `${base}/sandbox/elma`, token: TEST_PLATFORM_TOKEN },
    upstreams: {
      dadata: { mode: 'sandbox', url: `${base}/sandbox/dadata`, token: SANDBOX_DADATA_TOKEN },
      sms: { gateway: 'outbox' },
    },
    payments: {
      mode: 'sandbox',
      url: `${base}${YOOKASSA_TWIN_PATH}`,
      shopId: SANDBOX_YOOKASSA_SHOP_ID,
      secretKey: TEST_YOOKASSA_SECRET_KEY,
      notifyFrom: [...LOOPBACK_RANGES],
      timeoutMs: 2000,
      retryDelaysMs: [20, 20],
    },
    images: { cacheDir: join(dataDir, 'cache', 'img') },
    ...overrides,
  });
}

/**
 * The environment of a complete real deployment (its outside services where nothing answers): what
 * `loadConfig` accepts with `PLATFORM_URL` set. Tests add or remove variables to see one rule at work.
 */
export function realDeploymentEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PLATFORM_URL: 'https://federation.elma365.example',
    PLATFORM_TOKEN: 'a-real-platform-token-0123456789',
    JWT_SECRET: 'a-real-jwt-secret-of-32-characters-or-more',
    SMS_GATEWAY: 'smsru',
    SMS_RU_URL: 'https://sms.example',
    SMS_RU_API_ID: 'real-sms-api-id',
    DADATA_URL: 'https://suggestions.dadata.example',
    DADATA_TOKEN: 'real-dadata-token',
    YOOKASSA_URL: 'https://api.yookassa.example/v3',
    SMTP_URL: 'smtps://smtp.example:465',
    YOOKASSA_SHOP_ID: '123456',
    YOOKASSA_SECRET_KEY: 'live_a-real-shop-secret-key-0123456789',
    PUBLIC_FEDERATION_PROFILE_ID: '11111111-1111-4111-8111-111111111101',
    PUBLIC_EXTENSION_APPLICATION_ID: '11111111-1111-4111-8111-111111111102',
    PUBLIC_EXTENSION_REQUESTS_ID: '11111111-1111-4111-8111-111111111103',
    PUBLIC_EXTENSION_FUNCTIONS_ID: '11111111-1111-4111-8111-111111111104',
    PUBLIC_EXTENSION_INSURANCE_ID: '11111111-1111-4111-8111-111111111105',
    PUBLIC_OFFER_SPORTSMAN_ID: '11111111-1111-4111-8111-111111111106',
    PUBLIC_OFFER_ORGANIZATION_ID: '11111111-1111-4111-8111-111111111107',
    PUBLIC_OFFER_USER_ID: '11111111-1111-4111-8111-111111111108',
    PUBLIC_DEFAULT_AGE_CLASS_ID: '11111111-1111-4111-8111-111111111109',
  };
}
