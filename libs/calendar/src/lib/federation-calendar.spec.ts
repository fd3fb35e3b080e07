import { describe, expect, it } from 'vitest';
import { fixedClock, ManualClock, runningClockFrom } from './clock';
import {
  addDays,
  addMonths,
  calendarDayOf,
  compareDays,
  dateFieldDay,
  daysBetween,
  endOfFederationDay,
  federationHour,
  federationInstant,
  federationTimeOf,
  federationToday,
  fullYearsOn,
  isoDay,
  parseIsoDay,
  seasonEnd,
  seasonOf,
  sportAgeIn,
  startOfFederationDay,
} from './federation-calendar';

const day = (text: string) => parseIsoDay(text) ?? expect.fail(`not a day: ${text}`);

describe('the federation calendar (Moscow)', () => {
  it('reads the Moscow day of an instant, not the UTC one: 21:30 UTC on 1 December is 2 December', () => {
    expect(isoDay(calendarDayOf('2026-12-01T20:30:00Z'))).toBe('2026-12-01');
    expect(isoDay(calendarDayOf('2026-12-01T21:30:00Z'))).toBe('2026-12-02');
    expect(isoDay(calendarDayOf('2026-12-31T21:30:00Z'))).toBe('2027-01-01');
    expect(federationHour('2026-12-31T21:30:00Z')).toBe(0);
    expect(isoDay(federationToday(fixedClock('2026-12-31T21:30:00Z')))).toBe('2027-01-01');
  });

  it('reads instants before Moscow kept UTC+3 all year from the time-zone database', () => {
    // Summer 2010: Moscow was UTC+4.
    expect(federationTimeOf('2010-07-01T20:30:00Z')).toMatchObject({ day: 2, hour: 0, minute: 30 });
    expect(federationInstant(day('2010-07-02'), 0, 30).toISOString()).toBe('2010-07-01T20:30:00.000Z');
    // Winter 2012–2014: UTC+4 all year.
    expect(federationInstant(day('2013-01-10')).toISOString()).toBe('2013-01-09T20:00:00.000Z');
  });

  it('turns a Moscow wall time into its instant, and a day into its first and last moments', () => {
    expect(federationInstant(day('2027-01-01')).toISOString()).toBe('2026-12-31T21:00:00.000Z');
    expect(startOfFederationDay(day('2026-12-02')).toISOString()).toBe('2026-12-01T21:00:00.000Z');
    expect(endOfFederationDay(day('2026-12-01')).toISOString()).toBe('2026-12-01T20:59:59.999Z');
  });

  it('ends a season at 31 December 23:59:59 Moscow time and finds the season of an instant by Moscow', () => {
    expect(seasonEnd(2026).toISOString()).toBe('2026-12-31T20:59:59.000Z');
    expect(seasonOf('2026-12-31T20:59:59Z')).toBe(2026);
    expect(seasonOf('2026-12-31T21:00:00Z')).toBe(2027);
  });

  it('adds months keeping the day, or the month’s last day when it is shorter', () => {
    expect(addMonths(day('2028-02-29'), 12)).toEqual(day('2029-02-28'));
    expect(addMonths(day('2028-02-29'), 48)).toEqual(day('2032-02-29'));
    expect(addMonths(day('2027-01-31'), 1)).toEqual(day('2027-02-28'));
    expect(addMonths(day('2026-12-15'), 1)).toEqual(day('2027-01-15'));
    expect(addMonths(day('2027-01-15'), -1)).toEqual(day('2026-12-15'));
  });

  it('counts days across month and year ends', () => {
    expect(addDays(day('2026-12-31'), 1)).toEqual(day('2027-01-01'));
    expect(addDays(day('2028-03-01'), -1)).toEqual(day('2028-02-29'));
    expect(daysBetween(day('2026-12-01'), day('2027-01-01'))).toBe(31);
    expect(compareDays(day('2026-12-31'), day('2027-01-01'))).toBeLessThan(0);
  });

  it('reads only real days', () => {
    expect(parseIsoDay('2027-02-29')).toBeNull();
    expect(parseIsoDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDay('2026-04-31')).toBeNull();
    expect(dateFieldDay('2013-12-31T00:00:00.000Z')).toEqual(day('2013-12-31'));
    expect(dateFieldDay('31.12.2013')).toBeNull();
  });

  it('counts full years on the Moscow day: 18 from the first minute of the 18th birthday', () => {
    const birth = day('2008-12-02');
    // 00:05 Moscow on 2 December 2026 is still 1 December in UTC.
    const on = calendarDayOf('2026-12-01T21:05:00Z');
    expect(fullYearsOn(birth, on)).toBe(18);
    expect(fullYearsOn(birth, calendarDayOf('2026-12-01T20:55:00Z'))).toBe(17);
    expect(fullYearsOn(day('2012-02-29'), day('2030-02-28'))).toBe(17);
    expect(fullYearsOn(day('2012-02-29'), day('2030-03-01'))).toBe(18);
    expect(sportAgeIn(birth, 2027)).toBe(19);
  });
});

describe('ManualClock', () => {
  it('stands still until moved', () => {
    const clock = new ManualClock('2026-12-20T09:00:00Z');
    expect(clock.now()).toBe(Date.parse('2026-12-20T09:00:00Z'));
    clock.advance(60_000);
    expect(new Date(clock.now()).toISOString()).toBe('2026-12-20T09:01:00.000Z');
    clock.set('2027-01-01T00:00:00Z');
    expect(new Date(clock.now()).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(() => new ManualClock('not a date')).toThrow(RangeError);
  });
});

describe('runningClockFrom', () => {
  it('starts at the instant given and goes on at the process’s pace', async () => {
    const clock = runningClockFrom('2026-12-31T21:30:00Z');
    const first = clock.now();
    expect(first - Date.parse('2026-12-31T21:30:00Z')).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.now()).toBeGreaterThan(first);
  });
});
