import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validationMessages } from './messages';
import { PHONE_COUNTRY_CODES, PHONE_FORMATS } from './phone';
import { phoneValueE164, phoneValueError } from './phone-value';
import { validateAll, type RuleSpec } from './rules';

const typed = fc.constantFrom(...PHONE_COUNTRY_CODES).chain((country) =>
  fc.record({
    country: fc.constant(country),
    digits: fc.oneof(
      fc.stringMatching(new RegExp(`^\\d{${PHONE_FORMATS[country].digits}}$`)),
      fc.stringMatching(/^\d{0,12}$/),
      fc.constantFrom('', ' ', '   '),
    ),
  }),
);

describe('phoneValueError', () => {
  it('says what the catalogue’s `required` and `dynamicPhone` say, optional or not', () => {
    fc.assert(
      fc.property(typed, fc.boolean(), (phone, optional) => {
        const rules: RuleSpec[] = [['dynamicPhone', { country: phone.country }]];
        if (!optional) rules.unshift('required');
        expect(phoneValueError(phone, { optional })).toBe(validateAll(phone.digits, rules));
      }),
      { numRuns: 1000 },
    );
  });

  it('asks for a number, then a whole one', () => {
    expect(phoneValueError({ country: 'RU', digits: '' })).toBe(validationMessages.required);
    expect(phoneValueError({ country: 'RU', digits: '' }, { optional: true })).toBeNull();
    expect(phoneValueError({ country: 'RU', digits: '90012' })).toBe(validationMessages.phone);
    expect(phoneValueError({ country: 'RU', digits: '9001234567' })).toBeNull();
  });
});

describe('phoneValueE164', () => {
  it('writes a whole number as the api takes it, and a partial one as nothing', () => {
    expect(phoneValueE164({ country: 'RU', digits: '9001234567' })).toBe('+79001234567');
    expect(phoneValueE164({ country: 'BY', digits: '291234567' })).toBe('+375291234567');
    expect(phoneValueE164({ country: 'RU', digits: '900' })).toBe('');
  });
});
