import { isExists } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatRuDate,
  isoDateToRu,
  isRuDateString,
  parseIsoDate,
  parseRuDate,
  parseRuDay,
  readDate,
  ruDateToIso,
  toIsoDate,
} from './ru-date';

describe('parseRuDate', () => {
  it.each([
    ['01.01.1900', 1900, 0, 1],
    ['31.12.9999', 9999, 11, 31],
    ['29.02.2024', 2024, 1, 29],
    ['29.02.2000', 2000, 1, 29],
    ['15.06.1985', 1985, 5, 15],
    [' 15.06.1985 ', 1985, 5, 15],
  ])('%j → local midnight', (text, year, month, day) => {
    expect(parseRuDate(text)).toEqual(new Date(year, month, day));
  });

  it.each([
    ['', 'empty'],
    ['1.1.2000', 'one-digit parts'],
    ['01.01.20', 'short year'],
    ['01.01.20000', 'long year'],
    ['15.0_.____', 'incomplete mask'],
    ['2000-01-01', 'ISO order'],
    ['01/01/2000', 'other separators'],
    ['00.01.2000', 'day 0'],
    ['32.01.2000', 'day 32'],
    ['01.00.2000', 'month 0'],
    ['01.13.2000', 'month 13'],
    ['31.04.2000', '31 April'],
    ['29.02.2023', '29 February of a common year'],
    ['29.02.1900', '1900 is not a leap year'],
    ['31.12.1899', 'year before 1900'],
    ['01.01.0000', 'year 0'],
  ])('%j → null (%s)', (text) => {
    expect(parseRuDate(text)).toBeNull();
    expect(isRuDateString(text)).toBe(false);
  });
});

describe('formatting', () => {
  it('shows DD.MM.YYYY and the ISO calendar date of the local day', () => {
    const date = new Date(2007, 2, 9, 23, 59);
    expect(formatRuDate(date)).toBe('09.03.2007');
    expect(toIsoDate(date)).toBe('2007-03-09');
  });

  it('gives an empty text for an invalid Date', () => {
    expect(formatRuDate(new Date(Number.NaN))).toBe('');
    expect(toIsoDate(new Date(Number.NaN))).toBe('');
  });

  it('converts between the entry and the wire format', () => {
    expect(ruDateToIso('31.12.2000')).toBe('2000-12-31');
    expect(ruDateToIso('31.11.2000')).toBeNull();
    expect(isoDateToRu('2000-12-31')).toBe('31.12.2000');
    expect(isoDateToRu('2000-02-30')).toBeNull();
    expect(parseIsoDate('2000-12-31')).toEqual(new Date(2000, 11, 31));
    expect(parseIsoDate('31.12.2000')).toBeNull();
  });
});

describe('readDate', () => {
  it.each([
    ['17.05.2020', { kind: 'day', day: { year: 2020, month: 5, day: 17 } }],
    [' 2020-05-17 ', { kind: 'day', day: { year: 2020, month: 5, day: 17 } }],
    ['29.02.2028', { kind: 'day', day: { year: 2028, month: 2, day: 29 } }],
    ['2020-05-17T10:00:00Z', { kind: 'instant', at: Date.UTC(2020, 4, 17, 10) }],
    ['2020-05-17T10:00:00+03:00', { kind: 'instant', at: Date.UTC(2020, 4, 17, 7) }],
    [new Date(Date.UTC(2020, 4, 17, 10)), { kind: 'instant', at: Date.UTC(2020, 4, 17, 10) }],
    [Date.UTC(2020, 4, 17), { kind: 'instant', at: Date.UTC(2020, 4, 17) }],
  ])('%j → %j', (input, expected) => {
    expect(readDate(input)).toEqual(expected);
  });

  it.each([
    new Date(Number.NaN),
    Number.NaN,
    '',
    '2020',
    '2020-05',
    'завтра',
    '31.02.2020',
    '29.02.2027',
    '31.12.1899',
    '2020-05-17T99:00',
  ])('%j → null', (input) => {
    expect(readDate(input)).toBeNull();
  });

  it('reads a typed day as the same day in every time zone', () => {
    expect(parseRuDay('02.12.2026')).toEqual({ year: 2026, month: 12, day: 2 });
    expect(parseRuDay('2026-12-02')).toBeNull();
    expect(parseRuDay('29.02.2027')).toBeNull();
  });
});

describe('date parser properties', () => {
  const days = fc
    .date({ min: new Date(1900, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true })
    .map((d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()));

  it('parse ∘ format is the identity on every day of 1900–9999', () => {
    fc.assert(
      fc.property(days, (day) => {
        expect(parseRuDate(formatRuDate(day))).toEqual(day);
        expect(parseIsoDate(toIsoDate(day))).toEqual(day);
      }),
    );
  });

  it('accepts exactly the existing days, and format ∘ parse gives the entry back', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    const entries = fc.tuple(
      fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 1890, max: 9999 }),
    );
    fc.assert(
      fc.property(entries, ([day, month, year]) => {
        const text = `${pad(day, 2)}.${pad(month, 2)}.${pad(year, 4)}`;
        const parsed = parseRuDate(text);
        const exists = year >= 1900 && isExists(year, month - 1, day) && month >= 1;
        expect(parsed !== null).toBe(exists);
        if (parsed !== null) expect(formatRuDate(parsed)).toBe(text);
      }),
    );
  });
});
