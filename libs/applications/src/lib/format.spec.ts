import { describe, expect, it } from 'vitest';
import { formatDateTimeRu, formatMoney } from './format';

// Intl separates groups and the currency sign with no-break spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('format', () => {
  it('shows money in roubles, kopecks only when there are some', () => {
    expect(plain(formatMoney({ cents: 250000, currency: 'RUB' }))).toBe('2 500 ₽');
    expect(plain(formatMoney({ cents: 150050, currency: 'RUB' }))).toBe('1 500,50 ₽');
    expect(plain(formatMoney({ cents: 0, currency: 'RUB' }))).toBe('0 ₽');
  });

  it('shows dates with the Russian month in the genitive', () => {
    // Midday UTC is the same calendar day in every time zone from −11 to +11.
    expect(formatDateTimeRu('2026-03-05T12:00:00Z')).toMatch(/^5 марта 2026, \d{2}:00$/);
  });

  it('shows nothing for an unreadable date rather than failing the page', () => {
    expect(formatDateTimeRu('soon')).toBe('');
  });
});
