import { describe, expect, it } from 'vitest';
import { completeInn, completeOgrn, isValidInn, isValidOgrn, isValidOgrnip } from './russian-tax-ids';

describe('Russian tax ids', () => {
  it('accepts well-known valid numbers and rejects a changed digit', () => {
    expect(isValidInn('7707083893')).toBe(true); // Sberbank
    expect(isValidInn('7707083894')).toBe(false);
    expect(isValidOgrn('1027700132195')).toBe(true); // Sberbank
    expect(isValidOgrn('1027700132196')).toBe(false);
    expect(isValidInn('500100732259')).toBe(true);
    expect(isValidInn('500100732258')).toBe(false);
  });

  it('rejects wrong lengths and non-digits', () => {
    expect(isValidInn('77070838')).toBe(false);
    expect(isValidInn('77070838a3')).toBe(false);
    expect(isValidOgrn('102770013219')).toBe(false);
    expect(isValidOgrnip('3196196000123')).toBe(false);
  });

  it('completes prefixes with their check digits', () => {
    expect(completeInn('770708389')).toBe('7707083893');
    expect(isValidInn(completeInn('5001007322'))).toBe(true);
    expect(completeOgrn('102770013219')).toBe('1027700132195');
    expect(isValidOgrnip(completeOgrn('31961960001234'))).toBe(true);
    expect(() => completeInn('12')).toThrow();
  });
});
