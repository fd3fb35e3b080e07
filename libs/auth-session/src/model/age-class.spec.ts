import { describe, expect, it } from 'vitest';
import { pickAgeClass } from './age-class';

describe('pickAgeClass', () => {
  it('picks the lowest sortirovka', () => {
    const classes = [
      { __id: 'juniors', sortirovka: 3 },
      { __id: 'cadets', sortirovka: 2 },
      { __id: 'adults', sortirovka: 5 },
    ];
    expect(pickAgeClass(classes)?.__id).toBe('cadets');
  });

  it('prefers a ranked class over one without sortirovka', () => {
    expect(pickAgeClass([{ __id: 'unranked' }, { __id: 'ranked', sortirovka: 10 }])?.__id).toBe('ranked');
  });

  it('answers null when there is none, so the default age class is loaded', () => {
    expect(pickAgeClass([])).toBeNull();
    expect(pickAgeClass(undefined)).toBeNull();
  });
});
