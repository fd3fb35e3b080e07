import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { baseApi } from '@fed/api-client';
import { bindSession, initialSessionState, sessionSlice, type SessionState } from '@fed/auth-session';
import { createToastStore, ToastProvider } from '@fed/ui-kit';
import { onTestFinished } from 'vitest';

/** An unsigned JWT with the given claims: the browser reads claims, it never checks signatures. */
function fakeAccessToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A signed-in session of one athlete (or organization) account. */
export function signedInAs(id: string, contractorType: 'sportsman' | 'organization' = 'sportsman') {
  const exp = Math.floor(Date.now() / 1000) + 900;
  const claim = contractorType === 'sportsman' ? { Sportsman: id } : { Organization: id };
  return {
    tokens: {
      token: fakeAccessToken({ ...claim, ContractorType: contractorType, exp }),
      refreshToken: 'r-1',
    },
    activeUserId: id,
    user: {
      id,
      contractorType,
      displayName: contractorType === 'sportsman' ? 'Соколов Андрей' : 'Клуб «Сэмпай»',
      avatarUrl: null,
      gender: contractorType === 'sportsman' ? ('male' as const) : null,
      ageClassId: null,
    },
  } satisfies Partial<SessionState>;
}

/** Shows where the router is, for pages that navigate away. */
function Elsewhere() {
  const location = useLocation();
  return <p>Страница {location.pathname}</p>;
}

/** Renders the routes at `path` with the real store (the session bound to the API client), toasts and a router. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  options: { session?: Partial<SessionState> } = {},
) {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.name]: sessionSlice.reducer },
    preloadedState: { [sessionSlice.name]: { ...initialSessionState, ...options.session } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  onTestFinished(bindSession(store));
  const router = createMemoryRouter([...routes, { path: '*', element: <Elsewhere /> }], {
    initialEntries: [path],
  });
  const toasts = createToastStore();
  const view = render(
    <Provider store={store}>
      <ToastProvider store={toasts}>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>,
  );
  return {
    ...view,
    store,
    router,
    toasts,
    toastTexts: () => toasts.getSnapshot().map((toast) => toast.content),
  };
}
