/**
 * Mask patterns of spec §5 for the masked inputs. They mirror, name for name, what `@fed/validation`
 * is about to export (`PHONE_FORMATS`, `DATE_MASK_PATTERN`); once it does, this file becomes a
 * re-export of those and nothing else in ui-kit changes.
 */

export const PHONE_COUNTRY_CODES = ['RU', 'BY', 'AM', 'AZ'] as const;
export type PhoneCountryCode = (typeof PHONE_COUNTRY_CODES)[number];

export interface PhoneFormat {
  country: PhoneCountryCode;
  /** International dialling code without '+'. */
  dialCode: string;
  /** Length of the national number. */
  digits: number;
  /** The spec's display mask; each '0' is one digit. */
  mask: string;
  /** The same mask for react-number-format's `PatternFormat` (`#` per digit). */
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

export const PHONE_FORMATS: Readonly<Record<PhoneCountryCode, PhoneFormat>> = {
  RU: phoneFormat('RU', '7', '(000) 000-00-00'),
  BY: phoneFormat('BY', '375', '(000) 000-00-0'),
  AM: phoneFormat('AM', '374', '(00) 000-000'),
  AZ: phoneFormat('AZ', '994', '(00) 000-00-00'),
};

/** react-number-format `PatternFormat` pattern of the DD.MM.YYYY date entry. */
export const DATE_MASK_PATTERN = '##.##.####';
