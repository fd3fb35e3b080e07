import type { Clock } from './clock';

/**
 * The federation's calendar is Moscow's. "Today", a registration deadline, a season's end, "not later than
 * the end of today" for a birth date and the day an event is shown on are Moscow days, whatever the time zone
 * of the server or of the visitor's device. Instants are what the platform stores (RFC 3339); a calendar day
 * is what people read and type.
 */
export const FEDERATION_TIME_ZONE = 'Europe/Moscow';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A calendar day; `month` is 1–12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** A moment on the federation's wall clock. */
export interface FederationTime extends CalendarDay {
  hour: number;
  minute: number;
  second: number;
}

/**
 * Moscow has kept UTC+3 all year since 26 October 2014, 02:00 local time (22:00 UTC the day before): every
 * instant the portal decides on (now, events, terms) is after it, and reading it by arithmetic is exact and
 * cheap. Earlier instants ask the time-zone database.
 */
const MOSCOW_OFFSET_MS = 3 * HOUR_MS;
const FIXED_OFFSET_SINCE = Date.UTC(2014, 9, 25, 22, 0, 0);

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: FEDERATION_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function toMs(instant: Date | string | number): number {
  return typeof instant === 'number' ? instant : new Date(instant).getTime();
}

/** The federation's wall-clock time of an instant. */
export function federationTimeOf(instant: Date | string | number): FederationTime {
  const ms = toMs(instant);
  if (ms >= FIXED_OFFSET_SINCE) {
    const wall = new Date(ms + MOSCOW_OFFSET_MS);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    };
  }
  const parts = partsFormat.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? Number.NaN);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** The federation's calendar day of an instant. */
export function calendarDayOf(instant: Date | string | number): CalendarDay {
  const { year, month, day } = federationTimeOf(instant);
  return { year, month, day };
}

/** Today on the federation's calendar. */
export function federationToday(clock: Clock): CalendarDay {
  return calendarDayOf(clock.now());
}

/** The hour (0–23) of an instant on the federation's wall clock. */
export function federationHour(instant: Date | string | number): number {
  return federationTimeOf(instant).hour;
}

/** The instant a federation wall-clock time is. */
export function federationInstant(day: CalendarDay, hour = 0, minute = 0, second = 0, ms = 0): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, hour, minute, second, ms);
  const guess = wall - MOSCOW_OFFSET_MS;
  if (guess >= FIXED_OFFSET_SINCE) return new Date(guess);
  // Before the fixed offset: correct the guess by what the time-zone database says the wall clock showed.
  const shown = federationTimeOf(guess);
  const shownWall =
    Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second) +
    (((guess % 1000) + 1000) % 1000);
  return new Date(guess + (wall - shownWall));
}

/** 00:00:00.000 of a federation day. */
export function startOfFederationDay(day: CalendarDay): Date {
  return federationInstant(day);
}

/** 23:59:59.999 of a federation day: "not later than the end of today". */
export function endOfFederationDay(day: CalendarDay): Date {
  return new Date(startOfFederationDay(addDays(day, 1)).getTime() - 1);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD`. */
export function isoDay({ year, month, day }: CalendarDay): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Days in a month of a year (`month` 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether the parts name a real day (31.04 and 29.02 of a common year do not). */
export function isRealDay({ year, month, day }: CalendarDay): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Reads `YYYY-MM-DD`: a real day, else `null`. */
export function parseIsoDay(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const parsed = { year, month, day };
  return isRealDay(parsed) ? parsed : null;
}

/**
 * The calendar day a date field holds. The platform keeps a date (a birth date, say) as an RFC 3339 instant at
 * midnight UTC of the day written (`2013-12-31T00:00:00Z`), so the day is the one written in front, not the
 * Moscow day of that instant. `null` when the text does not start with a real `YYYY-MM-DD`.
 */
export function dateFieldDay(value: string): CalendarDay | null {
  return parseIsoDay(value.slice(0, 10));
}

/** The day `days` after (or before, when negative), across month and year ends. */
export function addDays({ year, month, day }: CalendarDay, days: number): CalendarDay {
  const next = new Date(Date.UTC(year, month - 1, day + days));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** The next day. */
export function nextDay(day: CalendarDay): CalendarDay {
  return addDays(day, 1);
}

/**
 * The same day `months` later; where that month is shorter, its last day (29 February 2028 plus twelve
 * months is 28 February 2029, 31 January plus one month is the last day of February).
 */
export function addMonths({ year, month, day }: CalendarDay, months: number): CalendarDay {
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return { year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) };
}

/** Negative when `a` is before `b`, 0 on the same day, positive after. */
export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: CalendarDay, b: CalendarDay): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

// ——— seasons and ages ———

/** The season (calendar year on the federation's calendar) an instant falls in. */
export function seasonOf(instant: Date | string | number): number {
  return federationTimeOf(instant).year;
}

/** The last moment of a season as the platform stores it: 31 December, 23:59:59 Moscow time. */
export function seasonEnd(season: number): Date {
  return federationInstant({ year: season, month: 12, day: 31 }, 23, 59, 59);
}

/**
 * Full years of a person born on `birth` on the federation's day of `on`: the birthday itself counts, from
 * its first Moscow minute. Someone born on 29 February comes of age on 1 March of a common year.
 */
export function fullYearsOn(birth: CalendarDay, on: CalendarDay): number {
  const years = on.year - birth.year;
  const beforeBirthday = on.month < birth.month || (on.month === birth.month && on.day < birth.day);
  return beforeBirthday ? years - 1 : years;
}

/** Sport age in a season: the season minus the birth year (age classes are by it). */
export function sportAgeIn(birth: CalendarDay, season: number): number {
  return season - birth.year;
}
