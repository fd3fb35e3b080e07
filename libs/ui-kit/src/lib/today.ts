import { useMemo } from 'react';
import { federationToday, type CalendarDay } from '@fed/calendar';
import { useClock } from './clock';

// Apart from the clock's context: the Moscow calendar it needs is not loaded by whoever only reads the clock.
/**
 * Today on the federation's (Moscow) calendar by the portal's clock, whatever the device's time zone. The same
 * object while the day stays the same, so that it may stand in a hook's dependencies.
 */
export function useToday(): CalendarDay {
  const { year, month, day } = federationToday(useClock());
  return useMemo(() => ({ year, month, day }), [year, month, day]);
}
