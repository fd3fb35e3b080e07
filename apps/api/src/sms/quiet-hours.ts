import { addDays, calendarDayOf, federationHour, federationInstant } from '@fed/calendar';

/**
 * SMS the portal sends on its own (membership reminders, notifications) wait for the day: none from 22:00 to
 * 09:00 on the federation's (Moscow) clock; what falls due at night is held until morning. Sign-in codes are
 * asked for by the person and go at once.
 */
export const SMS_QUIET_HOURS = { from: 22, until: 9 } as const;

/** Whether an instant is within the quiet hours. */
export function inQuietHours(instant: Date | number): boolean {
  const hour = federationHour(instant);
  return hour >= SMS_QUIET_HOURS.from || hour < SMS_QUIET_HOURS.until;
}

/** When the quiet hours around an instant end (09:00 Moscow of that morning); the instant itself outside them. */
export function quietHoursEnd(instant: Date | number): Date {
  const at = new Date(instant);
  if (!inQuietHours(at)) return at;
  const today = calendarDayOf(at);
  const morning = federationHour(at) >= SMS_QUIET_HOURS.from ? addDays(today, 1) : today;
  return federationInstant(morning, SMS_QUIET_HOURS.until);
}
