import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router-dom';
import { baseApi } from '@fed/api-client';
import { createToastStore, ToastProvider } from '@fed/ui-kit';
import { initialSessionState, sessionSlice, type SessionState } from '../model/session-slice';
import { bindSession } from '../model/session-store';

export interface RenderWithSessionOptions {
  path?: string;
  session?: Partial<SessionState>;
  /** Other pages the router knows, for journeys from one page to the next. */
  routes?: RouteObject[];
  /** The first history entry, when it carries state; `path` by default. */
  initialEntry?: InitialEntry;
}

/** Renders a page at `path` with the real store, the session bound to the API client, and a router. */
export function renderWithSession(page: ReactElement, options: RenderWithSessionOptions = {}) {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.name]: sessionSlice.reducer },
    preloadedState: { [sessionSlice.name]: { ...initialSessionState, ...options.session } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const unbind = bindSession(store);
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [{ path, element: page }, ...(options.routes ?? []), { path: '*', element: <p>elsewhere</p> }],
    { initialEntries: [options.initialEntry ?? path] },
  );
  const toasts = createToastStore();
  const view = render(
    <Provider store={store}>
      <ToastProvider store={toasts}>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>,
  );
  return { ...view, store, router, toasts, unbind };
}
