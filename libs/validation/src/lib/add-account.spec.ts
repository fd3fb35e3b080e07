import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock, ManualClock } from '@fed/calendar';
import {
  addAccountPayloadSchema,
  addAccountSchema,
  createAddAccountPayloadSchema,
  createAddAccountSchema,
  type AddAccountFormValues,
} from './add-account';

// 15 June 2026, 12:00 Moscow time.
const clock = fixedClock('2026-06-15T09:00:00Z');
const schema = createAddAccountSchema({ clock });
const payloadSchema = createAddAccountPayloadSchema({ clock });

const processZone = process.env['TZ'];
afterEach(() => {
  if (processZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = processZone;
});

const moscow = {
  value: 'г Москва',
  data: { city: 'Москва', settlement: null, city_with_type: 'г Москва', kladr_id: '7700000000000' },
};

const good: AddAccountFormValues = {
  lastName: '  Иванова ',
  firstName: 'Анна',
  middleName: ' Сергеевна',
  noMiddleName: false,
  city: moscow,
  gender: 'female',
  birthDate: '09.03.2007',
};

function fieldErrors(values: unknown, onSchema: typeof schema | typeof payloadSchema = schema) {
  const result = onSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('addAccountSchema', () => {
  it('turns good input into the spec payload', () => {
    expect(schema.parse(good)).toEqual({
      lastName: 'Иванова',
      firstName: 'Анна',
      middleName: 'Сергеевна',
      birthDate: '2007-03-09',
      city: 'Москва',
      gender: 'female',
    });
  });

  it('sends the settlement when the address has no city', () => {
    const village = { value: 'Самарская обл, поселок Лесной', data: { city: null, settlement: 'Лесной' } };
    expect(schema.parse({ ...good, city: village }).city).toBe('Лесной');
  });

  it('sends an empty middle name when "Нет отчества" is ticked, whatever the disabled input held', () => {
    expect(schema.parse({ ...good, noMiddleName: true, middleName: 'Х' }).middleName).toBe('');
    expect(schema.parse({ ...good, noMiddleName: true, middleName: undefined }).middleName).toBe('');
  });

  it('accepts a birth date of today and of 1 January 1900', () => {
    expect(schema.parse({ ...good, birthDate: '15.06.2026' }).birthDate).toBe('2026-06-15');
    expect(schema.parse({ ...good, birthDate: '01.01.1900' }).birthDate).toBe('1900-01-01');
  });

  it('takes any typed name of 2 characters or more: the add-account rules name no letters-only pattern', () => {
    const names = { lastName: ' Д’Артаньян-2 ', firstName: "O'Neil", middleName: 'Jr.' };
    expect(schema.parse({ ...good, ...names })).toMatchObject({
      lastName: 'Д’Артаньян-2',
      firstName: "O'Neil",
      middleName: 'Jr.',
    });
    // Text, not markup: whatever shows it shows it as text.
    expect(schema.parse({ ...good, lastName: '<b>Ли</b>' }).lastName).toBe('<b>Ли</b>');
  });

  it('accepts two-letter names and a male gender', () => {
    expect(
      schema.parse({ ...good, lastName: 'Ли', firstName: 'Ян', middleName: 'Ли', gender: 'male' }),
    ).toMatchObject({ lastName: 'Ли', firstName: 'Ян', middleName: 'Ли', gender: 'male' });
  });

  it.each<[string, Partial<Record<keyof AddAccountFormValues, unknown>>, Record<string, string>]>([
    ['empty last name', { lastName: '' }, { lastName: 'Поле обязательно' }],
    ['blank last name', { lastName: '   ' }, { lastName: 'Поле обязательно' }],
    ['missing last name', { lastName: undefined }, { lastName: 'Поле обязательно' }],
    ['one-letter last name', { lastName: ' Я ' }, { lastName: 'Минимум 2 символов' }],
    ['empty first name', { firstName: '' }, { firstName: 'Поле обязательно' }],
    ['one-letter first name', { firstName: 'А' }, { firstName: 'Минимум 2 символов' }],
    ['empty middle name', { middleName: '' }, { middleName: 'Поле обязательно' }],
    ['missing middle name', { middleName: undefined }, { middleName: 'Поле обязательно' }],
    [
      'middle name not ticked off',
      { middleName: ' ', noMiddleName: false },
      { middleName: 'Поле обязательно' },
    ],
    ['one-letter middle name', { middleName: 'С' }, { middleName: 'Минимум 2 символов' }],
    ['101-letter last name', { lastName: 'я'.repeat(101) }, { lastName: 'Максимум 100 символов' }],
    ['a NUL in the first name', { firstName: 'Ан\u0000на' }, { firstName: 'firstName is not valid.' }],
    [
      'a line break in the middle name',
      { middleName: 'Серге\nевна' },
      { middleName: 'middleName is not valid.' },
    ],
    ['a lone surrogate in the last name', { lastName: 'Ив\ud800' }, { lastName: 'lastName is not valid.' }],
    ['no city', { city: null }, { city: 'Поле обязательно' }],
    ['missing city', { city: undefined }, { city: 'Поле обязательно' }],
    [
      'a region, not a place',
      { city: { value: 'Самарская обл', data: { city: null, settlement: null } } },
      { city: 'Не указан населённый пункт' },
    ],
    ['no gender', { gender: null }, { gender: 'Поле обязательно' }],
    ['missing gender', { gender: undefined }, { gender: 'Поле обязательно' }],
    ['unknown gender', { gender: 'other' }, { gender: 'gender is not valid.' }],
    ['empty birth date', { birthDate: '' }, { birthDate: 'Поле обязательно' }],
    ['missing birth date', { birthDate: undefined }, { birthDate: 'Поле обязательно' }],
    ['half-typed birth date', { birthDate: '09.03.____' }, { birthDate: 'Неверный формат даты' }],
    ['day 32', { birthDate: '32.01.2000' }, { birthDate: 'Неверный формат даты' }],
    ['month 13', { birthDate: '01.13.2000' }, { birthDate: 'Неверный формат даты' }],
    ['31 April', { birthDate: '31.04.2000' }, { birthDate: 'Неверный формат даты' }],
    ['29 February 2023', { birthDate: '29.02.2023' }, { birthDate: 'Неверный формат даты' }],
    ['year 1899', { birthDate: '31.12.1899' }, { birthDate: 'Неверный формат даты' }],
    ['ISO instead of the mask', { birthDate: '2000-01-01' }, { birthDate: 'Неверный формат даты' }],
    ['tomorrow', { birthDate: '16.06.2026' }, { birthDate: 'Дата не может быть в будущем' }],
    ['far future', { birthDate: '01.01.9999' }, { birthDate: 'Дата не может быть в будущем' }],
  ])('rejects %s', (_case, change, errors) => {
    expect(fieldErrors({ ...good, ...change })).toEqual(errors);
  });

  it('reports every bad field at once, as the dialog shows them', () => {
    const errors = fieldErrors({
      lastName: '',
      firstName: 'А',
      noMiddleName: false,
      city: null,
      birthDate: '',
    });
    expect(errors).toEqual({
      lastName: 'Поле обязательно',
      firstName: 'Минимум 2 символов',
      middleName: 'Поле обязательно',
      city: 'Поле обязательно',
      gender: 'Поле обязательно',
      birthDate: 'Поле обязательно',
    });
  });

  it.each([null, undefined, 'форма', 42, []])('rejects %j as a whole without throwing', (values) => {
    expect(schema.safeParse(values).success).toBe(false);
  });

  it('reads "today" at each parse, not once at start-up: Moscow’s midnight turns it', () => {
    // 23:59 on 15 June in Moscow.
    const moving = new ManualClock('2026-06-15T20:59:00Z');
    const schemaOnIt = createAddAccountSchema({ clock: moving });
    expect(schemaOnIt.safeParse({ ...good, birthDate: '16.06.2026' }).success).toBe(false);
    // 00:01 on 16 June in Moscow, still 15 June in UTC.
    moving.advance(2 * 60_000);
    expect(schemaOnIt.safeParse({ ...good, birthDate: '16.06.2026' }).success).toBe(true);
  });

  it.each(['UTC', 'Europe/Moscow', 'America/New_York', 'Asia/Tokyo'])(
    'at 00:30 Moscow time on 2 December takes a child born that day and refuses the next day (TZ=%s)',
    (zone) => {
      process.env['TZ'] = zone;
      // 21:30 UTC on 1 December: 00:30 on 2 December in Moscow, 16:30 on 1 December in New York.
      const onMidnight = fixedClock('2026-12-01T21:30:00Z');
      const form = createAddAccountSchema({ clock: onMidnight });
      const payload = createAddAccountPayloadSchema({ clock: onMidnight });
      expect(form.safeParse({ ...good, birthDate: '02.12.2026' }).success).toBe(true);
      expect(fieldErrors({ ...good, birthDate: '03.12.2026' }, form)).toEqual({
        birthDate: 'Дата не может быть в будущем',
      });
      const wire = {
        lastName: 'Иванова',
        firstName: 'Анна',
        middleName: '',
        city: 'Москва',
        gender: 'female',
      };
      expect(payload.safeParse({ ...wire, birthDate: '2026-12-02' }).success).toBe(true);
      expect(fieldErrors({ ...wire, birthDate: '2026-12-03' }, payload)).toEqual({
        birthDate: 'Дата не может быть в будущем',
      });
    },
  );

  it('takes a child born on 29 February 2028 on that day, from its first Moscow minute', () => {
    const leapDay = createAddAccountSchema({ clock: fixedClock('2028-02-28T21:00:00Z') });
    expect(leapDay.safeParse({ ...good, birthDate: '29.02.2028' }).success).toBe(true);
    expect(fieldErrors({ ...good, birthDate: '01.03.2028' }, leapDay)).toEqual({
      birthDate: 'Дата не может быть в будущем',
    });
    const dayBefore = createAddAccountSchema({ clock: fixedClock('2028-02-28T20:59:59Z') });
    expect(fieldErrors({ ...good, birthDate: '29.02.2028' }, dayBefore)).toEqual({
      birthDate: 'Дата не может быть в будущем',
    });
  });

  it('runs on the system clock by default', () => {
    expect(addAccountSchema.safeParse(good).success).toBe(true);
    expect(fieldErrors({ ...good, birthDate: '31.12.9999' }, addAccountSchema)).toEqual({
      birthDate: 'Дата не может быть в будущем',
    });
  });

  it('always outputs a payload the api schema accepts', () => {
    const names = fc.stringMatching(/^[А-ЯЁа-яё-]{2,20}$/);
    const form = fc.record({
      lastName: names,
      firstName: names,
      middleName: names,
      noMiddleName: fc.boolean(),
      gender: fc.constantFrom('male' as const, 'female' as const),
      birthDate: fc
        .date({ min: new Date(1900, 0, 1), max: new Date(2026, 5, 15), noInvalidDate: true })
        .map((d) =>
          [d.getDate(), d.getMonth() + 1, d.getFullYear()].map((n) => String(n).padStart(2, '0')).join('.'),
        ),
    });
    fc.assert(
      fc.property(form, (values) => {
        const payload = schema.parse({ ...values, city: moscow });
        expect(payloadSchema.parse(payload)).toEqual(payload);
      }),
    );
  });
});

describe('addAccountPayloadSchema', () => {
  const payload = {
    lastName: 'Иванова',
    firstName: 'Анна',
    middleName: '',
    birthDate: '2007-03-09',
    city: 'Москва',
    gender: 'female',
  };

  it('accepts the spec payload, trimming its texts', () => {
    expect(payloadSchema.parse({ ...payload, lastName: ' Иванова ' })).toEqual(payload);
    expect(payloadSchema.parse({ ...payload, firstName: 'Анна2' }).firstName).toBe('Анна2');
    expect(payloadSchema.parse({ ...payload, middleName: 'Сергеевна' }).middleName).toBe('Сергеевна');
    expect(addAccountPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['one-letter last name', { lastName: 'И' }, { lastName: 'Минимум 2 символов' }],
    ['no first name', { firstName: undefined }, { firstName: 'Поле обязательно' }],
    ['one-letter middle name', { middleName: 'С' }, { middleName: 'Минимум 2 символов' }],
    ['a NUL in the middle name', { middleName: 'Сер\u0000гей' }, { middleName: 'middleName is not valid.' }],
    ['a 90 000-letter first name', { firstName: 'a'.repeat(90_000) }, { firstName: 'Максимум 100 символов' }],
    ['no middle name field', { middleName: undefined }, { middleName: 'Поле обязательно' }],
    ['mask date on the wire', { birthDate: '09.03.2007' }, { birthDate: 'Неверный формат даты' }],
    ['unreal date', { birthDate: '2007-02-30' }, { birthDate: 'Неверный формат даты' }],
    ['future date', { birthDate: '2026-06-16' }, { birthDate: 'Дата не может быть в будущем' }],
    ['blank city', { city: ' ' }, { city: 'Поле обязательно' }],
    ['unknown gender', { gender: 'm' }, { gender: 'gender is not valid.' }],
  ])('rejects %s', (_case, change, errors) => {
    expect(fieldErrors({ ...payload, ...change }, payloadSchema)).toEqual(errors);
  });

  it('refuses unknown fields', () => {
    const result = payloadSchema.safeParse({ ...payload, noMiddleName: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
