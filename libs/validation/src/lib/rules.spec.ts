import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '@fed/calendar';
import {
  isEmptyValue,
  validate,
  validateAll,
  validationRules,
  UnknownRuleError,
  type RuleName,
} from './rules';

// A fixed clock: 15 June 2026, 12:00 Moscow time.
const NOW = new Date('2026-06-15T09:00:00Z');
const clock = fixedClock(NOW);
const NOW_UNIX = Math.floor(NOW.getTime() / 1000);

interface Row {
  rule: RuleName;
  params?: unknown;
  passes: unknown[];
  fails: Array<[value: unknown, message: string]>;
}

const anImage = { type: 'image/png' };
const aPdf = { type: 'application/pdf' };

const table: Row[] = [
  {
    rule: 'required',
    passes: ['a', ' a ', 0, true, ['x'], {}, new Date(0)],
    fails: [
      [null, 'Поле обязательно'],
      [undefined, 'Поле обязательно'],
      [false, 'Поле обязательно'],
      [[], 'Поле обязательно'],
      ['', 'Поле обязательно'],
      ['   ', 'Поле обязательно'],
    ],
  },
  {
    rule: 'email',
    passes: ['', null, undefined, 'ivan@mail.ru', 'first.last+tag@sub.example.com', "o'neil@example.org"],
    fails: [
      ['ivan', 'Неверный формат почты'],
      ['ivan@', 'Неверный формат почты'],
      ['ivan@mail', 'Неверный формат почты'],
      ['@mail.ru', 'Неверный формат почты'],
      ['ivan @mail.ru', 'Неверный формат почты'],
      ['иван@почта.рф', 'Неверный формат почты'],
      [42, 'Неверный формат почты'],
    ],
  },
  {
    rule: 'min',
    params: { n: 2 },
    passes: ['Ли', 'Иванов', '', null, 12, 'Ёж'],
    fails: [
      ['Я', 'Минимум 2 символов'],
      [5, 'Минимум 2 символов'],
      [{}, 'Минимум 2 символов'],
    ],
  },
  {
    rule: 'min',
    params: { n: 5 },
    passes: ['12345', '👍👍👍👍👍'],
    fails: [
      ['1234', 'Минимум 5 символов'],
      ['👍👍', 'Минимум 5 символов'],
    ],
  },
  {
    rule: 'max',
    params: { n: 3 },
    passes: ['', 'abc', 'аб', 999, '👍👍👍'],
    fails: [
      ['abcd', 'Максимум 3 символов'],
      [1000, 'Максимум 3 символов'],
      [[1], 'Максимум 3 символов'],
    ],
  },
  {
    rule: 'min_value',
    params: { n: 10 },
    passes: [10, 10.5, '10', '10,01', '1 000', '', null],
    fails: [
      [9.99, 'Минимальное значение - 10'],
      ['9,99', 'Минимальное значение - 10'],
      [-100, 'Минимальное значение - 10'],
      ['десять', 'Минимальное значение - 10'],
      [Number.NaN, 'Минимальное значение - 10'],
    ],
  },
  {
    rule: 'min_value',
    params: { n: 0.5 },
    passes: [0.5, '0,5'],
    fails: [[0.49, 'Минимальное значение - 0,5']],
  },
  {
    rule: 'max_value',
    params: { n: 1000 },
    passes: [1000, '999,99', -5, '', undefined],
    fails: [
      [1000.01, 'Максимальное значение - 1\u00a0000'],
      ['1 000,5', 'Максимальное значение - 1\u00a0000'],
      ['много', 'Максимальное значение - 1\u00a0000'],
    ],
  },
  {
    rule: 'phone',
    passes: ['9001234567', '(900) 123-45-67', '', null],
    fails: [
      ['900123456', 'Неверный формат телефона'],
      ['90012345678', 'Неверный формат телефона'],
      ['+7 (900) 123-45-67', 'Неверный формат телефона'],
      ['(900) 123-45-6_', 'Неверный формат телефона'],
      [9001234567, 'Неверный формат телефона'],
    ],
  },
  {
    rule: 'dynamicPhone',
    params: { country: 'BY' },
    passes: ['291234567', '(291) 234-56-7', ''],
    fails: [
      ['9001234567', 'Неверный формат телефона'],
      ['29123456', 'Неверный формат телефона'],
    ],
  },
  {
    rule: 'dynamicPhone',
    params: { country: 'AM' },
    passes: ['(91) 123-456'],
    fails: [['(91) 123-45', 'Неверный формат телефона']],
  },
  {
    rule: 'dynamicPhone',
    params: { country: 'AZ' },
    passes: ['(50) 123-45-67'],
    fails: [['(50) 123-45-678', 'Неверный формат телефона']],
  },
  {
    rule: 'minDate',
    passes: [new Date(2026, 5, 15, 12, 0, 1), '16.06.2026', '2027-01-01', '', null],
    fails: [
      [NOW, 'Дата не может быть в прошлом'],
      ['15.06.2026', 'Дата не может быть в прошлом'],
      ['2020-01-01', 'Дата не может быть в прошлом'],
      ['31.02.2030', 'Дата не может быть в прошлом'],
      [{}, 'Дата не может быть в прошлом'],
    ],
  },
  {
    rule: 'minDate',
    params: { date: '01.01.2030', message: 'Не раньше 2030 года' },
    passes: ['02.01.2030'],
    fails: [['01.01.2030', 'Не раньше 2030 года']],
  },
  {
    rule: 'minOrEqDate',
    params: { date: '15.06.2026' },
    // Instants against a day: their Moscow day (00:00 and 23:59 Moscow time).
    passes: ['15.06.2026', new Date('2026-06-14T21:00:00Z'), '2026-06-16'],
    fails: [
      ['14.06.2026', 'Дата не может быть в прошлом'],
      [new Date('2026-06-14T20:59:00Z'), 'Дата не может быть в прошлом'],
    ],
  },
  {
    rule: 'minOrEqDate',
    // An instant against now to the millisecond; a typed day against today, whatever the hour.
    passes: [NOW, '15.06.2026'],
    fails: [
      [new Date(NOW.getTime() - 1), 'Дата не может быть в прошлом'],
      ['14.06.2026', 'Дата не может быть в прошлом'],
    ],
  },
  {
    rule: 'minDateByUnix',
    passes: [NOW_UNIX, NOW_UNIX + 60, NOW, '2027-01-01', ''],
    fails: [
      [NOW_UNIX - 1, 'Дата не может быть в прошлом'],
      ['01.01.2026', 'Дата не может быть в прошлом'],
      ['нет', 'Дата не может быть в прошлом'],
    ],
  },
  {
    rule: 'minDateByUnix',
    params: { unix: 0, message: 'Слишком рано' },
    passes: [0, 1],
    fails: [[-1, 'Слишком рано']],
  },
  {
    rule: 'maxDate',
    passes: [new Date(NOW.getTime() - 1), '14.06.2026', '2000-01-01', ''],
    fails: [
      [NOW, 'Дата не может быть в будущем'],
      ['15.06.2026', 'Дата не может быть в будущем'],
      ['16.06.2026', 'Дата не может быть в будущем'],
      ['40.01.2000', 'Дата не может быть в будущем'],
    ],
  },
  {
    rule: 'maxOrEqDate',
    // 00:00 on 1 January 2026, Moscow time.
    params: { date: new Date('2025-12-31T21:00:00Z'), message: 'Не позже 2026 года' },
    passes: ['01.01.2026', '2025-12-31', new Date('2025-12-31T21:00:00Z')],
    fails: [
      [new Date('2025-12-31T21:00:01Z'), 'Не позже 2026 года'],
      ['02.01.2026', 'Не позже 2026 года'],
    ],
  },
  {
    rule: 'maxOrEqDate',
    passes: [NOW, '15.06.2026'],
    fails: [[new Date(NOW.getTime() + 1), 'Дата не может быть в будущем']],
  },
  {
    rule: 'maxDateLib',
    // The end of 15 June is 23:59:59.999 Moscow time, 20:59:59.999 UTC.
    passes: ['15.06.2026', new Date('2026-06-15T20:59:59.999Z'), '2026-06-15', '01.01.1900', ''],
    fails: [
      ['16.06.2026', 'Дата не может быть в будущем'],
      [new Date('2026-06-15T21:00:00Z'), 'Дата не может быть в будущем'],
      ['2026-06-16', 'Дата не может быть в будущем'],
    ],
  },
  {
    rule: 'maxDateLib',
    params: { date: '31.12.2010', message: 'Спортсмену должно быть не меньше 16 лет' },
    passes: ['31.12.2010'],
    fails: [['01.01.2011', 'Спортсмену должно быть не меньше 16 лет']],
  },
  {
    rule: 'fileFormat',
    params: { formats: ['image/*', 'application/pdf'] },
    passes: [anImage, [anImage, aPdf], { type: 'IMAGE/JPEG' }, [], null, { length: 1, 0: aPdf }],
    fails: [
      [{ type: 'text/plain' }, 'Неверный формат файла'],
      [[anImage, { type: 'video/mp4' }], 'Неверный формат файла'],
      [[anImage, 'photo.png'], 'Неверный формат файла'],
      ['photo.png', 'Неверный формат файла'],
      [{ type: '' }, 'Неверный формат файла'],
    ],
  },
  {
    rule: 'fileFormat',
    params: { formats: ['application/pdf'] },
    passes: [aPdf],
    fails: [[{ type: 'application/pdfx' }, 'Неверный формат файла']],
  },
  {
    rule: 'url',
    passes: ['https://vk.com/id1', 'http://localhost:3000/a?b=c', 'mailto:ivan@mail.ru', '', null],
    fails: [
      ['vk.com/id1', 'Неверный формат ссылки'],
      ['просто текст', 'Неверный формат ссылки'],
      ['http://', 'Неверный формат ссылки'],
      [42, 'Неверный формат ссылки'],
    ],
  },
  {
    rule: 'cityRequired',
    passes: [
      { value: 'г Москва', data: { city: 'Москва', settlement: null } },
      { value: 'Самарская обл, поселок Лесной', data: { city: null, settlement: 'Лесной' } },
      { city: 'Минск' },
    ],
    fails: [
      [{ value: 'Самарская обл', data: { city: null, settlement: null } }, 'Не указан населённый пункт'],
      [{ value: 'x', data: { city: '  ' } }, 'Не указан населённый пункт'],
      [{ value: 'x' }, 'Не указан населённый пункт'],
      [null, 'Не указан населённый пункт'],
      ['Москва', 'Не указан населённый пункт'],
    ],
  },
  {
    rule: 'cityRequired',
    params: { message: 'Выберите город из списка' },
    passes: [{ data: { settlement: 'Лесной' } }],
    fails: [[{ data: {} }, 'Выберите город из списка']],
  },
  {
    rule: 'custom',
    params: { validator: (value: unknown) => value === 'да', message: 'Ответьте «да»' },
    passes: ['да'],
    fails: [
      ['нет', 'Ответьте «да»'],
      [null, 'Ответьте «да»'],
    ],
  },
  {
    rule: 'custom',
    params: { validator: (value: unknown) => typeof value === 'number' },
    passes: [1],
    fails: [['1', 'This field is not valid.']],
  },
];

