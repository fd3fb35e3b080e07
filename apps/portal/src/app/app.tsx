import { StrictMode, useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Link } from 'react-router-dom';
import { systemClock, type Clock } from '@fed/calendar';
import { ClockProvider, PageLinkContext, ToastProvider } from '@fed/ui-kit';
import { announceReady } from './page-state';
import type { PortalStore } from './store';

export interface PortalFrameProps {
  store: PortalStore;
  /** Where every page takes the time from (`useClock`, `useToday`); the process's own clock by default. */
  clock?: Clock;
  children: ReactNode;
}

/**
 * What holds every page, in the browser and on the server alike: the clock, the store, the page links and the
 * toasts around the router (the browser's or the server's). Hydration needs the two trees to be the same.
 */
export function PortalFrame({ store, clock = systemClock, children }: PortalFrameProps) {
  return (
    <StrictMode>
      <ClockProvider clock={clock}>
        <Provider store={store}>
          {/* The kit's and the libraries' page links are the router's in the app (an island's are plain links). */}
          <PageLinkContext.Provider value={Link}>
            <ToastProvider>
              {children}
              <Ready />
            </ToastProvider>
          </PageLinkContext.Provider>
        </Provider>
      </ClockProvider>
    </StrictMode>
  );
}

/** Tells the page once the app has rendered (or hydrated) it; a server never runs it. */
function Ready() {
  useEffect(() => announceReady(), []);
  return null;
}
