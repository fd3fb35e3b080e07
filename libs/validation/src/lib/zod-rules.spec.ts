import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fixedClock } from '@fed/calendar';
import { phoneValueSchema } from './phone-value-schema';
import { zodRules } from './zod-rules';

function messages(result: { success: boolean; error?: z.ZodError }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('zodRules', () => {
  const name = z
    .string()
    .trim()
    .superRefine(zodRules(['required', ['min', { n: 2 }]]));

  it.each([
    ['', ['Поле обязательно']],
    ['   ', ['Поле обязательно']],
    [' Я ', ['Минимум 2 символов']],
    [' Ли ', []],
  ])('%j → %j', (value, expected) => {
    expect(messages(name.safeParse(value))).toEqual(expected);
  });

  it('sees the trimmed value and keeps it', () => {
    expect(name.parse('  Иванов ')).toBe('Иванов');
  });

  it('reports one message per list, the first failure', () => {
    const withMore = z.string().superRefine(zodRules(['required', ['min', { n: 2 }], ['max', { n: 1 }]]));
    expect(messages(withMore.safeParse('Я'))).toEqual(['Минимум 2 символов']);
    expect(messages(withMore.safeParse('Ли'))).toEqual(['Максимум 1 символов']);
  });

  it('lets object-level checks with `when` still run beside a failing field', () => {
    const form = z.object({ a: z.string().superRefine(zodRules(['required'])), b: z.string() }).superRefine(
      (value, ctx) => {
        if (value.b === '') ctx.addIssue({ code: 'custom', message: 'b', path: ['b'] });
      },
      { when: () => true },
    );
    expect(messages(form.safeParse({ a: '', b: '' }))).toEqual(['Поле обязательно', 'b']);
  });

  it('puts the message on the field path inside an object', () => {
    const form = z.object({ email: z.string().superRefine(zodRules(['required', 'email'])) });
    const result = form.safeParse({ email: 'ivan@' });
    expect(result.error?.issues).toMatchObject([{ path: ['email'], message: 'Неверный формат почты' }]);
  });

  it('passes the clock to the date rules', () => {
    // 10:00 on 1 January 2020, Moscow time.
    const clock = fixedClock('2020-01-01T07:00:00Z');
    const date = z.string().superRefine(zodRules(['maxDateLib'], { clock }));
    expect(messages(date.safeParse('01.01.2020'))).toEqual([]);
    expect(messages(date.safeParse('02.01.2020'))).toEqual(['Дата не может быть в будущем']);
  });

  it('works on any value type', () => {
    const files = z
      .array(z.object({ type: z.string() }))
      .superRefine(zodRules([['fileFormat', { formats: ['image/*'] }]]));
    expect(messages(files.safeParse([{ type: 'image/png' }]))).toEqual([]);
    expect(messages(files.safeParse([{ type: 'text/html' }]))).toEqual(['Неверный формат файла']);
  });
});

describe('phoneValueSchema', () => {
  it.each([
    [{ country: 'RU', digits: '9001234567' }, []],
    [{ country: 'AM', digits: '91123456' }, []],
    [{ country: 'RU', digits: '' }, ['Поле обязательно']],
    [{ country: 'RU', digits: '900123' }, ['Неверный формат телефона']],
    [{ country: 'BY', digits: '9001234567' }, ['Неверный формат телефона']],
  ] as const)('%j → %j', (value, expected) => {
    const result = phoneValueSchema().safeParse(value);
    expect(messages(result)).toEqual(expected);
    if (expected.length > 0) expect(result.error?.issues[0]?.path).toEqual([]);
  });

  it('lets an optional empty number pass but not a partial one', () => {
    expect(phoneValueSchema({ optional: true }).safeParse({ country: 'AZ', digits: '' }).success).toBe(true);
    expect(messages(phoneValueSchema({ optional: true }).safeParse({ country: 'AZ', digits: '50' }))).toEqual(
      ['Неверный формат телефона'],
    );
  });
});
