import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { signInFinished, signInStarted, tokensReceived } from '@fed/auth-session';
import { createToastStore, ToastProvider } from '@fed/ui-kit';
import { buildRouteObjects, routedPages } from './router';
import { DEFAULT_TITLE, portalRoutes } from './routes';
import { createPortalStore } from './store';

function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.sig`;
}

function renderAt(path: string, store = createPortalStore()) {
  const router = createMemoryRouter(buildRouteObjects(portalRoutes), { initialEntries: [path] });
  render(
    <Provider store={store}>
      <ToastProvider store={createToastStore()}>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>,
  );
  return { router, store };
}

afterEach(() => localStorage.clear());

describe('portal routes', () => {
  it('renders the guest home with the header links of the spec and the insurer notice', async () => {
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Федерация контактных единоборств' }),
    ).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Основное меню' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Главная', 'Мероприятия', 'Федерация', 'Спортсмены', 'Организации']);
    expect(screen.getAllByRole('link', { name: 'Войти' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getByText(/Страхование спортсменов/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(DEFAULT_TITLE));
  });

  it('shows the 404 view with its title for an unknown route, without the insurer notice', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    expect(screen.getByText(/Page not found/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Competitions | Error 404'));
    expect(screen.queryByText(/Страхование спортсменов/)).toBeNull();
  });

  it('sends a guest applying to a competition to the login page, to return to the event', async () => {
    const { router, store } = renderAt('/apply/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().session.redirectTo).toBe('/competitions/42');
  });

  it('sends a signed-in user from the home page to /profile', async () => {
    const store = createPortalStore();
    const exp = Math.floor(Date.now() / 1000) + 900;
    store.dispatch(
      tokensReceived({
        token: fakeToken({ Sportsman: 'a-1', ContractorType: 'sportsman', exp }),
        refreshToken: 'r',
      }),
    );
    const { router } = renderAt('/', store);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('keeps a sign-in in progress on /login until the account is chosen', async () => {
    const store = createPortalStore();
    const exp = Math.floor(Date.now() / 1000) + 900;
    store.dispatch(signInStarted());
    store.dispatch(
      tokensReceived({
        token: fakeToken({ Sportsman: ['a-1', 'a-2'], ContractorType: 'sportsman', exp }),
        refreshToken: 'r',
      }),
    );
    const { router } = renderAt('/login', store);
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    store.dispatch(signInFinished());
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('lists every route of the spec with its guard, layout and title', () => {
    const table = Object.fromEntries(
      portalRoutes.map((route) => [route.path, [route.guard, route.layout, route.title]]),
    );
    expect(table).toMatchObject({
      '/': ['guestOnly', 'guest', undefined],
      '/login': ['guestOnly', 'guest', undefined],
      '/register': ['guestOnly', 'guest', undefined],
      '/register-org': ['guestOnly', 'guest', undefined],
      '/login-change': ['guestOnly', 'guest', undefined],
      '/competitions': ['public', 'dynamic', 'Мероприятия'],
      '/competitions/:id': ['public', 'dynamic', undefined],
      '/apply/:id': ['protectedToLogin', 'signedIn', undefined],
      '/apply/edit/:id': ['protected', 'signedIn', undefined],
      '/apply/photo-video/:id': ['protected', 'signedIn', undefined],
      '/apply/photo-video/edit/:id': ['protected', 'signedIn', undefined],
      '/apply-membership/:id': ['protected', 'signedIn', undefined],
      '/photo-video/:id': ['protectedToLogin', 'signedInNoFooter', undefined],
      '/order/:id': ['public', 'none', undefined],
      '/sportsmen': ['public', 'dynamic', 'Спортсмены'],
      '/organizations': ['public', 'dynamic', 'Организации'],
      '/fk': ['public', 'dynamic', 'ФКЕ'],
      '/profile/:id?': ['profile', 'dynamic', 'Личный кабинет'],
      '/profile/applications/photo-video/:id': ['protected', 'signedIn', undefined],
      '/profile/create-competition': ['organizationOnly', 'signedIn', undefined],
      '/profile/create-competition/success': ['organizationOnly', 'signedIn', undefined],
      '/profile/edit': ['organizationOnly', 'signedIn', undefined],
      '/profile/submit-documents/:id': ['organizationOnly', 'signedIn', undefined],
      '/documents/:id': ['public', 'none', undefined],
      '*': ['public', 'guest', 'Competitions | Error 404'],
    });
    const applyRoute = portalRoutes.find((route) => route.path === '/apply/:id');
    expect(applyRoute?.returnTo?.({ pathname: '/apply/42', params: { id: '42' } })).toBe('/competitions/42');
  });

  it('routes only pages that exist, each as a lazily loaded chunk', () => {
    const routed = routedPages(portalRoutes);
    expect(routed.map((route) => route.path)).toEqual(expect.arrayContaining(['/', '*']));
    for (const route of routed) expect(typeof route.load).toBe('function');
  });
});
