import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, useCountdown } from './use-countdown';

describe('useCountdown', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down each second and stops at zero', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { result } = renderHook(() => useCountdown(1_000_000 + 2_500));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is zero without a target', () => {
    expect(renderHook(() => useCountdown(null)).result.current).toBe(0);
  });

  it.each([
    [60, '1:00'],
    [59, '0:59'],
    [75, '1:15'],
    [5, '0:05'],
  ])('formats %s s as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
