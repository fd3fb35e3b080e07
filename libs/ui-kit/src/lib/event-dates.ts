/**
 * Event dates as people read them. The platform stores instants (RFC 3339); an event's days are the
 * federation's calendar days, which are Moscow days (registration closes at 23:59 Moscow time), so every
 * visitor sees the same day whatever the time zone of their device.
 */
export const FEDERATION_TIME_ZONE = 'Europe/Moscow';

/** A calendar day; `month` is 1–12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: FEDERATION_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

interface FederationTime extends CalendarDay {
  hour: number;
  minute: number;
}

function federationTime(instant: string | Date): FederationTime {
  const parts = partsFormat.formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? Number.NaN);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** The federation's calendar day of an instant. */
export function calendarDayOf(instant: string | Date): CalendarDay {
  const { year, month, day } = federationTime(instant);
  return { year, month, day };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD`. */
export function isoDay({ year, month, day }: CalendarDay): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The day after, across month and year ends. */
export function nextDay({ year, month, day }: CalendarDay): CalendarDay {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

const monthName = (month: number) => MONTHS_GENITIVE[month - 1] ?? '';

/** «12 декабря 2026». */
export function formatDay(day: CalendarDay): string {
  return `${day.day} ${monthName(day.month)} ${day.year}`;
}

/** «12 декабря 2026» for an instant. */
export function formatEventDay(instant: string): string {
  return formatDay(calendarDayOf(instant));
}

/**
 * Days from–to, as short as Russian allows: «12 декабря 2026», «12–14 декабря 2026»,
 * «30 ноября – 2 декабря 2026», «30 декабря 2026 – 2 января 2027».
 */
export function formatDayRange(from: CalendarDay, to: CalendarDay): string {
  if (to.year !== from.year) return `${formatDay(from)} – ${formatDay(to)}`;
  if (to.month !== from.month) {
    return `${from.day} ${monthName(from.month)} – ${to.day} ${monthName(to.month)} ${to.year}`;
  }
  if (to.day !== from.day) return `${from.day}–${to.day} ${monthName(to.month)} ${to.year}`;
  return formatDay(from);
}

/**
 * The days of an event (its start and end instants), in the one format of the portal wherever an event's dates
 * show: «2–4 февраля 2027», «30 января – 2 февраля 2027». Without an end it is the first day alone.
 */
export function formatDateRange(start: string, end?: string | null): string {
  return formatDayRange(calendarDayOf(start), calendarDayOf(end ?? start));
}

/** Reads `YYYY-MM-DD`; null for anything else. */
export function parseIsoDay(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { year, month, day } : null;
}

/** «5 декабря 2026, 23:59 (мск)»: a deadline to the minute, in the federation's time. */
export function formatDeadline(instant: string): string {
  const time = federationTime(instant);
  return `${formatDay(time)}, ${pad(time.hour)}:${pad(time.minute)} (мск)`;
}

/** Whether the instant is still ahead of `now`. */
export function isAhead(instant: string, now: Date = new Date()): boolean {
  return new Date(instant).getTime() > now.getTime();
}
