import { formatNumber } from './number-format';

// Apart from the showing (`number-format.ts`), which the validation messages need on every form, this reading back
// and the money are loaded only where numbers are typed or prices shown.

const MASKED_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/**
 * Reads what the mask shows (or what a user typed) back into a number: '1 234,5' → 1234.5.
 * Any whitespace counts as a thousands separator, since Intl and copy-paste bring no-break spaces.
 * Returns null for anything that is not one number.
 */
export function parseNumber(text: string): number | null {
  const compact = text.replace(/\s/g, '');
  if (!MASKED_NUMBER.test(compact)) return null;
  const value = Number(compact.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

const CURRENCY_SIGNS: Readonly<Record<string, string>> = { RUB: '₽' };

/**
 * An amount of money the way the portal shows every price: `{cents: 150000, currency: 'RUB'}` → «1 500 ₽»,
 * kopecks only when there are some («1 500,50 ₽»), grouped as the number mask groups, the sign kept on the
 * same line (a no-break space). Amounts come in the platform's and the orders API's whole kopecks.
 */
export function formatMoney({ cents, currency }: { cents: number; currency: string }): string {
  const whole = cents % 100 === 0;
  const amount = formatNumber(cents / 100, whole ? 0 : 2);
  const padded = whole || /,\d{2}$/.test(amount) ? amount : `${amount}0`;
  return `${padded}\u00a0${CURRENCY_SIGNS[currency] ?? currency}`;
}
