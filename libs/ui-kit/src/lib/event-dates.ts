import { federationTimeOf, formatDay, type Clock } from '@fed/calendar';

/**
 * Event dates as people read them, in Russian. The platform stores instants (RFC 3339); an event's days are the
 * federation's calendar days (`@fed/calendar`), which are Moscow days (registration closes at 23:59 Moscow
 * time), so every visitor sees the same day whatever the time zone of their device. The day and range formats
 * live in `@fed/calendar`, where the api's notices take them too; the portal keeps importing them from here.
 */
export { formatDateRange, formatDay, formatDayRange, formatEventDay } from '@fed/calendar';

const pad = (value: number) => String(value).padStart(2, '0');

/** «5 декабря 2026, 23:59 (мск)»: a deadline to the minute, in the federation's time. */
export function formatDeadline(instant: string): string {
  const time = federationTimeOf(instant);
  return `${formatDay(time)}, ${pad(time.hour)}:${pad(time.minute)} (мск)`;
}

/** Whether the instant is still ahead of the clock's now; an unreadable one is not. */
export function isAhead(instant: string, clock: Clock): boolean {
  return Date.parse(instant) > clock.now();
}
