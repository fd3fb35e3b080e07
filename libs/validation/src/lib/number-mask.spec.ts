import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, NUMBER_MASK_SETTINGS } from './number-format';
import { formatMoney, parseNumber } from './number-mask';

describe('NUMBER_MASK_SETTINGS', () => {
  it('is the spec default: decimal comma, two decimals', () => {
    expect(NUMBER_MASK_SETTINGS).toMatchObject({ decimalSeparator: ',', decimalScale: 2 });
  });

  it('groups thousands with the no-break space Intl gives Russian numbers', () => {
    expect(new Intl.NumberFormat('ru').format(1000)).toBe(`1${NUMBER_MASK_SETTINGS.thousandSeparator}000`);
  });
});

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [5, '5'],
    [1.5, '1,5'],
    [1.25, '1,25'],
    [1.999, '2'],
    [0.004, '0'],
    [-0.004, '0'],
    [999, '999'],
    [1000, '1\u00a0000'],
    [1234.5, '1\u00a0234,5'],
    [1234567.89, '1\u00a0234\u00a0567,89'],
    [-1234.5, '-1\u00a0234,5'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [1e21, ''],
  ])('%s → %j', (value, shown) => {
    expect(formatNumber(value)).toBe(shown);
  });
});

describe('parseNumber', () => {
  it.each([
    ['0', 0],
    ['1,5', 1.5],
    ['1.5', 1.5],
    ['1 234,56', 1234.56],
    ['1\u00a0234,56', 1234.56],
    ['-12', -12],
    ['  7 ', 7],
  ])('%j → %s', (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });

  it.each(['', ' ', ',', '1,', ',5', '1,2,3', '1.2,3', 'abc', '12a', '--1', '+1', '1e5'])(
    '%j → null',
    (text) => {
      expect(parseNumber(text)).toBeNull();
    },
  );
});

describe('number mask properties', () => {
  // Whole cents: exactly the values the two-decimal mask can hold.
  const cents = fc.integer({ min: -1e15, max: 1e15 });

  it('parse ∘ format is the identity on two-decimal numbers', () => {
    fc.assert(
      fc.property(cents, (n) => {
        const value = n / 100;
        expect(parseNumber(formatNumber(value))).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('format shows only digits, groups of three, a comma and at most two decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (value) => {
        expect(formatNumber(value)).toMatch(/^-?\d{1,3}(?:\u00a0\d{3})*(?:,\d{1,2})?$/);
      }),
    );
  });

  it('format rounds to the nearest cent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        const shown = parseNumber(formatNumber(value));
        expect(shown).not.toBeNull();
        expect(Math.abs((shown ?? 0) - value)).toBeLessThanOrEqual(0.005 + 1e-6);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('shows whole roubles grouped, the sign on the same line', () => {
    expect(formatMoney({ cents: 150_000, currency: 'RUB' })).toBe('1\u00a0500\u00a0₽');
    expect(formatMoney({ cents: 0, currency: 'RUB' })).toBe('0\u00a0₽');
    expect(formatMoney({ cents: 1_234_567_800, currency: 'RUB' })).toBe('12\u00a0345\u00a0678\u00a0₽');
  });

  it('shows kopecks as two digits when there are some', () => {
    expect(formatMoney({ cents: 150_050, currency: 'RUB' })).toBe('1\u00a0500,50\u00a0₽');
    expect(formatMoney({ cents: 150_005, currency: 'RUB' })).toBe('1\u00a0500,05\u00a0₽');
    expect(formatMoney({ cents: 99, currency: 'RUB' })).toBe('0,99\u00a0₽');
  });

  it('never breaks inside a sum: groups and sign joined by no-break spaces, as Intl groups Russian numbers', () => {
    const shown = formatMoney({ cents: 250_000_000, currency: 'RUB' });
    expect(shown).not.toMatch(/ /);
    expect(shown).toBe(`${new Intl.NumberFormat('ru').format(2_500_000)}\u00a0₽`);
  });

  it('names a currency it has no sign for', () => {
    expect(formatMoney({ cents: 1000, currency: 'EUR' })).toBe('10\u00a0EUR');
  });
});