describe('rule catalogue', () => {
  it('has exactly the rules of spec §5', () => {
    expect(Object.keys(validationRules).sort()).toEqual(
      [
        'required',
        'email',
        'min',
        'max',
        'min_value',
        'max_value',
        'phone',
        'dynamicPhone',
        'minDate',
        'minOrEqDate',
        'minDateByUnix',
        'maxDate',
        'maxOrEqDate',
        'maxDateLib',
        'fileFormat',
        'url',
        'cityRequired',
        'custom',
      ].sort(),
    );
  });

  describe.each(table)('$rule $params', ({ rule, params, passes, fails }) => {
    // The table mixes every rule's parameters; the rules' own typing is checked where they are written.
    const run = (value: unknown) =>
      validationRules[rule](value, params as never, { field: 'This field', clock });

    it.each(passes.map((value) => [value]))('passes %j', (value) => {
      expect(run(value)).toBeNull();
    });

    it.each(fails)('fails %j with %j', (value, message) => {
      expect(run(value)).toBe(message);
    });
  });
});

describe('validate', () => {
  it('looks a rule up by name', () => {
    expect(validate('min', 'А', { n: 2 })).toBe('Минимум 2 символов');
    expect(validate('min', 'Аб', { n: 2 })).toBeNull();
    expect(validate('required', '')).toBe('Поле обязательно');
    expect(validate('email', 'x@y.ru')).toBeNull();
  });

  it('names the field in the fallback message', () => {
    expect(validate('custom', 1, { validator: () => false }, { field: 'inn' })).toBe('inn is not valid.');
  });

  it('takes the clock from the context', () => {
    expect(validate('maxDateLib', '16.06.2026', undefined, { clock })).toBe('Дата не может быть в будущем');
    expect(validate('maxDateLib', '15.06.2026', undefined, { clock })).toBeNull();
  });

  it('uses the system clock by default', () => {
    expect(validate('maxDateLib', new Date())).toBeNull();
    expect(validate('minDate', '01.01.1900')).toBe('Дата не может быть в прошлом');
  });

  it.each(['nope', 'toString', '__proto__', 'Required', 'minLength'])(
    'throws for the unknown rule %j',
    (name) => {
      expect(() => validate(name as RuleName, 'x')).toThrow(UnknownRuleError);
      expect(() => validate(name as RuleName, 'x')).toThrow(`Unknown validation rule '${name}'`);
    },
  );

  it('throws for a limit that is not a date, which is a programming error', () => {
    expect(() => validate('maxDate', '01.01.2000', { date: 'вчера' })).toThrow(RangeError);
  });

  it('throws for a phone country outside the four', () => {
    expect(() => validate('dynamicPhone', '1', { country: 'UA' as never })).toThrow(RangeError);
  });
});

