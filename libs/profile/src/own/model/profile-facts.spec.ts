import { describe, expect, it } from 'vitest';
import { daysLeftText, isMinor, membershipTerm, phoneText } from './profile-facts';

const NOW = new Date('2026-11-26T09:00:00Z');

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
  });

  it('writes a stored phone as people read it', () => {
    expect(phoneText('+79990000001')).toBe('+7 (999) 000-00-01');
    expect(phoneText('+375291234567')).toBe('+375 (291) 234-56-7');
    expect(phoneText('8 800 100')).toBe('8 800 100');
    expect(phoneText(undefined)).toBeNull();
  });
});
