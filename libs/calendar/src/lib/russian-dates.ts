import { calendarDayOf, type CalendarDay } from './federation-calendar';

/**
 * Days as people read them, in Russian, on the federation's (Moscow) calendar: the one format of an event's
 * dates wherever they show — the portal's pages (`@fed/ui-kit` re-exports these) and the api's notices.
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
 * The days of an event (its start and end instants): «2–4 февраля 2027», «30 января – 2 февраля 2027».
 * Without an end it is the first day alone.
 */
export function formatDateRange(start: string, end?: string | null): string {
  return formatDayRange(calendarDayOf(start), calendarDayOf(end ?? start));
}
