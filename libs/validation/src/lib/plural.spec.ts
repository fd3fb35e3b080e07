import { describe, expect, it } from 'vitest';
import { pluralRu } from './plural';

const years = ['год', 'года', 'лет'] as const;

describe('pluralRu', () => {
  it.each([
    [1, 'год'],
    [2, 'года'],
    [4, 'года'],
    [5, 'лет'],
    [11, 'лет'],
    [14, 'лет'],
    [21, 'год'],
    [22, 'года'],
    [25, 'лет'],
    [101, 'год'],
    [111, 'лет'],
    [0, 'лет'],
    [1.5, 'года'],
  ])('%s → %s', (count, form) => {
    expect(pluralRu(count, years)).toBe(form);
  });
});
