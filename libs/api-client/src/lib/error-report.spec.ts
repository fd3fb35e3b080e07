import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import fc from 'fast-check';
import { formatLogTimestamp } from './error-report';

describe('formatLogTimestamp', () => {
  it('writes DD.MM.YYYY, HH:mm:ss with the local offset', () => {
    expect(formatLogTimestamp(new Date(2026, 0, 5, 7, 8, 9))).toMatch(
      /^05\.01\.2026, 07:08:09[+-]\d{2}:\d{2}$/,
    );
  });

  it('agrees with date-fns for any date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1970, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        (date) => {
          expect(formatLogTimestamp(date)).toBe(format(date, 'dd.MM.yyyy, HH:mm:ssxxx'));
        },
      ),
    );
  });
});
