import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type InitialEntry } from 'react-router-dom';
import { baseApi } from '@fed/api-client';
import { bindSession, initialSessionState, sessionSlice } from '@fed/auth-session';
import { createToastStore, ToastProvider } from '@fed/ui-kit';

/** The signed-in organization of these tests. */
export const ORGANIZATION_ID = 'org-1';

/** An unsigned token with the organization's claims: the browser only reads claims. */
function organizationToken(): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const claims = {
    Organization: ORGANIZATION_ID,
    ContractorType: 'organization',
    exp: Math.floor(Date.now() / 1000) + 900,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** Shows where the router went and with which state, so a test can read both. */
function Elsewhere() {
  const location = useLocation();
  return (
    <p data-testid="elsewhere" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </p>
  );
}

/**
 * Renders an organizer page at `path` (matching `route`) with the real store, the organization's session
 * bound to the API client, toasts, and a catch-all route that shows where navigation went.
 */
export function renderOrganizer(page: ReactElement, options: { route?: string; path?: InitialEntry } = {}) {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.name]: sessionSlice.reducer },
    preloadedState: {
      [sessionSlice.name]: {
        ...initialSessionState,
        tokens: { token: organizationToken(), refreshToken: 'r-1' },
        activeUserId: ORGANIZATION_ID,
      },
    },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const unbind = bindSession(store);
  const route = options.route ?? '/';
  const router = createMemoryRouter(
    [
      { path: route, element: page },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [options.path ?? route] },
  );
  const toasts = createToastStore();
  const view = render(
    <Provider store={store}>
      <ToastProvider store={toasts}>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>,
  );
  const toastTexts = () => toasts.getSnapshot().map((toast) => toast.content);
  return { ...view, store, router, toasts, toastTexts, unbind };
}
