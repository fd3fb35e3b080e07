import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './api-error';
import { isApiError } from './api-error-guard';

const almostAnything = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  // Integers past the safe range are no status code to the schema.
  fc.constantFrom(2 ** 53, -(2 ** 53), Number.MAX_VALUE),
  fc.string(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.array(fc.integer(), { minLength: 1, maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.array(fc.string(), { maxLength: 2 }), { maxKeys: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(fc.string(), fc.integer()), { minKeys: 1, maxKeys: 2 }),
);

/** Objects near the api error's shape: each field right, missing or of another kind. */
const nearApiErrors = fc.record(
  {
    statusCode: fc.oneof(fc.integer({ min: 100, max: 599 }), almostAnything),
    code: fc.oneof(fc.string(), almostAnything),
    message: fc.oneof(fc.string(), almostAnything),
    fieldErrors: almostAnything,
    requestId: fc.oneof(fc.string(), almostAnything),
  },
  { requiredKeys: [] },
);

describe('isApiError', () => {
  it('agrees with the schema on objects near the shape and on anything else', () => {
    fc.assert(
      fc.property(fc.oneof(nearApiErrors, almostAnything), (value) => {
        expect(isApiError(value)).toBe(apiErrorSchema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes an answer of the api as it comes', () => {
    const answer = {
      statusCode: 422,
      code: 'validation_failed',
      message: 'Проверьте поля',
      fieldErrors: { phone: ['Неверный номер'] },
      requestId: 'r-1',
    };
    expect(isApiError(answer)).toBe(true);
    expect(isApiError({ ...answer, statusCode: 422.5 })).toBe(false);
    expect(isApiError({ ...answer, fieldErrors: { phone: 'Неверный номер' } })).toBe(false);
  });
});
