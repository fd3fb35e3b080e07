import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '@fed/calendar';
import { daysLeftText, isMinor, membershipTerm, phoneText } from './profile-facts';

// 12:00 on 26 November 2026, Moscow time.
const NOW = fixedClock('2026-11-26T09:00:00Z');

describe('profile facts', () => {
  it('counts the membership’s whole days left, and says when it is over or never was', () => {
    expect(membershipTerm('2026-12-31T20:59:59.000Z', NOW)).toEqual({
      state: 'active',
      until: '2026-12-31T20:59:59.000Z',
      daysLeft: 36,
    });
    expect(membershipTerm('2026-11-26T10:00:00.000Z', NOW)).toMatchObject({ daysLeft: 1 });
    expect(membershipTerm('2026-01-01T00:00:00.000Z', NOW)).toEqual({
      state: 'expired',
      until: '2026-01-01T00:00:00.000Z',
    });
    expect(membershipTerm(null, NOW)).toEqual({ state: 'none' });
    expect(membershipTerm('soon', NOW)).toEqual({ state: 'none' });
  });

  it('counts the days left on Moscow’s calendar, the last one included whatever the hour', () => {
    const seasonEnd = '2026-12-31T20:59:59.000Z';
    // 23:30 on 31 December in Moscow: the last day.
    expect(membershipTerm(seasonEnd, fixedClock('2026-12-31T20:30:00Z'))).toMatchObject({ daysLeft: 1 });
    // 00:30 on 31 December in Moscow, still 30 December in UTC.
    expect(membershipTerm(seasonEnd, fixedClock('2026-12-30T21:30:00Z'))).toMatchObject({ daysLeft: 1 });
    expect(membershipTerm(seasonEnd, fixedClock('2026-12-30T20:30:00Z'))).toMatchObject({ daysLeft: 2 });
    // 00:30 on 1 January in Moscow: over.
    expect(membershipTerm(seasonEnd, fixedClock('2026-12-31T21:30:00Z'))).toEqual({
      state: 'expired',
      until: seasonEnd,
    });
    // A term ending at noon of 15 January leaves that day too.
    expect(membershipTerm('2027-01-15T09:00:00Z', fixedClock('2027-01-14T15:00:00Z'))).toMatchObject({
      daysLeft: 2,
    });
    // Across the leap day.
    expect(membershipTerm('2028-03-01T20:59:59Z', fixedClock('2028-02-28T09:00:00Z'))).toMatchObject({
      daysLeft: 3,
    });
  });

  it('says the days left in Russian plurals', () => {
    expect(daysLeftText(1)).toBe('остался 1 день');
    expect(daysLeftText(3)).toBe('осталось 3 дня');
    expect(daysLeftText(11)).toBe('осталось 11 дней');
    expect(daysLeftText(21)).toBe('остался 21 день');
    expect(daysLeftText(45)).toBe('осталось 45 дней');
  });

  it('counts a minor as the api does: under 18 today, or no readable birth date', () => {
    expect(isMinor({ date_of_birth: '2008-11-27T00:00:00.000Z' }, NOW)).toBe(true);
    expect(isMinor({ date_of_birth: '2008-11-26T00:00:00.000Z' }, NOW)).toBe(false);
    expect(isMinor({ date_of_birth: null }, NOW)).toBe(true);
    expect(isMinor({ date_of_birth: 'soon' }, NOW)).toBe(true);
  });

  describe('whatever the time zone', () => {
    const processZone = process.env['TZ'];
    afterEach(() => {
      if (processZone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = processZone;
    });

    it.each(['UTC', 'Europe/Moscow', 'America/New_York'])(
      'comes of age from the first Moscow minute of the 18th birthday (TZ=%s)',
      (zone) => {
        process.env['TZ'] = zone;
        const born = { date_of_birth: '2008-12-02T00:00:00.000Z' };
        // 23:55 on 1 December and 00:05 on 2 December in Moscow: both still 1 December in UTC.
        expect(isMinor(born, fixedClock('2026-12-01T20:55:00Z'))).toBe(true);
        expect(isMinor(born, fixedClock('2026-12-01T21:05:00Z'))).toBe(false);
        // Born on a leap day: of age on 1 March of a common year.
        const leapling = { date_of_birth: '2012-02-29T00:00:00.000Z' };
        expect(isMinor(leapling, fixedClock('2030-02-28T20:59:00Z'))).toBe(true);
        expect(isMinor(leapling, fixedClock('2030-02-28T21:00:00Z'))).toBe(false);
      },
    );
  });

  it('writes a stored phone as people read it', () => {
    expect(phoneText('+79990000001')).toBe('+7 (999) 000-00-01');
    expect(phoneText('+375291234567')).toBe('+375 (291) 234-56-7');
    expect(phoneText('8 800 100')).toBe('8 800 100');
    expect(phoneText(undefined)).toBeNull();
  });
});
