import { describe, expect, it } from 'vitest';
import { formatDateTimeRu } from './format';

describe('format', () => {
  it('shows dates with the Russian month in the genitive', () => {
    // Midday UTC is the same calendar day in every time zone from −11 to +11.
    expect(formatDateTimeRu('2026-03-05T12:00:00Z')).toMatch(/^5 марта 2026, \d{2}:00$/);
  });

  it('shows nothing for an unreadable date rather than failing the page', () => {
    expect(formatDateTimeRu('soon')).toBe('');
  });
});
