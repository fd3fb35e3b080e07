import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fixedClock, ManualClock, systemClock, type Clock } from '@fed/calendar';
import { ClockProvider, useClock } from './clock';
import { useToday } from './today';

const within = (clock: Clock) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <ClockProvider clock={clock}>{children}</ClockProvider>;
  };

describe('the portal clock', () => {
  it('is the system clock without a provider, and the given one inside', () => {
    expect(renderHook(() => useClock()).result.current).toBe(systemClock);
    const clock = fixedClock('2026-06-17T09:00:00Z');
    expect(renderHook(() => useClock(), { wrapper: within(clock) }).result.current).toBe(clock);
  });

  it('tells today’s Moscow day: at 21:30 UTC on 31 December it is already 1 January', () => {
    const { result } = renderHook(() => useToday(), { wrapper: within(fixedClock('2026-12-31T21:30:00Z')) });
    expect(result.current).toEqual({ year: 2027, month: 1, day: 1 });
  });

  it('keeps the same day object while the day lasts, and a new one the next day', () => {
    const clock = new ManualClock('2026-12-01T20:00:00Z');
    const { result, rerender } = renderHook(() => useToday(), { wrapper: within(clock) });
    const first = result.current;
    expect(first).toEqual({ year: 2026, month: 12, day: 1 });
    clock.advance(30 * 60_000);
    rerender();
    expect(result.current).toBe(first);
    // 21:30 UTC: 00:30 on 2 December in Moscow.
    clock.advance(60 * 60_000);
    rerender();
    expect(result.current).toEqual({ year: 2026, month: 12, day: 2 });
  });

  it('reaches components below the provider', () => {
    function Year() {
      return <p>{useToday().year}</p>;
    }
    render(
      <ClockProvider clock={fixedClock('2028-02-29T12:00:00Z')}>
        <Year />
      </ClockProvider>,
    );
    expect(screen.getByText('2028')).toBeInTheDocument();
  });
});
