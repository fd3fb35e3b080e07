import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isValidPhone,
  nationalDigitsOf,
  parseE164,
  parsePhone,
  PHONE_COUNTRY_CODES,
  PHONE_FORMATS,
  toE164,
  type PhoneCountryCode,
} from './phone';

describe('PHONE_FORMATS', () => {
  it.each([
    ['RU', '7', 10, '(000) 000-00-00', '(###) ###-##-##'],
    ['BY', '375', 9, '(000) 000-00-0', '(###) ###-##-#'],
    ['AM', '374', 8, '(00) 000-000', '(##) ###-###'],
    ['AZ', '994', 9, '(00) 000-00-00', '(##) ###-##-##'],
  ] as const)('%s: +%s, %i digits, %s', (country, dialCode, digits, mask, pattern) => {
    expect(PHONE_FORMATS[country]).toEqual({ country, dialCode, digits, mask, pattern });
  });
});

describe('formatPhone', () => {
  it.each([
    ['9001234567', 'RU', '(900) 123-45-67'],
    ['291234567', 'BY', '(291) 234-56-7'],
    ['91123456', 'AM', '(91) 123-456'],
    ['501234567', 'AZ', '(50) 123-45-67'],
    ['900', 'RU', '(900'],
    ['9001', 'RU', '(900) 1'],
    ['', 'RU', ''],
    ['+7 900 123-45-67 89', 'RU', '(790) 012-34-56'],
  ] as const)('%j (%s) → %j', (digits, country, shown) => {
    expect(formatPhone(digits, country)).toBe(shown);
  });
});

describe('nationalDigitsOf', () => {
  it.each([
    ['+7 (916) 123-45-67', 'RU', '9161234567'],
    ['8 916 123 45 67', 'RU', '9161234567'],
    ['9161234567', 'RU', '9161234567'],
    ['+375 29 123-45-67', 'BY', '291234567'],
    ['+374 77 123456', 'AM', '77123456'],
    ['+994 50 123 45 67', 'AZ', '501234567'],
    // Neither a dial code nor a trunk 8 with the country's length behind it: the first digits that fit.
    ['8 916 123 45 67 00', 'RU', '8916123456'],
    ['375291234567', 'RU', '3752912345'],
  ] as const)('%j (%s) → %j', (value, country, digits) => {
    expect(nationalDigitsOf(value, country)).toBe(digits);
  });

  it('keeps every number written with its dial code, whatever the country', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PHONE_COUNTRY_CODES),
        fc.stringMatching(/^\d{10}$/),
        (country, typed) => {
          const digits = typed.slice(0, PHONE_FORMATS[country].digits);
          const international = `+${PHONE_FORMATS[country].dialCode} ${formatPhone(digits, country)}`;
          expect(nationalDigitsOf(international, country)).toBe(digits);
          expect(nationalDigitsOf(digits, country)).toBe(digits);
        },
      ),
    );
  });
});

describe('parsePhone', () => {
  it.each([
    ['(900) 123-45-67', 'RU', '9001234567'],
    ['9001234567', 'RU', '9001234567'],
    ['900 123 45 67', 'RU', '9001234567'],
    ['(291) 234-56-7', 'BY', '291234567'],
    ['(91) 123-456', 'AM', '91123456'],
    ['(50) 123-45-67', 'AZ', '501234567'],
  ] as const)('%j (%s) → %j', (value, country, digits) => {
    expect(parsePhone(value, country)).toBe(digits);
    expect(isValidPhone(value, country)).toBe(true);
  });

  it.each([
    ['(900) 123-45-6', 'RU', 'one digit short'],
    ['(900) 123-45-678', 'RU', 'one digit over'],
    ['+7 (900) 123-45-67', 'RU', 'dial code inside the entry'],
    ['(900) 123-45-6x', 'RU', 'a letter'],
    ['(900) 123-45-6_', 'RU', 'an unfilled mask slot'],
    ['9001234567', 'BY', 'Russian length in Belarus'],
    ['501234567', 'AM', 'nine digits in Armenia'],
    ['', 'AZ', 'empty'],
  ] as const)('%j (%s) → null (%s)', (value, country, _reason) => {
    expect(parsePhone(value, country)).toBeNull();
    expect(isValidPhone(value, country)).toBe(false);
  });
});

describe('E.164', () => {
  it.each([
    ['9001234567', 'RU', '+79001234567'],
    ['(291) 234-56-7', 'BY', '+375291234567'],
    ['91123456', 'AM', '+37491123456'],
    ['501234567', 'AZ', '+994501234567'],
  ] as const)('%j (%s) → %s and back', (value, country, e164) => {
    expect(toE164(value, country)).toBe(e164);
    expect(parseE164(e164)).toEqual({ country, digits: parsePhone(value, country) });
  });

  it('refuses incomplete numbers', () => {
    expect(toE164('900123', 'RU')).toBeNull();
  });

  it('reads a formatted international number', () => {
    expect(parseE164('+7 (900) 123-45-67')).toEqual({ country: 'RU', digits: '9001234567' });
  });

  it.each(['79001234567', '+7900123456', '+790012345678', '+380441234567', '+37529123456', '', '+'])(
    '%j → null',
    (value) => {
      expect(parseE164(value)).toBeNull();
    },
  );
});

describe('phone mask properties', () => {
  const countryAndDigits = fc.constantFrom(...PHONE_COUNTRY_CODES).chain((country: PhoneCountryCode) =>
    fc
      .string({
        unit: fc.constantFrom(...'0123456789'),
        minLength: PHONE_FORMATS[country].digits,
        maxLength: PHONE_FORMATS[country].digits,
      })
      .map((digits) => ({ country, digits })),
  );

  it('parse ∘ format is the identity for complete numbers of all four countries', () => {
    fc.assert(
      fc.property(countryAndDigits, ({ country, digits }) => {
        const shown = formatPhone(digits, country);
        expect(shown).toHaveLength(PHONE_FORMATS[country].mask.length);
        expect(shown.replace(/\d/g, '0')).toBe(PHONE_FORMATS[country].mask);
        expect(parsePhone(shown, country)).toBe(digits);
      }),
    );
  });

  it('parseE164 ∘ toE164 is the identity for all four countries', () => {
    fc.assert(
      fc.property(countryAndDigits, ({ country, digits }) => {
        const e164 = toE164(formatPhone(digits, country), country);
        expect(e164).toMatch(/^\+\d{11,12}$/);
        expect(parseE164(e164 ?? '')).toEqual({ country, digits });
      }),
    );
  });

  it('format never overruns the mask and keeps the digits in order', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PHONE_COUNTRY_CODES), fc.string(), (country, text) => {
        const shown = formatPhone(text, country);
        const format = PHONE_FORMATS[country];
        expect(format.mask.startsWith(shown.replace(/\d/g, '0'))).toBe(true);
        expect(shown.replace(/\D/g, '')).toBe(text.replace(/\D/g, '').slice(0, format.digits));
      }),
    );
  });
});
