import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import {
  createMemoryRouter,
  Link,
  RouterProvider,
  useLocation,
  type InitialEntry,
  type RouteObject,
} from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { baseApi } from '@fed/api-client';
import { DEFAULT_TEST_INSTANT, fixedClock, type Clock } from '@fed/calendar';
import { ClockProvider, createToastStore, PageLinkContext, ToastProvider } from '@fed/ui-kit';
import { initialSessionState, sessionSlice, type SessionState } from '../model/session-slice';
import { bindSession } from '../model/session-store';

/** The portal's store as `apps/portal` builds it: the one API and the session. */
export function createTestStore(session: Partial<SessionState> = {}) {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.name]: sessionSlice.reducer },
    preloadedState: { [sessionSlice.name]: { ...initialSessionState, ...session } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

export type TestStore = ReturnType<typeof createTestStore>;

export interface RenderPortalOptions {
  /** Who is looking: a guest by default, `signedInAs('sp-1')`, or any part of the session state. */
  session?: Partial<SessionState>;
  /** A store built elsewhere (the app's own, with its start-up), instead of one from `session`. */
  store?: TestStore;
  /** The route pattern the element answers (`/competitions/:id`); the path's pathname by default. */
  route?: string;
  /** Where the router starts, with state when the page reads it; the route by default, else `/`. */
  path?: InitialEntry;
  /** Other pages the router knows, for journeys from one page to the next. */
  routes?: RouteObject[];
  /**
   * The pages' clock (`useClock`, `useToday`): standing at `DEFAULT_TEST_INSTANT` unless a test names another
   * instant, so that what a page decides by the date is the same on every day the suite runs.
   */
  clock?: Clock;
}

/** The clock pages are rendered on unless a test gives its own: `DEFAULT_TEST_INSTANT`, standing still. */
export const testClock: Clock = fixedClock(DEFAULT_TEST_INSTANT);

/**
 * Shows where the router went (a page of no test's concern) and with which state, for a test to read both:
 * `getByTestId('elsewhere')`.
 */
function Elsewhere() {
  const location = useLocation();
  return (
    <p data-testid="elsewhere" data-state={JSON.stringify(location.state ?? null)}>
      Страница {location.pathname}
    </p>
  );
}

const pathnameOf = (entry: InitialEntry) =>
  typeof entry === 'string' ? new URL(entry, 'http://portal').pathname : (entry.pathname ?? '/');

/**
 * Renders as the portal does: the store with the session bound to the API client (tokens, user id, refreshes)
 * and to storage, toasts, the clock (`options.clock`, else `testClock`), and a memory router at `path` in which `page` answers `route` (or, given route
 * objects, the whole table: a layout with its pages); every other address shows where it is.
 */
export function renderPortal(page: ReactElement | RouteObject[], options: RenderPortalOptions = {}) {
  const store = options.store ?? createTestStore(options.session);
  // A store built elsewhere is bound there already.
  const unbind = options.store ? () => undefined : bindSession(store);
  onTestFinished(unbind);
  const route = options.route ?? (options.path === undefined ? '/' : pathnameOf(options.path));
  const routes = Array.isArray(page)
    ? page
    : [{ path: route, element: page }, ...(options.routes ?? []), { path: '*', element: <Elsewhere /> }];
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? route] });
  const toasts = createToastStore();
  const clock = options.clock ?? testClock;
  const view = render(
    <ClockProvider clock={clock}>
      <Provider store={store}>
        {/* As the app's frame: the kit's page links are the router's. */}
        <PageLinkContext.Provider value={Link}>
          <ToastProvider store={toasts}>
            <RouterProvider router={router} />
          </ToastProvider>
        </PageLinkContext.Provider>
      </Provider>
    </ClockProvider>,
  );
  return {
    ...view,
    store,
    router,
    toasts,
    clock,
    /** The texts of the toasts shown so far. */
    toastTexts: () => toasts.getSnapshot().map((toast) => toast.content),
    /** Stops writing the session to storage (also done when the test finishes). */
    unbind,
  };
}
