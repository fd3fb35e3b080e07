import { describe, expect, it } from 'vitest';
import { sandboxPublicConfig } from '@fed/contracts';
import { loadConfig } from './app-config';

describe('the public section of loadConfig', () => {
  it('defaults a sandbox to the ids the twin seeds, without analytics', () => {
    expect(loadConfig({}).publicConfig).toEqual(sandboxPublicConfig);
  });

  it('takes every id from the environment', () => {
    const { publicConfig } = loadConfig({
      PUBLIC_EXTENSION_REQUESTS_ID: '11111111-2222-4333-8444-555555555555',
      PUBLIC_OFFER_USER_ID: '66666666-7777-4888-8999-aaaaaaaaaaaa',
      PUBLIC_ANALYTICS_ID: '98765432',
    });
    expect(publicConfig.extensions.requests).toBe('11111111-2222-4333-8444-555555555555');
    expect(publicConfig.offerDocumentIds.user).toBe('66666666-7777-4888-8999-aaaaaaaaaaaa');
    expect(publicConfig.analyticsId).toBe('98765432');
  });

  it('names the variable of each malformed id', () => {
    expect(() =>
      loadConfig({ PUBLIC_EXTENSION_FUNCTIONS_ID: 'functions', PUBLIC_OFFER_SPORTSMAN_ID: 'x' }),
    ).toThrow(/PUBLIC_EXTENSION_FUNCTIONS_ID[\s\S]*PUBLIC_OFFER_SPORTSMAN_ID/);
  });
});
