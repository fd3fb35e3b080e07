import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';
import { sandboxOptionsFor } from './deployment';
import { prepareSandboxSecrets } from './sandbox-secrets';
import { realDeploymentEnv, TEST_PLATFORM_TOKEN, TEST_YOOKASSA_SECRET_KEY } from './testing/test-config';

function without(env: Record<string, string>, ...names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
}

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  return expect.unreachable('the real deployment started');
}

describe('a real deployment (PLATFORM_URL set)', () => {
  it('refuses the sandbox outbox, relaxed limits, a generated JWT secret and demo data in one message', () => {
    const env = {
      ...without(realDeploymentEnv(), 'SMS_GATEWAY', 'SMS_RU_URL', 'SMS_RU_API_ID', 'JWT_SECRET'),
      AUTH_RELAXED_CODE_LIMITS: 'true',
      SANDBOX_SEED: 'demo',
    };
    const error = refusal(env);
    expect(error.problems.map((problem) => problem.split(':')[0])).toEqual([
      'SMS_GATEWAY',
      'AUTH_RELAXED_CODE_LIMITS',
      'SANDBOX_SEED',
      'JWT_SECRET or JWT_PRIVATE_KEY',
    ]);
    expect(error.message).toMatch(/SMS_GATEWAY: .*smsru/);
  });

  it('refuses the SMS.ru twin and the DaData twin: no twin answers beside a real platform', () => {
    const twinSms = { ...realDeploymentEnv(), SMS_RU_URL: 'http://127.0.0.1:3000/sandbox/sms/smsru' };
    expect(refusal(twinSms).problems).toEqual([expect.stringMatching(/^SMS_RU_URL: points at the sandbox/)]);
    const twinDadata = without(realDeploymentEnv(), 'DADATA_URL', 'DADATA_TOKEN');
    expect(refusal(twinDadata).problems).toEqual([expect.stringMatching(/^DADATA_URL: required/)]);
  });

  it('refuses the YooKassa twin: payments left to it, or YOOKASSA_URL at its path', () => {
    const noYookassa = without(
      realDeploymentEnv(),
      'YOOKASSA_URL',
      'YOOKASSA_SHOP_ID',
      'YOOKASSA_SECRET_KEY',
    );
    expect(refusal(noYookassa).problems).toEqual([
      expect.stringMatching(/^YOOKASSA_URL: required in a real deployment/),
    ]);
    const twinYookassa = {
      ...realDeploymentEnv(),
      YOOKASSA_URL: 'http://127.0.0.1:3000/sandbox/yookassa/v3',
    };
    expect(refusal(twinYookassa).problems).toEqual([
      expect.stringMatching(/^YOOKASSA_URL: points at the sandbox YooKassa twin/),
    ]);
  });

  it('refuses the mail twin: e-mail left to it, or SMTP_URL that is not a mail server URL', () => {
    expect(refusal(without(realDeploymentEnv(), 'SMTP_URL')).problems).toEqual([
      expect.stringMatching(/^SMTP_URL: required in a real deployment/),
    ]);
    expect(refusal({ ...realDeploymentEnv(), SMTP_URL: 'https://smtp.example' }).problems).toEqual([
      expect.stringMatching(/^SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/),
      expect.stringMatching(/^SMTP_URL: required in a real deployment/),
    ]);
  });

  it('needs every platform id, since the sandbox ids exist only on the twin', () => {
    const env = without(realDeploymentEnv(), 'PUBLIC_EXTENSION_FUNCTIONS_ID', 'PUBLIC_OFFER_USER_ID');
    expect(refusal(env).problems).toEqual([
      expect.stringMatching(/^PUBLIC_EXTENSION_FUNCTIONS_ID: required in a real deployment/),
      expect.stringMatching(/^PUBLIC_OFFER_USER_ID: required in a real deployment/),
    ]);
  });

  it('never generates a secret, outside production either', () => {
    const env = { ...without(realDeploymentEnv(), 'JWT_SECRET'), NODE_ENV: 'development' };
    expect(refusal(env).problems).toEqual([
      expect.stringMatching(/^JWT_SECRET or JWT_PRIVATE_KEY: required/),
    ]);
  });

  it('mounts no twin', () => {
    const config = prepareSandboxSecrets(loadConfig(realDeploymentEnv()));
    expect(config.deployment).toEqual({ kind: 'real' });
    expect(sandboxOptionsFor(config)).toBeNull();
  });
});

describe('a sandbox deployment (PLATFORM_URL unset)', () => {
  const sandbox = (env: Record<string, string>) =>
    prepareSandboxSecrets(
      loadConfig({
        PLATFORM_TOKEN: TEST_PLATFORM_TOKEN,
        JWT_SECRET: 'x'.repeat(32),
        YOOKASSA_SECRET_KEY: TEST_YOOKASSA_SECRET_KEY,
        ...env,
      }),
    );

  it('mounts every twin the configuration leaves its service to', () => {
    expect(sandboxOptionsFor(sandbox({ SANDBOX_DATA_DIR: '/srv/sb', SANDBOX_SEED: 'none' }))).toEqual({
      dataDir: '/srv/sb',
      platform: { token: TEST_PLATFORM_TOKEN, seed: 'none' },
      dadata: { apiKey: 'sandbox-dadata-api-key' },
      // The outbox's SMS.ru endpoint and its fault switch take the sandbox's secret, so nobody else can plant a
      // message or stop the codes.
      sms: { smsRuApiId: TEST_PLATFORM_TOKEN, controlToken: TEST_PLATFORM_TOKEN },
      // The YooKassa twin: the sandbox shop with the api's key, notifying this api's receiver.
      yookassa: {
        shops: [{ shopId: '100500', secretKey: TEST_YOOKASSA_SECRET_KEY }],
        notificationUrl: 'http://127.0.0.1:3000/api/payments/notifications',
      },
      // The mail twin on any free port of the loopback, its fault switch behind the sandbox's secret.
      mail: { smtpPort: 0, controlToken: TEST_PLATFORM_TOKEN },
    });
  });

  it('keeps legitimate mixed set-ups: real DaData and a real SMS gateway beside the platform twin', () => {
    const staging = sandbox({
      DADATA_URL: 'https://suggestions.dadata.example',
      DADATA_TOKEN: 'real-dadata-token',
      SMS_GATEWAY: 'smsru',
      SMS_RU_API_ID: 'real-sms-api-id',
      AUTH_RELAXED_CODE_LIMITS: 'true',
      YOOKASSA_URL: 'https://api.yookassa.example/v3',
      YOOKASSA_SHOP_ID: '654321',
    });
    expect(staging.deployment.kind).toBe('sandbox');
    const options = sandboxOptionsFor(staging);
    expect(options?.platform).toBeDefined();
    expect(options?.dadata).toBeUndefined();
    expect(options?.sms).toBeUndefined();
    expect(options?.yookassa).toBeUndefined();
    expect(options?.mail).toBeDefined();
    expect(sandboxOptionsFor(sandbox({ SMTP_URL: 'smtp://relay.example:25' }))?.mail).toBeUndefined();
  });

  it('gives the SMS.ru twin the api_id the api sends when SMS goes to the twin over SMS.ru', () => {
    const config = sandbox({
      SMS_GATEWAY: 'smsru',
      SMS_RU_API_ID: 'twin-api-id',
      SMS_RU_URL: 'http://127.0.0.1:3000/sandbox/sms/smsru',
    });
    expect(sandboxOptionsFor(config)?.sms).toEqual({
      smsRuApiId: 'twin-api-id',
      controlToken: TEST_PLATFORM_TOKEN,
    });
  });
});