describe('validateAll', () => {
  const nameRules = ['required', ['min', { n: 2 }], ['max', { n: 5 }]] as const;

  it.each([
    ['', 'Поле обязательно'],
    ['Я', 'Минимум 2 символов'],
    ['Иванов', 'Максимум 5 символов'],
    ['Ли', null],
  ])('%j → %j (the first failure only)', (value, message) => {
    expect(validateAll(value, nameRules)).toBe(message);
  });

  it('throws when a list names an unknown rule', () => {
    expect(() => validateAll('x', ['required', 'nope' as RuleName] as never)).toThrow(UnknownRuleError);
  });
});

describe('isEmptyValue', () => {
  it.each([null, undefined, false, '', ' \n', []])('%j is empty', (value) => {
    expect(isEmptyValue(value)).toBe(true);
  });
  it.each([0, true, 'a', [0], {}, Number.NaN])('%j is not', (value) => {
    expect(isEmptyValue(value)).toBe(false);
  });
});

describe('rule typing', () => {
  it('asks for the parameters a rule needs and refuses wrong ones', () => {
    // @ts-expect-error `min` needs `{ n }`; at run time its absence is a TypeError, not a message.
    expect(() => validate('min', 'x')).toThrow(TypeError);
    // @ts-expect-error `dynamicPhone` takes a country code, not a dial code.
    expect(() => validate('dynamicPhone', '1', { country: '7' })).toThrow(RangeError);
    // @ts-expect-error a name outside the catalogue does not compile.
    expect(() => validate('nope', 'x')).toThrow(UnknownRuleError);
    // @ts-expect-error a rule list checks each pair's parameters too.
    expect(validateAll('xy', [['max', { n: '1' }]])).toBe('Максимум 1 символов');
  });
});

