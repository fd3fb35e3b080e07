import { addDays, fullYearsOn, isoDay, parseIsoDay, type CalendarDay } from '@fed/calendar';
import { describe, expect, it } from 'vitest';
import { birthDayFor, fullYearsInDays, MAX_DAYS_SINCE_BIRTHDAY } from './seed-values';

const day = (text: string) => parseIsoDay(text) ?? expect.fail(`not a day: ${text}`);

describe('ages the demo seed draws', () => {
  it('lays a birth day out from today: the age drawn, the birthday as many days back as drawn', () => {
    expect(isoDay(birthDayFor(day('2026-06-17'), 12, 0))).toBe('2014-06-17');
    expect(isoDay(birthDayFor(day('2026-06-17'), 12, 182))).toBe('2013-12-17');
    // From a leap day: the same day of a common year is the 28th.
    expect(isoDay(birthDayFor(day('2028-02-29'), 18, 0))).toBe('2010-02-28');
    expect(() => birthDayFor(day('2026-06-17'), 12, MAX_DAYS_SINCE_BIRTHDAY + 1)).toThrow(RangeError);
  });

  it('counts from the draws the full years the calendar counts on an event’s day, in leap years too, or none near a birthday', () => {
    // Every today of a leap cycle, each birthday offset, the days around each birthday where it could go wrong.
    const first = day('2027-01-01');
    let counted = 0;
    const wrong: string[] = [];
    for (let shift = 0; shift < 1461; shift += 3) {
      const today = addDays(first, shift);
      for (let since = 0; since <= MAX_DAYS_SINCE_BIRTHDAY; since += 11) {
        for (const age of [0, 17]) {
          const birth: CalendarDay = birthDayFor(today, age, since);
          if (fullYearsOn(birth, today) !== age) wrong.push(`${isoDay(birth)} on ${isoDay(today)}`);
          for (const birthday of [-365, 0, 365, 730]) {
            for (let off = -6; off <= 6; off += 1) {
              const inDays = birthday + off - since;
              const years = fullYearsInDays(age, since, inDays);
              if (years === null) continue;
              counted += 1;
              const on = addDays(today, inDays);
              if (years !== fullYearsOn(birth, on)) wrong.push(`${isoDay(birth)} on ${isoDay(on)}: ${years}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(counted).toBeGreaterThan(100_000);
    expect(fullYearsInDays(12, 182, 10)).toBe(12);
    expect(fullYearsInDays(12, 360, 5)).toBeNull();
    expect(fullYearsInDays(12, 100, -150)).toBe(11);
  });
});
