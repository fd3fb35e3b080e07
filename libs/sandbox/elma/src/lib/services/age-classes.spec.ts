import { fullYears, type AgeClassRecord } from '@fed/contracts';
import { ageClassesFor, sportAge } from './eligibility';
import { describe, expect, it } from 'vitest';

const at = '2026-01-01T00:00:00.000Z';
const ageClass = (
  code: string,
  sortirovka: number,
  from: number | null,
  to: number | null,
): AgeClassRecord => ({
  __id: code,
  __name: code,
  __createdAt: at,
  __updatedAt: at,
  code,
  nazvanie: code,
  sortirovka,
  age_from: from,
  age_to: to,
});
const classes = [
  ageClass('yunoshi_12_13', 4, 12, 13),
  ageClass('molodezh_18_20', 7, 18, 20),
  ageClass('vzroslye_18', 9, 18, null),
  ageClass('open', 100, null, null),
];
const now = new Date('2026-11-22T10:00:00Z');

describe('age classes', () => {
  it('uses the sport age: season year minus birth year', () => {
    expect(sportAge('2013-12-31T00:00:00Z', now)).toBe(13);
    expect(fullYears('2013-12-31T00:00:00Z', now)).toBe(12);
  });

  it('lists every class the athlete falls in, lowest sortirovka first', () => {
    expect(ageClassesFor('2007-05-01T00:00:00Z', classes, now).map((entry) => entry.code)).toEqual([
      'molodezh_18_20',
      'vzroslye_18',
      'open',
    ]);
    expect(ageClassesFor('2013-05-01T00:00:00Z', classes, now).map((entry) => entry.code)).toEqual([
      'yunoshi_12_13',
      'open',
    ]);
    expect(ageClassesFor('1980-05-01T00:00:00Z', classes, now).map((entry) => entry.sortirovka)).toEqual([
      9, 100,
    ]);
  });

  it('lists none without a birth date', () => {
    expect(ageClassesFor(null, classes, now)).toEqual([]);
  });
});
