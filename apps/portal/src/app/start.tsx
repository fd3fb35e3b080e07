import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { publicConfig, reportClientError } from '@fed/api-client';
import { loadSessionStart, preloadedSession, selectIsAuthenticated } from '@fed/auth-session';
import { systemClock } from '@fed/calendar';
import { installAnalytics } from './analytics';
import { installErrorReporting } from './error-reporting';
import { loadWithRetries } from './module-retries';
import { NewBuildNotice } from './new-build-notice';
import { nextTask } from './next-task';
import { PortalFrame } from './app';
import { readPageState } from './page-state';
import { createRoutePreloader, installRoutePreloading } from './route-preload';
import { prefetchWhenIdle } from './route-prefetch';
import { buildRouteObjects, createPortalRouter, loadMatchedRoutes, routedPages } from './router';
import { portalRoutes } from './routes';
import { createPortalStore } from './store';

/**
 * Starts the portal in the browser. A page the server rendered for a guest is taken over as it is (hydrated:
 * its data from the page, its chunks loaded beside the app); anything else — the shell, or a server page that
 * reached someone signed in — is rendered here. Only a signed-in visitor loads the session's start-up (the token
 * refresh, the linked accounts, the user's record).
 */
export async function startPortal(container: HTMLElement): Promise<void> {
  installErrorReporting(window, reportClientError);
  // This module's evaluation was a task's worth; the start is the next.
  await nextTask();
  const page = readPageState();
  const signedIn = selectIsAuthenticated({ session: preloadedSession() });
  let hydrate = page !== null && !signedIn;
  // A guest's answers are what the server read; someone signed in may be shown more, so asks again.
  const store = createPortalStore(hydrate && page ? page.api : undefined);
  // The browser's own clock: every page reads it through the frame (`useClock`), and start-up and analytics here.
  const clock = systemClock;
  if (signedIn) {
    // Asked again if it fails: on a page left while it loads, no try follows and nothing is reported.
    void loadWithRetries(loadSessionStart).then((startSession) => store.dispatch(startSession(clock)));
  }

  const reportPageView = installAnalytics(publicConfig().analyticsId, clock);
  const routes = buildRouteObjects(portalRoutes, { reportPageView });
  if (hydrate && page) {
    const chunks = page.chunks.map((chunk) => import(/* @vite-ignore */ chunk).catch(() => undefined));
    try {
      await Promise.all([loadMatchedRoutes(routes, window.location.pathname), ...chunks]);
    } catch {
      // The page's chunk did not load (a broken or replaced deployment): rendered afresh, the router shows the
      // error view in the page's frame, or reloads once for a newer build.
      hydrate = false;
    }
  }
  await nextTask();
  const router = createPortalRouter({
    routes: hydrate ? routes : buildRouteObjects(portalRoutes, { reportPageView }),
    hydrationData: hydrate ? page?.router : undefined,
  });
  const app = (
    <PortalFrame store={store} clock={clock}>
      <RouterProvider router={router} />
      {/* The browser's only: it watches the served build, and shows nothing the server's page would lack. */}
      <NewBuildNotice />
    </PortalFrame>
  );
  if (hydrate) {
    // A transition: hydration yields to the browser between components instead of one long task.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }

  installRoutePreloading(createRoutePreloader(routedPages(portalRoutes)));
  if (hydrate && page?.prefetch) prefetchWhenIdle(page.prefetch);
}
