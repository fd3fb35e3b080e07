import { describe, expect, it } from 'vitest';
import {
  calendarDayOf,
  formatDateRange,
  formatDeadline,
  formatDayRange,
  formatEventDay,
  isAhead,
  isoDay,
  nextDay,
  parseIsoDay,
} from './event-dates';

describe('event dates', () => {
  it('reads the federation’s (Moscow) calendar day of an instant', () => {
    // 22:30 UTC is already the next day in Moscow.
    expect(calendarDayOf('2026-12-11T22:30:00Z')).toEqual({ year: 2026, month: 12, day: 12 });
    expect(calendarDayOf('2026-12-12T07:00:00Z')).toEqual({ year: 2026, month: 12, day: 12 });
    expect(calendarDayOf('2026-12-12T10:00:00+03:00')).toEqual({ year: 2026, month: 12, day: 12 });
  });

  it('formats a single day in Russian', () => {
    expect(formatEventDay('2026-05-01T07:00:00Z')).toBe('1 мая 2026');
  });

  it('formats ranges as short as the calendar allows', () => {
    expect(formatDateRange('2026-12-12T07:00:00Z', '2026-12-12T15:00:00Z')).toBe('12 декабря 2026');
    expect(formatDateRange('2026-12-12T07:00:00Z', '2026-12-14T15:00:00Z')).toBe('12–14 декабря 2026');
    expect(formatDateRange('2026-11-30T07:00:00Z', '2026-12-02T15:00:00Z')).toBe(
      '30 ноября – 2 декабря 2026',
    );
    expect(formatDateRange('2026-12-30T07:00:00Z', '2027-01-02T15:00:00Z')).toBe(
      '30 декабря 2026 – 2 января 2027',
    );
    expect(formatDateRange('2027-01-30T07:00:00Z', '2027-02-02T15:00:00Z')).toBe(
      '30 января – 2 февраля 2027',
    );
    expect(formatDateRange('2027-02-02T07:00:00Z', null)).toBe('2 февраля 2027');
  });

  it('formats a range of plain days the same way', () => {
    const from = parseIsoDay('2026-06-01');
    const to = parseIsoDay('2026-06-07');
    expect(from && to && formatDayRange(from, to)).toBe('1–7 июня 2026');
    expect(parseIsoDay('2026-13-01')).toBeNull();
    expect(parseIsoDay('soon')).toBeNull();
  });

  it('shows a deadline to the minute in Moscow time', () => {
    expect(formatDeadline('2026-12-05T20:59:00Z')).toBe('5 декабря 2026, 23:59 (мск)');
  });

  it('writes ISO days and steps over month and year ends', () => {
    expect(isoDay({ year: 2026, month: 3, day: 7 })).toBe('2026-03-07');
    expect(nextDay({ year: 2026, month: 12, day: 31 })).toEqual({ year: 2027, month: 1, day: 1 });
    expect(nextDay({ year: 2028, month: 2, day: 28 })).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('tells whether an instant is still ahead', () => {
    const now = new Date('2026-12-05T20:00:00Z');
    expect(isAhead('2026-12-05T20:59:00Z', now)).toBe(true);
    expect(isAhead('2026-12-05T19:59:00Z', now)).toBe(false);
  });
});
