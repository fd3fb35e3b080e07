import { describe, expect, it } from 'vitest';
import { sandboxPublicConfig } from '@fed/contracts';
import { ConfigError } from './app-config';
import { loadPublicConfig } from './public-config';

describe('loadPublicConfig', () => {
  it('defaults to the ids the sandbox seeds, without analytics', () => {
    expect(loadPublicConfig({})).toEqual(sandboxPublicConfig);
  });

  it('takes every id from the environment', () => {
    const config = loadPublicConfig({
      PUBLIC_EXTENSION_REQUESTS_ID: '11111111-2222-4333-8444-555555555555',
      PUBLIC_OFFER_USER_ID: '66666666-7777-4888-8999-aaaaaaaaaaaa',
      PUBLIC_ANALYTICS_ID: '98765432',
    });
    expect(config.extensions.requests).toBe('11111111-2222-4333-8444-555555555555');
    expect(config.offerDocumentIds.user).toBe('66666666-7777-4888-8999-aaaaaaaaaaaa');
    expect(config.analyticsId).toBe('98765432');
  });

  it('names the variable of a malformed id', () => {
    expect(() => loadPublicConfig({ PUBLIC_EXTENSION_FUNCTIONS_ID: 'functions' })).toThrow(ConfigError);
    expect(() => loadPublicConfig({ PUBLIC_EXTENSION_FUNCTIONS_ID: 'functions' })).toThrow(
      /PUBLIC_EXTENSION_FUNCTIONS_ID/,
    );
    expect(() => loadPublicConfig({ PUBLIC_OFFER_SPORTSMAN_ID: 'x' })).toThrow(/PUBLIC_OFFER_SPORTSMAN_ID/);
  });
});
