import type { PhoneValue } from '@fed/ui-kit';
import { isPhoneCountryCode, PHONE_FORMATS } from '@fed/validation';

/*
 * A phone carried from one sign-in or sign-up page to the next (an unknown number to registration, a taken one to
 * the sign-in): kept for this tab while the link is followed, never in the address (page views and logs see
 * addresses). Not in the history entry's state either: the sign-in of a guest's page is an island whose links are
 * page loads, and a page load starts with no state.
 */
const HAND_OVER_KEY = 'fed.handedOverPhone';

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage can be blocked (privacy modes): the number is then typed again.
    return null;
  }
}

/** Carries `phone` to the page the link being followed opens. */
export function handOverPhone(phone: PhoneValue): void {
  try {
    tabStorage()?.setItem(HAND_OVER_KEY, JSON.stringify({ country: phone.country, digits: phone.digits }));
  } catch {
    // A full or blocked storage: the number is typed again.
  }
}

/** The phone the previous page handed over, when a well-formed one is there. */
export function handedOverPhone(): PhoneValue | null {
  let stored: unknown;
  try {
    stored = JSON.parse(tabStorage()?.getItem(HAND_OVER_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { country, digits } = stored as Record<string, unknown>;
  if (typeof country !== 'string' || !isPhoneCountryCode(country) || typeof digits !== 'string') return null;
  if (!/^\d*$/.test(digits) || digits.length > PHONE_FORMATS[country].digits) return null;
  return { country, digits };
}

/** The page took the number: a later visit to it starts empty. */
export function forgetHandedOverPhone(): void {
  tabStorage()?.removeItem(HAND_OVER_KEY);
}

export const samePhone = (a: PhoneValue | null, b: PhoneValue | null) =>
  a !== null && b !== null && a.country === b.country && a.digits === b.digits;
