import { describe, expect, it } from 'vitest';
import * as validation from './index';

describe('public face', () => {
  it('exports the names the UI kit, the forms and the api rely on', () => {
    expect(Object.keys(validation).sort()).toEqual(
      [
        'ADDRESS_SEARCH_COUNTRIES',
        'DATE_MASK_PATTERN',
        'DATE_YEAR_MAX',
        'DATE_YEAR_MIN',
        'DEFAULT_FIELD_NAME',
        'GENDERS',
        'GENDER_LABELS',
        'LETTERS_AND_HYPHEN_PATTERN',
        'NAME_MIN_LENGTH',
        'NAME_PATTERN',
        'NAME_WITH_DOTS_PATTERN',
        'NUMBER_MASK_SETTINGS',
        'PHONE_COUNTRY_CODES',
        'PHONE_FORMATS',
        'SOCIAL_PROFILE_URL_PATTERN',
        'TEXT_PATTERN',
        'TEXT_WITH_DIGITS_PATTERN',
        'TITLE_PATTERN',
        'UnknownRuleError',
        'VALIDATION_DEBOUNCE_MS',
        'addAccountPayloadSchema',
        'addAccountSchema',
        'addressPlaceName',
        'cityFieldSchema',
        'completeInn',
        'completeOgrn',
        'createAddAccountPayloadSchema',
        'createAddAccountSchema',
        'formatNumber',
        'formatPhone',
        'formatRuDate',
        'getRule',
        'isEmptyValue',
        'isPhoneCountryCode',
        'isRuDateString',
        'isRuleName',
        'isValidInn',
        'isValidOgrn',
        'isValidOgrnip',
        'isValidPhone',
        'isoDateToRu',
        'parseE164',
        'parseIsoDate',
        'parseNumber',
        'parsePhone',
        'parseRuDate',
        'phoneValueSchema',
        'pluralRu',
        'ruDateToIso',
        'toDate',
        'toE164',
        'toIsoDate',
        'validate',
        'validateAll',
        'validationMessages',
        'validationRules',
        'zodRules',
      ].sort(),
    );
  });

  it('keeps the spec §9 constants', () => {
    expect(validation.ADDRESS_SEARCH_COUNTRIES).toEqual([
      'RU',
      'BY',
      'AM',
      'AZ',
      'GE',
      'KG',
      'MD',
      'TJ',
      'TM',
      'UZ',
      'KZ',
    ]);
    expect(validation.NAME_MIN_LENGTH).toBe(2);
    expect([validation.DATE_YEAR_MIN, validation.DATE_YEAR_MAX]).toEqual([1900, 9999]);
    expect(validation.VALIDATION_DEBOUNCE_MS).toBe(5);
  });
});
