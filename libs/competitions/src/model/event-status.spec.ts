import { describe, expect, it } from 'vitest';
import { fixedClock } from '@fed/calendar';
import { eventSummary } from '../testing/fixtures';
import { placesLeft, registrationLine, registrationStatus } from './event-status';

const now = fixedClock('2099-12-01T00:00:00Z');

describe('event status', () => {
  it('counts free places only when the event limits them', () => {
    expect(placesLeft({ places_limit: 100, placesTaken: 40 })).toBe(60);
    expect(placesLeft({ places_limit: 10, placesTaken: 12 })).toBe(0);
    expect(placesLeft({ places_limit: 0, placesTaken: 12 })).toBeNull();
  });

  it('takes applications before the deadline while places are left', () => {
    const open = registrationStatus(eventSummary(), now);
    expect(open).toEqual({ open: true, deadline: '2099-12-05T20:59:00Z' });
    expect(registrationLine(open)).toBe('Приём заявок до 5 декабря 2099');
  });

  it('closes after the deadline or when places run out', () => {
    const late = registrationStatus(eventSummary(), fixedClock('2099-12-06T00:00:00Z'));
    expect(late).toEqual({ open: false, reason: 'deadline_passed' });
    expect(registrationLine(late)).toBe('Приём заявок закрыт');
    expect(registrationStatus(eventSummary({ placesTaken: 100 }), now)).toEqual({
      open: false,
      reason: 'no_places',
    });
  });

  it('closes at the deadline’s instant, 23:59 Moscow time, and names its Moscow day wherever it is read', () => {
    const newYearsEve = eventSummary({ registration_deadline: '2026-12-31T20:59:00Z' });
    // 23:30 on 31 December in Moscow.
    const open = registrationStatus(newYearsEve, fixedClock('2026-12-31T20:30:00Z'));
    expect(registrationLine(open)).toBe('Приём заявок до 31 декабря 2026');
    // 00:30 on 1 January in Moscow, still 31 December in UTC.
    expect(registrationStatus(newYearsEve, fixedClock('2026-12-31T21:30:00Z'))).toEqual({
      open: false,
      reason: 'deadline_passed',
    });
  });
});
