import type { ElmaMoney } from '@fed/contracts';
import { formatMoney } from '@fed/validation';

/**
 * A fee from several prices: «от 1 500 ₽» when they differ, the price itself when they are one,
 * «Бесплатно» when nothing is charged, null when there is no price at all.
 */
export function formatFeeFrom(prices: readonly ElmaMoney[]): string | null {
  if (prices.length === 0) return null;
  const lowest = prices.reduce((low, price) => (price.cents < low.cents ? price : low));
  const highest = Math.max(...prices.map((price) => price.cents));
  if (highest === 0) return 'Бесплатно';
  const text = formatMoney(lowest);
  return lowest.cents === highest ? text : `от ${text}`;
}

/** The sum of prices in one currency (a competition charges in one). */
export function sumMoney(prices: readonly ElmaMoney[], currency = prices[0]?.currency ?? 'RUB'): ElmaMoney {
  return { cents: prices.reduce((sum, price) => sum + price.cents, 0), currency };
}

/** A list entry's fee: the event's base fee is the least any program costs, so «от 1 500 ₽». */
export function formatStartingFee(fee: ElmaMoney): string {
  return fee.cents === 0 ? 'Бесплатно' : `от ${formatMoney(fee)}`;
}
