import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './field-errors';

describe('fieldErrorsOf', () => {
  it.each(['valueOf', 'toString', 'constructor', 'hasOwnProperty', '__proto__'])(
    'keeps an unknown field named %s as a plain key instead of crashing',
    (name) => {
      const parsed = z.strictObject({ phone: z.string() }).safeParse(JSON.parse(`{"phone":"1","${name}":1}`));
      expect(parsed.success).toBe(false);
      if (parsed.success) return;
      const errors = fieldErrorsOf(parsed.error);
      expect(Object.keys(errors)).toEqual([name]);
      expect(errors[name]).toEqual(['Неизвестное поле']);
    },
  );

  it('joins nested paths with dots and puts whole-value problems under _body', () => {
    const schema = z.object({ person: z.object({ lastName: z.string().min(2, 'Минимум 2 символов') }) });
    const nested = schema.safeParse({ person: { lastName: 'А' } });
    expect(nested.success ? null : fieldErrorsOf(nested.error)).toEqual({
      'person.lastName': ['Минимум 2 символов'],
    });
    const whole = schema.safeParse(null);
    expect(Object.keys(whole.success ? {} : fieldErrorsOf(whole.error))).toEqual(['_body']);
  });
});
