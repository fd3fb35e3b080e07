import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';
import { SANDBOX_DADATA_TOKEN, smsGoesToTwin } from './upstreams-config';

describe('the upstreams section of loadConfig', () => {
  it('defaults a sandbox to the twins on its own port: DaData with the sandbox key, the SMS outbox', () => {
    expect(loadConfig({ PORT: '4000' }).upstreams).toEqual({
      dadata: { mode: 'sandbox', url: 'http://127.0.0.1:4000/sandbox/dadata', token: SANDBOX_DADATA_TOKEN },
      sms: { gateway: 'outbox' },
    });
  });

  it('uses real DaData when DADATA_URL and DADATA_TOKEN are set', () => {
    const { upstreams } = loadConfig({
      DADATA_URL: 'https://suggestions.dadata.ru/',
      DADATA_TOKEN: 'token-1',
      DADATA_SECRET: 'secret-1',
    });
    expect(upstreams.dadata).toEqual({
      mode: 'upstream',
      url: 'https://suggestions.dadata.ru',
      token: 'token-1',
      secret: 'secret-1',
    });
  });

  it('selects the SMS.ru gateway with its defaults, and tells when it is the twin', () => {
    const { upstreams } = loadConfig({
      SMS_GATEWAY: 'smsru',
      SMS_RU_API_ID: 'api-1',
      SMS_SENDER: 'FEDSPORT',
    });
    expect(upstreams.sms).toEqual({
      gateway: 'smsru',
      url: 'https://sms.ru',
      apiId: 'api-1',
      sender: 'FEDSPORT',
      timeoutMs: 10_000,
    });
    expect(smsGoesToTwin(upstreams.sms)).toBe(false);
    const twin = loadConfig({
      SMS_GATEWAY: 'smsru',
      SMS_RU_API_ID: 'a',
      SMS_RU_URL: 'http://127.0.0.1:3000/sandbox/sms/smsru',
    }).upstreams.sms;
    expect(smsGoesToTwin(twin)).toBe(true);
    expect(smsGoesToTwin({ gateway: 'outbox' })).toBe(true);
  });

  it('names every bad or missing variable at once, without echoing secrets', () => {
    try {
      loadConfig({
        DADATA_URL: 'ftp://x',
        SMS_GATEWAY: 'pigeon',
        SMS_TIMEOUT_MS: 'soon',
        DADATA_TOKEN: 's3cr3t',
      });
      expect.unreachable('a bad environment was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['DADATA_URL', 'SMS_GATEWAY', 'SMS_TIMEOUT_MS']) expect(message).toContain(name);
      expect(message).not.toContain('s3cr3t');
    }
    expect(() => loadConfig({ DADATA_URL: 'https://suggestions.dadata.ru' })).toThrow(/DADATA_TOKEN/);
    expect(() => loadConfig({ SMS_GATEWAY: 'smsru' })).toThrow(/SMS_RU_API_ID/);
    expect(() =>
      loadConfig({ SMS_GATEWAY: 'smsru', SMS_RU_API_ID: 'a', SMS_SENDER: 'A'.repeat(12) }),
    ).toThrow(/SMS_SENDER/);
  });
});
