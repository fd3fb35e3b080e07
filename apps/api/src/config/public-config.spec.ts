import { describe, expect, it } from 'vitest';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { loadConfig } from './app-config';
import { publicConfigFrom } from './public-config';

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

  it('keeps a real deployment apart from the demo fixtures: an unset id stays unset, never the twin’s', () => {
    const problems: string[] = [];
    const requests = '11111111-2222-4333-8444-555555555555';
    const config = publicConfigFrom({ PUBLIC_EXTENSION_REQUESTS_ID: requests }, problems, null);
    expect(config.extensions.requests).toBe(requests);
    const demoIds = [
      sandboxPublicConfig.federationProfileId,
      sandboxPublicConfig.defaultAgeClassId,
      ...Object.values(sandboxPublicConfig.extensions),
      ...Object.values(sandboxPublicConfig.offerDocumentIds),
    ];
    for (const id of demoIds) expect(JSON.stringify(config)).not.toContain(id);
    // The missing ones are named by the real deployment’s own check, once each (deployment.spec.ts).
    expect(problems).toEqual([]);
  });
});