describe('date rules on the federation’s calendar', () => {
  const processZone = process.env['TZ'];
  afterEach(() => {
    if (processZone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = processZone;
  });

  // 21:30 UTC on 1 December 2026: 00:30 on 2 December in Moscow.
  const moscowMidnight = { clock: fixedClock('2026-12-01T21:30:00Z') };
  // 21:30 UTC on 31 December 2026: New Year in Moscow.
  const newYear = { clock: fixedClock('2026-12-31T21:30:00Z') };

  it.each(['UTC', 'Europe/Moscow', 'America/New_York', 'Asia/Tokyo'])(
    'take today as Moscow’s day whatever the zone they run in (TZ=%s)',
    (zone) => {
      process.env['TZ'] = zone;
      expect(validate('maxDateLib', '02.12.2026', undefined, moscowMidnight)).toBeNull();
      expect(validate('maxDateLib', '2026-12-02', undefined, moscowMidnight)).toBeNull();
      expect(validate('maxDateLib', '03.12.2026', undefined, moscowMidnight)).toBe(
        'Дата не может быть в будущем',
      );
      expect(validate('minOrEqDate', '02.12.2026', undefined, moscowMidnight)).toBeNull();
      expect(validate('minOrEqDate', '01.12.2026', undefined, moscowMidnight)).toBe(
        'Дата не может быть в прошлом',
      );
      expect(validate('maxDateLib', '01.01.2027', undefined, newYear)).toBeNull();
      expect(validate('minDate', '31.12.2026', undefined, newYear)).toBe('Дата не может быть в прошлом');
      expect(validate('minDateByUnix', '01.01.2027', undefined, newYear)).toBeNull();
      expect(validate('minDateByUnix', '31.12.2026', undefined, newYear)).toBe(
        'Дата не может быть в прошлом',
      );
    },
  );

  it('compare two typed days by the day, and read 29 February only in a leap year', () => {
    expect(validate('maxOrEqDate', '29.02.2028', { date: '29.02.2028' })).toBeNull();
    expect(validate('maxDate', '28.02.2028', { date: '29.02.2028' })).toBeNull();
    expect(validate('minDate', '01.03.2028', { date: '2028-02-29' })).toBeNull();
    expect(validate('maxDateLib', '29.02.2027', undefined, newYear)).toBe('Дата не может быть в будущем');
  });
});
