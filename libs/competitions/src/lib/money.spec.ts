import { describe, expect, it } from 'vitest';
import { formatFeeFrom, formatStartingFee, sumMoney } from './money';

const rub = (roubles: number) => ({ cents: roubles * 100, currency: 'RUB' });

describe('money', () => {
  it('states a fee from the lowest of several prices', () => {
    expect(formatFeeFrom([rub(3000), rub(1500), rub(1500)])).toBe('от 1\u00a0500\u00a0₽');
    expect(formatFeeFrom([rub(1500), rub(1500)])).toBe('1\u00a0500\u00a0₽');
    expect(formatFeeFrom([rub(0)])).toBe('Бесплатно');
    expect(formatFeeFrom([])).toBeNull();
  });

  it('states a list entry’s fee as a starting price', () => {
    expect(formatStartingFee(rub(1500))).toBe('от 1\u00a0500\u00a0₽');
    expect(formatStartingFee(rub(0))).toBe('Бесплатно');
  });

  it('adds prices up', () => {
    expect(sumMoney([rub(1500), rub(3000)])).toEqual(rub(4500));
    expect(sumMoney([])).toEqual(rub(0));
  });
});
