import { describe, expect, it } from 'vitest';
import * as contracts from '../index';
import { apiErrorSchema, buildInfoSchema, healthResponseSchema, publicConfigSchema } from '../index';

describe('contracts', () => {
  it('accepts a build info with an RFC 3339 time and refuses an empty id', () => {
    expect(buildInfoSchema.safeParse({ buildId: 'abc', builtAt: '2026-11-22T03:00:00.000Z' }).success).toBe(
      true,
    );
    expect(buildInfoSchema.safeParse({ buildId: '', builtAt: '2026-11-22T03:00:00.000Z' }).success).toBe(
      false,
    );
    expect(buildInfoSchema.safeParse({ buildId: 'abc', builtAt: 'yesterday' }).success).toBe(false);
  });

  it('describes the health answer', () => {
    expect(healthResponseSchema.parse({ status: 'ok', uptimeSeconds: 1.5, version: '0.1.0' }).status).toBe(
      'ok',
    );
    expect(healthResponseSchema.safeParse({ status: 'down', uptimeSeconds: 1, version: '0' }).success).toBe(
      false,
    );
  });

  it('keeps field errors as lists of messages', () => {
    const error = {
      statusCode: 400,
      code: 'validation',
      message: 'Неверные данные',
      fieldErrors: { phone: ['Поле обязательно'] },
    };
    expect(apiErrorSchema.parse(error)).toEqual(error);
  });
});

describe('public config', () => {
  const config = {
    federationProfileId: '6f1c2a40-5b7e-4c1d-9a3e-0f0e5d1c2b01',
    extensions: {
      application: '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c01',
      requests: '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c02',
      functions: '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c03',
      insurance: '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c04',
    },
    offerDocumentIds: {
      sportsman: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b01',
      organization: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b02',
      user: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b03',
    },
    defaultAgeClassId: '7e6d5c4b-3a29-4187-9f6e-5d4c3b2a1901',
    analyticsId: null,
  };

  it('accepts uuids and refuses an id that is not one', () => {
    expect(publicConfigSchema.parse(config)).toEqual(config);
    expect(publicConfigSchema.safeParse({ ...config, federationProfileId: 'fk' }).success).toBe(false);
  });
});

describe('what the contracts hold', () => {
  it.each([
    // the twin's own logic and its own endpoint
    'assessEligibility',
    'eligibilityRefusal',
    'ageClassesFor',
    'competitionDocumentReviewInputSchema',
    // demo fixtures (libs/sandbox-fixtures)
    'sandboxPublicConfig',
    'demoPhones',
    'demoFamily',
  ])('is only what both sides of a call share: no %s', (name) => {
    expect(contracts).not.toHaveProperty(name);
  });
});
