import { describe, expect, it } from 'vitest';
import { AGE_OF_MAJORITY, fullYears } from './age';

describe('full years', () => {
  it('count the birthday itself', () => {
    const on = new Date('2026-11-22T10:00:00Z');
    expect(fullYears('2013-12-31T00:00:00Z', on)).toBe(12);
    expect(fullYears('2013-11-22T00:00:00Z', on)).toBe(13);
  });

  it('make an adult on the eighteenth birthday', () => {
    expect(fullYears('2008-11-22T00:00:00Z', new Date('2026-11-22T00:00:00Z'))).toBe(AGE_OF_MAJORITY);
    expect(fullYears('2008-11-23T00:00:00Z', new Date('2026-11-22T20:59:59Z'))).toBe(AGE_OF_MAJORITY - 1);
  });

  it('come of age at Moscow midnight, not three hours later at UTC midnight', () => {
    // 00:30 on 23 November in Moscow is still 22 November in UTC.
    expect(fullYears('2008-11-23T00:00:00Z', new Date('2026-11-22T21:30:00Z'))).toBe(AGE_OF_MAJORITY);
  });
});
