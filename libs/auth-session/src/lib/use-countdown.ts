import { useEffect, useState } from 'react';
import { useClock } from '@fed/ui-kit';

const secondsUntil = (until: number | null, now: number) =>
  until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));

/** Seconds left until `until` (a timestamp of the portal's clock), ticking once a second; 0 when passed. */
export function useCountdown(until: number | null): number {
  const clock = useClock();
  const [left, setLeft] = useState(() => secondsUntil(until, clock.now()));
  useEffect(() => {
    const tick = () => {
      const next = secondsUntil(until, clock.now());
      setLeft(next);
      return next;
    };
    if (tick() === 0) return;
    const timer = setInterval(() => tick() === 0 && clearInterval(timer), 1000);
    return () => clearInterval(timer);
  }, [until, clock]);
  return left;
}

/** 75 → '1:15'. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
