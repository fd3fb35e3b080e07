import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock';
import { parseIsoDay } from './federation-calendar';
import { formatDateRange, formatDayRange, formatDeadline, formatEventDay, isAhead } from './russian-dates';

describe('event dates', () => {
  it('formats a single day in Russian', () => {
    expect(formatEventDay('2026-05-01T07:00:00Z')).toBe('1 мая 2026');
  });

  it('shows the Moscow day of an instant, whatever the device’s zone: 21:30 UTC on 31 December is New Year', () => {
    expect(formatEventDay('2026-12-11T22:30:00Z')).toBe('12 декабря 2026');
    expect(formatEventDay('2026-12-31T21:30:00Z')).toBe('1 января 2027');
    expect(formatEventDay('2026-12-31T20:59:59Z')).toBe('31 декабря 2026');
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
    expect(formatDateRange('2028-02-28T07:00:00Z', '2028-02-29T15:00:00Z')).toBe('28–29 февраля 2028');
  });

  it('formats a range of plain days the same way', () => {
    const from = parseIsoDay('2026-06-01');
    const to = parseIsoDay('2026-06-07');
    expect(from && to && formatDayRange(from, to)).toBe('1–7 июня 2026');
  });

  it('shows a deadline to the minute in Moscow time', () => {
    expect(formatDeadline('2026-12-05T20:59:00Z')).toBe('5 декабря 2026, 23:59 (мск)');
    expect(formatDeadline('2026-12-31T21:30:00Z')).toBe('1 января 2027, 00:30 (мск)');
  });

  it('tells whether an instant is still ahead of the clock', () => {
    const clock = fixedClock('2026-12-05T20:00:00Z');
    expect(isAhead('2026-12-05T20:59:00Z', clock)).toBe(true);
    expect(isAhead('2026-12-05T20:00:00Z', clock)).toBe(false);
    expect(isAhead('2026-12-05T19:59:00Z', clock)).toBe(false);
    expect(isAhead('soon', clock)).toBe(false);
  });
});
