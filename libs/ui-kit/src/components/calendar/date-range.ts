import { isBefore, isSameDay } from 'date-fns';

/** A date range being picked: empty, a start only, or both ends. */
export interface CalendarRange {
  from?: Date;
  to?: Date;
}

/**
 * The spec's range rule (§2) for a click on `day`: the first click sets the start, the second the
 * end (the two swapped if the end is before the start), a click on the start clears the range, and a
 * click after a complete range starts a new one.
 */
export function nextRange({ from, to }: CalendarRange, day: Date): CalendarRange {
  if (from && isSameDay(day, from)) return {};
  if (!from || to) return { from: day };
  return isBefore(day, from) ? { from: day, to: from } : { from, to: day };
}
