/**
 * Mask patterns of spec §5, kept here only until `@fed/validation` exports its phone formats and date
 * mask: then this file re-exports (or is replaced by) those, and the inputs keep importing from here.
 * Displays are written as the spec writes them, `0` standing for one digit.
 */

export type PhoneCountry = 'RU' | 'BY' | 'AM' | 'AZ';

export interface PhoneFormat {
  country: PhoneCountry;
  /** Country calling code without the plus. */
  code: string;
  /** Number of national digits. */
  digits: number;
  /** National part as the spec shows it, `0` per digit. */
  display: string;
  /** Country name for the selector. */
  name: string;
}

export const phoneFormats: readonly PhoneFormat[] = [
  { country: 'RU', code: '7', digits: 10, display: '(000) 000-00-00', name: 'Россия' },
  { country: 'BY', code: '375', digits: 9, display: '(000) 000-00-0', name: 'Беларусь' },
  { country: 'AM', code: '374', digits: 8, display: '(00) 000-000', name: 'Армения' },
  { country: 'AZ', code: '994', digits: 9, display: '(00) 000-00-00', name: 'Азербайджан' },
];

export function phoneFormatOf(country: PhoneCountry): PhoneFormat {
  const format = phoneFormats.find((f) => f.country === country);
  if (!format) throw new Error(`Unknown phone country ${country}`);
  return format;
}

/** Date entry mask of spec §5. */
export const dateMask = { display: 'ДД.ММ.ГГГГ', digits: '00.00.0000' } as const;

/** The spec's `0`-per-digit display as a react-number-format `PatternFormat` pattern. */
export function toPatternFormat(display: string): string {
  return display.replace(/0/g, '#');
}
