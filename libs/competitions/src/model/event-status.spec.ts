import { describe, expect, it } from 'vitest';
import { eventSummary } from '../testing/fixtures';
import { placesLeft, registrationLine, registrationStatus } from './event-status';

const now = new Date('2099-12-01T00:00:00Z');

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
    const late = registrationStatus(eventSummary(), new Date('2099-12-06T00:00:00Z'));
    expect(late).toEqual({ open: false, reason: 'deadline_passed' });
    expect(registrationLine(late)).toBe('Приём заявок закрыт');
    expect(registrationStatus(eventSummary({ placesTaken: 100 }), now)).toEqual({
      open: false,
      reason: 'no_places',
    });
  });
});
