import { publicConfigSchema } from '@fed/contracts';
import { describe, expect, it } from 'vitest';
import { demoPhones, sandboxPublicConfig } from './index';

describe('sandbox fixtures', () => {
  it('the sandbox public ids satisfy the public config schema', () => {
    expect(publicConfigSchema.parse(sandboxPublicConfig)).toEqual(sandboxPublicConfig);
  });

  it('give every demo phone its own number and at least one account', () => {
    expect(new Set(demoPhones.map((entry) => entry.phone)).size).toBe(demoPhones.length);
    for (const entry of demoPhones) {
      expect(entry.phone).toMatch(/^\+7\d{10}$/);
      expect(entry.accountIds.length).toBeGreaterThan(0);
    }
  });

  it('bind the federation to the public config federation profile', () => {
    const federation = demoPhones.find((entry) => entry.description === 'Федерация');
    expect(federation?.accountIds).toEqual([sandboxPublicConfig.federationProfileId]);
  });
});
