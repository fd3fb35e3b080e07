/** The countries whose phone numbers the portal accepts (spec §5). */
export const PHONE_COUNTRY_CODES = ['RU', 'BY', 'AM', 'AZ'] as const;
export type PhoneCountryCode = (typeof PHONE_COUNTRY_CODES)[number];

export interface PhoneFormat {
  country: PhoneCountryCode;
  /** International dialling code without '+'. */
  dialCode: string;
  /** Length of the national number the masked input holds. */
  digits: number;
  /** The spec's display mask; each '0' is one digit. */
  mask: string;
  /** The same mask as the kit's masked input types it (`#` per digit). */
  pattern: string;
}

function phoneFormat(country: PhoneCountryCode, dialCode: string, mask: string): PhoneFormat {
  return {
    country,
    dialCode,
    digits: mask.split('').filter((char) => char === '0').length,
    mask,
    pattern: mask.replace(/0/g, '#'),
  };
}

/** Spec §5 phone formats, keyed by ISO country code. */
export const PHONE_FORMATS: Readonly<Record<PhoneCountryCode, PhoneFormat>> = {
  RU: phoneFormat('RU', '7', '(000) 000-00-00'),
  BY: phoneFormat('BY', '375', '(000) 000-00-0'),
  AM: phoneFormat('AM', '374', '(00) 000-000'),
  AZ: phoneFormat('AZ', '994', '(00) 000-00-00'),
};

export function isPhoneCountryCode(value: unknown): value is PhoneCountryCode {
  return typeof value === 'string' && (PHONE_COUNTRY_CODES as readonly string[]).includes(value);
}

// What a mask adds around the digits; anything else in a phone entry makes it invalid.
const MASK_PUNCTUATION = /[\s()-]/g;

/**
 * Lays digits into the country's mask as far as they go: '900123' → '(900) 123'. Non-digits are
 * ignored and digits beyond the country's length dropped, so it is safe on partial input.
 */
export function formatPhone(digits: string, country: PhoneCountryCode): string {
  const queue = digits.replace(/\D/g, '').slice(0, PHONE_FORMATS[country].digits).split('');
  let out = '';
  for (const char of PHONE_FORMATS[country].mask) {
    if (queue.length === 0) break;
    out += char === '0' ? (queue.shift() ?? '') : char;
  }
  return out;
}

/**
 * The national digits of a whole number pasted or filled in at once ('+7 916 123-45-67', '8 916 123 45 67',
 * '+375291234567'): the dial code in front, or Russia's trunk 8, dropped when what follows is the country's length;
 * otherwise the first digits that fit.
 */
export function nationalDigitsOf(value: string, country: PhoneCountryCode): string {
  const { dialCode, digits: length } = PHONE_FORMATS[country];
  const digits = value.replace(/\D/g, '');
  if (digits.length === dialCode.length + length && digits.startsWith(dialCode))
    return digits.slice(dialCode.length);
  if (country === 'RU' && digits.length === length + 1 && digits.startsWith('8')) return digits.slice(1);
  return digits.slice(0, length);
}

/**
 * The national number of a complete entry: '(900) 123-45-67' or '9001234567' → '9001234567'.
 * Null when, without the mask's brackets, spaces and hyphens, it is not exactly the country's digits.
 * The dial code is not part of the entry: the input shows it outside the mask.
 */
export function parsePhone(value: string, country: PhoneCountryCode): string | null {
  const digits = value.replace(MASK_PUNCTUATION, '');
  return /^\d+$/.test(digits) && digits.length === PHONE_FORMATS[country].digits ? digits : null;
}

/** The `dynamicPhone` test: a complete national number of that country. */
export function isValidPhone(value: string, country: PhoneCountryCode): boolean {
  return parsePhone(value, country) !== null;
}

/** The E.164 form stored and sent to the platform: ('9001234567', 'RU') → '+79001234567'; null if incomplete. */
export function toE164(value: string, country: PhoneCountryCode): string | null {
  const digits = parsePhone(value, country);
  return digits === null ? null : `+${PHONE_FORMATS[country].dialCode}${digits}`;
}

export interface ParsedPhone {
  country: PhoneCountryCode;
  /** National number, as the masked input holds it. */
  digits: string;
}

/**
 * Splits an international number of one of the four countries: '+7 (900) 123-45-67' → RU, '9001234567'.
 * Null for other countries or wrong lengths. The dial codes 7, 375, 374, 994 never prefix one another.
 */
export function parseE164(value: string): ParsedPhone | null {
  const compact = value.replace(MASK_PUNCTUATION, '');
  if (!/^\+\d+$/.test(compact)) return null;
  for (const format of Object.values(PHONE_FORMATS)) {
    const prefix = `+${format.dialCode}`;
    if (compact.startsWith(prefix) && compact.length === prefix.length + format.digits) {
      return { country: format.country, digits: compact.slice(prefix.length) };
    }
  }
  return null;
}
