import type { Clock } from './clock';
import { calendarDayOf, federationTimeOf, type CalendarDay } from './federation-calendar';

/**
 * Event dates as people read them, in Russian. The platform stores instants (RFC 3339); an event's days are the
 * federation's calendar days (`@fed/calendar`), which are Moscow days (registration closes at 23:59 Moscow
 * time), so every visitor sees the same day whatever the time zone of their device.
 */

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

const pad = (value: number) => String(value).padStart(2, '0');

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
 * The days of an event (its start and end instants), in the one format of the portal (its pages, its letters and SMS) wherever an event's dates
 * show: «2–4 февраля 2027», «30 января – 2 февраля 2027». Without an end it is the first day alone.
 */
export function formatDateRange(start: string, end?: string | null): string {
  return formatDayRange(calendarDayOf(start), calendarDayOf(end ?? start));
}

/** «5 декабря 2026, 23:59 (мск)»: a deadline to the minute, in the federation's time. */
export function formatDeadline(instant: string): string {
  const time = federationTimeOf(instant);
  return `${formatDay(time)}, ${pad(time.hour)}:${pad(time.minute)} (мск)`;
}

/** Whether the instant is still ahead of the clock's now; an unreadable one is not. */
export function isAhead(instant: string, clock: Clock): boolean {
  return Date.parse(instant) > clock.now();
}
