import { StrictMode, useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastProvider } from '@fed/ui-kit';
import type { PortalStore } from './store';

/**
 * What holds every page, in the browser and on the server alike: the store and the toasts around the router
 * (the browser's or the server's). Hydration needs the two trees to be the same.
 */
export function PortalFrame({ store, children }: { store: PortalStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ToastProvider>
          {children}
          <Ready />
        </ToastProvider>
      </Provider>
    </StrictMode>
  );
}

/** The event the page's first script waits for: the app has taken the page over (`main.tsx`). */
export const PORTAL_READY_EVENT = 'portal:ready';

/** Tells the page once the app has rendered (or hydrated) it; a server never runs it. */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset['portalReady'] = '';
    window.dispatchEvent(new Event(PORTAL_READY_EVENT));
  }, []);
  return null;
}
