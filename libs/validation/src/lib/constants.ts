/** Spec §9: the shortest last, first or middle name accepted. */
export const NAME_MIN_LENGTH = 2;

/**
 * The longest last, first or middle name accepted (not in the spec: passports hold far shorter names, and
 * the server must not take 90 000 characters for one).
 */
export const NAME_MAX_LENGTH = 100;

/** The longest full name of a contact person ('Фамилия Имя Отчество'). */
export const FULL_NAME_MAX_LENGTH = 200;

/** The longest city or settlement name. */
export const CITY_MAX_LENGTH = 200;

/** The longest organization name (legal names with their form of incorporation run long). */
export const ORGANIZATION_NAME_MAX_LENGTH = 300;

/** The longest e-mail address (RFC 5321 allows 254). */
export const EMAIL_MAX_LENGTH = 254;

/** Spec §5 and §9: the years a DD.MM.YYYY entry may name. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 9999;

/** Spec §5: fields validate on blur and on change (never on every keystroke), debounced by this much. */
export const VALIDATION_DEBOUNCE_MS = 5;

/**
 * Spec §7 and §9: the `country_iso_code` values an address search is limited to
 * when no `kladr_id` narrows it.
 */
export const ADDRESS_SEARCH_COUNTRIES = [
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
] as const;
export type AddressSearchCountry = (typeof ADDRESS_SEARCH_COUNTRIES)[number];
