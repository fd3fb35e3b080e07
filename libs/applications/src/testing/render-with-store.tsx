import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { baseApi } from '@fed/api-client';
import { initialSessionState, sessionSlice, type SessionState } from '@fed/auth-session';
import { createToastStore, ToastProvider } from '@fed/ui-kit';

/**
 * Renders a component with the portal's store (API and session), toasts, and a router that knows the pages
 * the component links to, so that tests can follow a link and see where it went.
 */
export function renderWithStore(ui: ReactElement, options: { session?: Partial<SessionState> } = {}) {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.name]: sessionSlice.reducer },
    preloadedState: { [sessionSlice.name]: { ...initialSessionState, ...options.session } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '/competitions', element: <p>Страница мероприятий</p> },
      { path: '/competitions/:id', element: <p>Страница мероприятия</p> },
      { path: '/apply/edit/:id', element: <p>Правка заявки</p> },
    ],
    { initialEntries: ['/'] },
  );
  const toasts = createToastStore();
  const view = render(
    <Provider store={store}>
      <ToastProvider store={toasts}>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>,
  );
  return { ...view, store, router, toasts };
}
