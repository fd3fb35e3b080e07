import type { CancellationReason } from './yookassa-store';

/**
 * The twin's test cards, shown on its card page. The paying one is the test card of YooKassa's own test shops;
 * the declined one is the twin's choice.
 */
export const YOOKASSA_TEST_CARDS = {
  /** Pays: `succeeded` with `capture: true`, `waiting_for_capture` otherwise. */
  pays: '5555555555554477',
  /** Declined by the issuer: `canceled`, party `payment_network`, reason `insufficient_funds`. */
  insufficientFunds: '5555555555554444',
} as const;

/** What the issuer says to a card: the paying test card pays, the declining one lacks funds, any other is declined. */
export function issuerAnswer(
  cardNumber: string,
): { pays: true } | { pays: false; reason: CancellationReason } {
  if (cardNumber === YOOKASSA_TEST_CARDS.pays) return { pays: true };
  if (cardNumber === YOOKASSA_TEST_CARDS.insufficientFunds)
    return { pays: false, reason: 'insufficient_funds' };
  return { pays: false, reason: 'general_decline' };
}

/** Whether the digits are a card number at all: 16 to 19 digits with a right Luhn check digit. */
export function isCardNumber(digits: string): boolean {
  if (!/^\d{16,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
