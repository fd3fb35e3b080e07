import type { PhoneValue } from '@fed/ui-kit';
import { isPhoneCountryCode, PHONE_FORMATS } from '@fed/validation';

/**
 * A phone carried from one sign-in or sign-up page to another (an unknown number to registration, a taken one to
 * the sign-in) in the history entry's state, never in the address: page views and logs see addresses.
 */
export interface PhoneHandOver {
  phone: PhoneValue;
}

export const handOverPhone = (phone: PhoneValue): PhoneHandOver => ({ phone });

/** The phone another page handed over, when the history state holds a well-formed one. */
export function handedOverPhone(state: unknown): PhoneValue | null {
  if (typeof state !== 'object' || state === null || !('phone' in state)) return null;
  const phone = state.phone;
  if (typeof phone !== 'object' || phone === null) return null;
  const { country, digits } = phone as Record<string, unknown>;
  if (typeof country !== 'string' || !isPhoneCountryCode(country) || typeof digits !== 'string') return null;
  if (!/^\d*$/.test(digits) || digits.length > PHONE_FORMATS[country].digits) return null;
  return { country, digits };
}

export const samePhone = (a: PhoneValue | null, b: PhoneValue | null) =>
  a !== null && b !== null && a.country === b.country && a.digits === b.digits;
