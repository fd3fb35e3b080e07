import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '@fed/calendar';
import { ClockProvider } from '@fed/ui-kit';
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

  it('counts by the portal’s clock, not the process’s', () => {
    vi.useFakeTimers();
    const clock = new ManualClock('2026-12-31T20:59:00Z');
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(ClockProvider, { clock, children });
    const until = clock.now() + 60_000;
    const { result } = renderHook(() => useCountdown(until), { wrapper });
    expect(result.current).toBe(60);
    clock.advance(45_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(15);
    clock.advance(15_000);
    act(() => vi.advanceTimersByTime(1000));
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
