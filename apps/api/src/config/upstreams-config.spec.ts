import { describe, expect, it } from 'vitest';
import { ConfigError } from './app-config';
import { loadUpstreamsConfig, SANDBOX_DADATA_TOKEN, sandboxTwinsFor } from './upstreams-config';

describe('loadUpstreamsConfig', () => {
  it('defaults to the sandbox twins: DaData twin with the sandbox key, SMS outbox', () => {
    expect(loadUpstreamsConfig({ PORT: '4000' })).toEqual({
      dadata: { mode: 'sandbox', url: 'http://127.0.0.1:4000/sandbox/dadata', token: SANDBOX_DADATA_TOKEN },
      sms: { gateway: 'outbox' },
    });
    expect(loadUpstreamsConfig({}).dadata).toMatchObject({ url: 'http://127.0.0.1:3000/sandbox/dadata' });
  });

  it('names the twins to mount', () => {
    expect(sandboxTwinsFor(loadUpstreamsConfig({}))).toEqual({
      dadata: { apiKey: SANDBOX_DADATA_TOKEN },
      sms: true,
    });
    expect(
      sandboxTwinsFor(
        loadUpstreamsConfig({
          DADATA_URL: 'https://suggestions.dadata.ru',
          DADATA_TOKEN: 't',
          SMS_GATEWAY: 'smsru',
          SMS_RU_API_ID: 'a',
        }),
      ),
    ).toEqual({});
    expect(
      sandboxTwinsFor(
        loadUpstreamsConfig({
          SMS_GATEWAY: 'smsru',
          SMS_RU_API_ID: 'a',
          SMS_RU_URL: 'http://127.0.0.1:3000/sandbox/sms/smsru',
        }),
      ),
    ).toMatchObject({ sms: true });
  });

  it('uses real DaData when DADATA_URL and DADATA_TOKEN are set', () => {
    const config = loadUpstreamsConfig({
      DADATA_URL: 'https://suggestions.dadata.ru/',
      DADATA_TOKEN: 'token-1',
      DADATA_SECRET: 'secret-1',
    });
    expect(config.dadata).toEqual({
      mode: 'upstream',
      url: 'https://suggestions.dadata.ru',
      token: 'token-1',
      secret: 'secret-1',
    });
  });

  it('selects the SMS.ru gateway with its defaults', () => {
    const config = loadUpstreamsConfig({
      SMS_GATEWAY: 'smsru',
      SMS_RU_API_ID: 'api-1',
      SMS_SENDER: 'FEDSPORT',
    });
    expect(config.sms).toEqual({
      gateway: 'smsru',
      url: 'https://sms.ru',
      apiId: 'api-1',
      sender: 'FEDSPORT',
      timeoutMs: 10_000,
    });
  });

  it('names every bad or missing variable, without echoing secrets', () => {
    try {
      loadUpstreamsConfig({ DADATA_URL: 'ftp://x', SMS_GATEWAY: 'pigeon', SMS_TIMEOUT_MS: 'soon' });
      expect.unreachable('a bad environment was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['DADATA_URL', 'SMS_GATEWAY', 'SMS_TIMEOUT_MS']) expect(message).toContain(name);
    }
    expect(() => loadUpstreamsConfig({ DADATA_URL: 'https://suggestions.dadata.ru' })).toThrow(
      /DADATA_TOKEN/,
    );
    expect(() => loadUpstreamsConfig({ SMS_GATEWAY: 'smsru' })).toThrow(/SMS_RU_API_ID/);
    expect(() =>
      loadUpstreamsConfig({ SMS_GATEWAY: 'smsru', SMS_RU_API_ID: 'a', SMS_SENDER: 'A'.repeat(12) }),
    ).toThrow(/SMS_SENDER/);
  });
});
