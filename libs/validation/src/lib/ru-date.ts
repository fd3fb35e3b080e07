import { format, isValid, parseISO } from 'date-fns';
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from './constants';

/** react-number-format `PatternFormat` pattern of the DD.MM.YYYY date entry. */
export const DATE_MASK_PATTERN = '##.##.####';

const RU_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Builds a local-midnight date only when the parts name a real day in the allowed years.
 * `new Date` silently rolls 31.02 over into March, so the parts are read back and compared.
 */
function realDate(year: number, month: number, day: number): Date | null {
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) return null;
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(year, month - 1, day);
  const sameDay = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return sameDay ? date : null;
}

/**
 * Reads a complete DD.MM.YYYY entry into a Date at local midnight. Returns null for an incomplete
 * entry, a day that does not exist (31.04.2020, 29.02.2023) or a year outside 1900–9999.
 */
export function parseRuDate(text: string): Date | null {
  const match = RU_DATE.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  return realDate(Number(year), Number(month), Number(day));
}

/** True when the text is a complete DD.MM.YYYY entry naming a real day in 1900–9999. */
export function isRuDateString(text: string): boolean {
  return parseRuDate(text) !== null;
}

/** Shows a date as DD.MM.YYYY in local time; an invalid Date gives '' rather than a thrown error in a render. */
export function formatRuDate(date: Date): string {
  return isValid(date) ? format(date, 'dd.MM.yyyy') : '';
}

/** Reads a calendar date 'YYYY-MM-DD' (the wire format of the payloads) into a Date at local midnight. */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const [, year = '', month = '', day = ''] = match;
  return realDate(Number(year), Number(month), Number(day));
}

/** The local calendar day of a date as 'YYYY-MM-DD'; '' for an invalid Date. */
export function toIsoDate(date: Date): string {
  return isValid(date) ? format(date, 'yyyy-MM-dd') : '';
}

/** '31.12.2000' → '2000-12-31'; null when the entry is not a real date. */
export function ruDateToIso(text: string): string | null {
  const date = parseRuDate(text);
  return date ? toIsoDate(date) : null;
}

/** '2000-12-31' → '31.12.2000', for filling the masked input from stored data; null when unreadable. */
export function isoDateToRu(text: string): string | null {
  const date = parseIsoDate(text);
  return date ? formatRuDate(date) : null;
}

/** What the date rules accept: a Date, epoch milliseconds, 'DD.MM.YYYY', 'YYYY-MM-DD' or an RFC 3339 time. */
export type DateInput = Date | number | string;

/** Reads any `DateInput` into a valid Date, or null. Calendar-date strings mean local midnight. */
export function toDate(input: DateInput): Date | null {
  if (input instanceof Date) return isValid(input) ? input : null;
  if (typeof input === 'number') return Number.isFinite(input) ? new Date(input) : null;
  const text = input.trim();
  if (RU_DATE.test(text)) return parseRuDate(text);
  if (ISO_DATE.test(text)) return parseIsoDate(text);
  // Only full timestamps: parseISO would also read '2020' or '2020-05' as dates, which no field holds.
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const date = parseISO(text);
  return isValid(date) ? date : null;
}
