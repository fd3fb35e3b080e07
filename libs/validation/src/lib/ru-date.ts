import { format, isValid, parseISO } from 'date-fns';
import { isoDay, isRealDay, type CalendarDay } from '@fed/calendar';
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from './constants';

/** The DD.MM.YYYY date entry's pattern, as the kit's masked input types it (`#` per digit). */
export const DATE_MASK_PATTERN = '##.##.####';

const RU_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day the parts name, when it is a real one (not 31.04, not 29.02 of a common year) in the allowed years. */
function realDay(year: number, month: number, day: number): CalendarDay | null {
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) return null;
  const parsed = { year, month, day };
  return isRealDay(parsed) ? parsed : null;
}

/**
 * A calendar day as a date picker holds it: a Date at local midnight. Only for showing and picking; rules compare
 * days (`readDate`), never these instants, which differ from zone to zone.
 */
const localMidnight = ({ year, month, day }: CalendarDay) => new Date(year, month - 1, day);

/**
 * Reads a complete DD.MM.YYYY entry as the calendar day it names. Null for an incomplete entry, a day that does
 * not exist (31.04.2020, 29.02.2023) or a year outside 1900–9999.
 */
export function parseRuDay(text: string): CalendarDay | null {
  const match = RU_DATE.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  return realDay(Number(year), Number(month), Number(day));
}

/** Reads a calendar date 'YYYY-MM-DD' (the wire format of the payloads) as its day, in the allowed years. */
function parseIsoDayInRange(text: string): CalendarDay | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const [, year = '', month = '', day = ''] = match;
  return realDay(Number(year), Number(month), Number(day));
}

/**
 * Reads a complete DD.MM.YYYY entry into a Date at local midnight, for a date picker. Returns null for an
 * incomplete entry, a day that does not exist (31.04.2020, 29.02.2023) or a year outside 1900–9999.
 */
export function parseRuDate(text: string): Date | null {
  const day = parseRuDay(text);
  return day ? localMidnight(day) : null;
}

/** True when the text is a complete DD.MM.YYYY entry naming a real day in 1900–9999. */
export function isRuDateString(text: string): boolean {
  return parseRuDate(text) !== null;
}

/** Shows a date as DD.MM.YYYY in local time; an invalid Date gives '' rather than a thrown error in a render. */
export function formatRuDate(date: Date): string {
  return isValid(date) ? format(date, 'dd.MM.yyyy') : '';
}

/** Reads a calendar date 'YYYY-MM-DD' (the wire format of the payloads) into a Date at local midnight, for a picker. */
export function parseIsoDate(text: string): Date | null {
  const day = parseIsoDayInRange(text);
  return day ? localMidnight(day) : null;
}

/** The local calendar day of a date as 'YYYY-MM-DD'; '' for an invalid Date. */
export function toIsoDate(date: Date): string {
  return isValid(date) ? format(date, 'yyyy-MM-dd') : '';
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** '31.12.2000' → '2000-12-31'; null when the entry is not a real date. */
export function ruDateToIso(text: string): string | null {
  const day = parseRuDay(text);
  return day ? isoDay(day) : null;
}

/** '2000-12-31' → '31.12.2000', for filling the masked input from stored data; null when unreadable. */
export function isoDateToRu(text: string): string | null {
  const day = parseIsoDayInRange(text);
  return day ? `${pad(day.day)}.${pad(day.month)}.${pad(day.year, 4)}` : null;
}

/** What the date rules accept: a Date, epoch milliseconds, 'DD.MM.YYYY', 'YYYY-MM-DD' or an RFC 3339 time. */
export type DateInput = Date | number | string;

/**
 * A date as the rules read it: a calendar day when it was written as one (DD.MM.YYYY, YYYY-MM-DD), else an
 * instant (a Date, epoch milliseconds, an RFC 3339 time).
 */
export type DateReading = { kind: 'day'; day: CalendarDay } | { kind: 'instant'; at: number };

/**
 * Reads any `DateInput`, or null when it is no date. A typed day stays a day: it is the same day in every time
 * zone, where a local-midnight instant would be a different moment in each.
 */
export function readDate(input: DateInput): DateReading | null {
  if (input instanceof Date) return isValid(input) ? { kind: 'instant', at: input.getTime() } : null;
  if (typeof input === 'number') return Number.isFinite(input) ? { kind: 'instant', at: input } : null;
  const text = input.trim();
  if (RU_DATE.test(text) || ISO_DATE.test(text)) {
    const day = parseRuDay(text) ?? parseIsoDayInRange(text);
    return day ? { kind: 'day', day } : null;
  }
  // Only full timestamps: parseISO would also read '2020' or '2020-05' as dates, which no field holds.
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const date = parseISO(text);
  return isValid(date) ? { kind: 'instant', at: date.getTime() } : null;
}
