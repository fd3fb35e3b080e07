import { createContext, useContext, type ReactNode } from 'react';
import { systemClock, type Clock } from '@fed/calendar';

/**
 * The one place the portal's pages take the time from. Without a provider it is the process's own clock (what
 * the browser and the server renderer run on); tests and stories give a fixed one, so that what a page shows
 * and decides does not depend on the day it runs.
 */
const ClockContext = createContext<Clock>(systemClock);

export interface ClockProviderProps {
  clock: Clock;
  children: ReactNode;
}

export function ClockProvider({ clock, children }: ClockProviderProps) {
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

/** The portal's clock: read it where a decision is made (`clock.now()`), not once per module. */
export function useClock(): Clock {
  return useContext(ClockContext);
}
