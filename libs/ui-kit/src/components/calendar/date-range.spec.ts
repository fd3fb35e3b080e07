import { describe, expect, it } from 'vitest';
import { nextRange } from './date-range';

const d = (day: number) => new Date(2026, 2, day);

describe('nextRange', () => {
  it('sets the start on the first click', () => {
    expect(nextRange({}, d(10))).toEqual({ from: d(10) });
  });

  it('sets the end on the second click', () => {
    expect(nextRange({ from: d(10) }, d(15))).toEqual({ from: d(10), to: d(15) });
  });

  it('swaps the ends when the second click is before the start', () => {
    expect(nextRange({ from: d(10) }, d(3))).toEqual({ from: d(3), to: d(10) });
  });

  it('clears when the start is clicked again, with or without an end', () => {
    expect(nextRange({ from: d(10) }, d(10))).toEqual({});
    expect(nextRange({ from: d(10), to: d(15) }, d(10))).toEqual({});
  });

  it('compares days, not instants', () => {
    expect(nextRange({ from: new Date(2026, 2, 10, 9) }, new Date(2026, 2, 10, 18))).toEqual({});
  });

  it('starts over after a complete range', () => {
    expect(nextRange({ from: d(10), to: d(15) }, d(20))).toEqual({ from: d(20) });
    expect(nextRange({ from: d(10), to: d(15) }, d(15))).toEqual({ from: d(15) });
  });
});
