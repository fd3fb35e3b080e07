import type { Clock } from '@fed/calendar';
import type { EventSummary } from '@fed/contracts';
import { formatEventDay, isAhead } from '@fed/ui-kit';

type PlacesFacts = Pick<EventSummary, 'places_limit' | 'placesTaken'>;

/** Free places when the event limits them (`places_limit` 0 means no limit), else null. */
export function placesLeft({ places_limit: limit, placesTaken }: PlacesFacts): number | null {
  return limit > 0 ? Math.max(0, limit - placesTaken) : null;
}

export type RegistrationStatus =
  { open: true; deadline: string } | { open: false; reason: 'cancelled' | 'deadline_passed' | 'no_places' };

/**
 * Whether applications are taken at the clock's now, worked out from a list entry the way the platform decides it
 * for the event page: not cancelled, before the deadline (an instant: 23:59 Moscow time of its day) and while places are left.
 */
export function registrationStatus(
  event: PlacesFacts & Pick<EventSummary, 'registration_deadline' | 'cancelled'>,
  clock: Clock,
): RegistrationStatus {
  if (event.cancelled) return { open: false, reason: 'cancelled' };
  if (!isAhead(event.registration_deadline, clock)) return { open: false, reason: 'deadline_passed' };
  if (placesLeft(event) === 0) return { open: false, reason: 'no_places' };
  return { open: true, deadline: event.registration_deadline };
}

export const REGISTRATION_CLOSED = 'Приём заявок закрыт';

/** The card's line about applying: «Приём заявок до 5 декабря 2026» or «Приём заявок закрыт». */
export function registrationLine(status: RegistrationStatus): string {
  return status.open ? `Приём заявок до ${formatEventDay(status.deadline)}` : REGISTRATION_CLOSED;
}
