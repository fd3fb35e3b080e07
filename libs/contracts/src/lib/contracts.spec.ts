import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  buildInfoSchema,
  healthResponseSchema,
  publicConfigSchema,
  sandboxPublicConfig,
} from '../index';

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
  it('the sandbox defaults satisfy the schema', () => {
    expect(publicConfigSchema.parse(sandboxPublicConfig)).toEqual(sandboxPublicConfig);
  });

  it('refuses an id that is not a uuid', () => {
    const broken = { ...sandboxPublicConfig, federationProfileId: 'fk' };
    expect(publicConfigSchema.safeParse(broken).success).toBe(false);
  });
});
