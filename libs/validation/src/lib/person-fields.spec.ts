import { describe, expect, it } from 'vitest';
import { fixedClock } from '@fed/calendar';
import { validationMessages } from './messages';
import {
  birthDateRules,
  fullNameSchema,
  middleNameSchema,
  personNameSchema,
  placeNameSchema,
  wellFormedDate,
} from './person-fields';
import { parseIsoDate } from './ru-date';
import { validateAll } from './rules';
import { addAccountPayloadSchema } from './add-account';

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('person fields', () => {
  it.each(['Иванов', 'Анна-Мария', 'Ван Дамм', 'Smith', 'Ёлкина'])('a name %s passes', (name) => {
    expect(personNameSchema().safeParse(name).success).toBe(true);
  });

  it.each([
    ['markup', '<img src=x onerror=alert(1)>'],
    ['digits', 'Иванов2'],
    ['NUL', 'Ива\u0000нов'],
    ['a lone surrogate', 'Ива\ud800нов'],
    ['an apostrophe', "O'Neil"],
  ])('a name with %s is refused with the pattern message', (_what, name) => {
    expect(messageOf(personNameSchema().safeParse(name))).toBe(validationMessages.name);
  });

  it('a name of 101 characters is too long, 100 is fine', () => {
    expect(messageOf(personNameSchema().safeParse('я'.repeat(101)))).toBe(validationMessages.max(100));
    expect(personNameSchema().safeParse('я'.repeat(100)).success).toBe(true);
    expect(messageOf(personNameSchema().safeParse('я'.repeat(90_000)))).toBe(validationMessages.max(100));
  });

  it('a middle name may be empty, else it is a name', () => {
    expect(middleNameSchema().safeParse('').success).toBe(true);
    expect(messageOf(middleNameSchema().safeParse('1'))).toBe(validationMessages.min(2));
    expect(messageOf(middleNameSchema().safeParse('Петрович1'))).toBe(validationMessages.name);
  });

  it('a full name holds words of letters, up to 200 characters', () => {
    expect(fullNameSchema().safeParse('Петров Пётр Петрович').success).toBe(true);
    expect(messageOf(fullNameSchema().safeParse('Петров <b>'))).toBe(validationMessages.name);
    expect(messageOf(fullNameSchema().safeParse('я'.repeat(201)))).toBe(validationMessages.max(200));
  });

  it.each(['Москва', 'Ростов-на-Дону', 'пгт Красная Поляна', 'Sankt-Peterburg'])(
    'a city %s passes',
    (city) => {
      expect(placeNameSchema().safeParse(city).success).toBe(true);
    },
  );

  it('a city of 5 000 characters, with markup or a line break is refused', () => {
    expect(messageOf(placeNameSchema().safeParse('М'.repeat(5000)))).toBe(validationMessages.max(200));
    expect(messageOf(placeNameSchema().safeParse('<script>'))).toBe(validationMessages.placeName);
    expect(messageOf(placeNameSchema().safeParse('Мос\nква'))).toBe(validationMessages.placeName);
    expect(messageOf(placeNameSchema().safeParse(''))).toBe(validationMessages.required);
  });

  it('the add-account payload names the bad field', () => {
    const parsed = addAccountPayloadSchema.safeParse({
      lastName: 'Ива\u0000нов',
      firstName: 'Иван',
      middleName: '',
      birthDate: '2000-01-01',
      city: 'М'.repeat(5000),
      gender: 'male',
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.success
      ? []
      : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['lastName', validationMessages.fallback('lastName')],
      ['city', validationMessages.max(200)],
    ]);
  });

  it('a date is well formed when it names a real day as DD.MM.YYYY, or in the form a caller asks', () => {
    const ruDate = [wellFormedDate()];
    expect(validateAll('29.02.2024', ruDate)).toBeNull();
    expect(validateAll('31.04.2024', ruDate)).toBe(validationMessages.dateFormat);
    expect(validateAll('2024-02-29', ruDate)).toBe(validationMessages.dateFormat);
    expect(validateAll('2024-02-29', [wellFormedDate((text) => parseIsoDate(text) !== null)])).toBeNull();
  });

  it('a birth date is required, well formed and not after today', () => {
    // 12:00 on 26 November 2026, Moscow time.
    const today = { clock: fixedClock('2026-11-26T09:00:00Z') };
    expect(validateAll('', birthDateRules(), today)).toBe(validationMessages.required);
    expect(validateAll('1.1.2000', birthDateRules(), today)).toBe(validationMessages.dateFormat);
    expect(validateAll('27.11.2026', birthDateRules(), today)).toBe(validationMessages.dateFuture);
    expect(validateAll('26.11.2026', birthDateRules(), today)).toBeNull();
  });
});
