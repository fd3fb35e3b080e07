import { calendarDayOf, dateFieldDay, fullYearsOn, type CalendarDay } from '@fed/calendar';

/**
 * Majority, as both sides count it: the api's answer filter (who is a minor) and the platform (who needs a
 * legal representative to enter a competition).
 */

export const AGE_OF_MAJORITY = 18;

/** The day a birth date field holds: the day written (`2013-12-31T00:00:00Z` is 31 December). */
function birthDayOf(dateOfBirth: string): CalendarDay {
  const written = dateFieldDay(dateOfBirth);
  if (written) return written;
  const instant = new Date(dateOfBirth);
  return { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
}

/**
 * Full years between a birth date and a moment, on the federation's (Moscow) calendar: the birthday itself
 * counts from its first Moscow minute, whatever the server's time zone.
 */
export function fullYears(dateOfBirth: string, on: Date): number {
  return fullYearsOn(birthDayOf(dateOfBirth), calendarDayOf(on));
}
