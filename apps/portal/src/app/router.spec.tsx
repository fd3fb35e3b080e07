import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redirectRemembered, signInFinished, signInStarted, tokensReceived } from '@fed/auth-session';
import { fakeAccessToken, renderPortal } from '@fed/auth-session/testing';
import { portalServer } from '../testing/portal-server';
import { buildRouteObjects, routedPages } from './router';
import { DEFAULT_TITLE, portalRoutes, type PortalRoute } from './routes';
import { createPortalStore } from './store';

/** The whole app at `path`: the route table with its guards and layouts, the app's own store. */
const renderAt = (path: string, store = createPortalStore(), routes: readonly PortalRoute[] = portalRoutes) =>
  renderPortal(buildRouteObjects(routes), { store, path });

function signedInStore() {
  const store = createPortalStore();
  const exp = Math.floor(Date.now() / 1000) + 900;
  store.dispatch(
    tokensReceived({
      token: fakeAccessToken({ Sportsman: 'a-1', ContractorType: 'sportsman', exp }),
      refreshToken: 'r',
    }),
  );
  return store;
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

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
    // The year of the test clock the page is rendered on.
    expect(screen.getByText(/© 2026/)).toBeInTheDocument();
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

  it('opens a new page at its top, and keeps the place when only the address’s query changes', async () => {
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const scrollY = vi.spyOn(window, 'scrollY', 'get');
    try {
      const { router } = renderAt('/no/such/page');
      await screen.findByRole('heading', { name: 'Страница не найдена' });
      // The visitor has read down the page, then follows a link to another page: it opens at its top.
      scrollY.mockReturnValue(800);
      scrolled.mockClear();
      await act(() => router.navigate('/another/missing/page'));
      await waitFor(() => expect(scrolled).toHaveBeenLastCalledWith(0, 0));
      // A filter written into the address is the same page: the place is kept.
      scrollY.mockReturnValue(500);
      scrolled.mockClear();
      await act(() => router.navigate('/another/missing/page?city=Казань'));
      await waitFor(() => expect(scrolled).toHaveBeenLastCalledWith(0, 500));
    } finally {
      scrolled.mockRestore();
      scrollY.mockRestore();
    }
  });

  it('sends a guest applying to a competition to the login page, to return to the event', async () => {
    const { router, store } = renderAt('/apply/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().session.redirectTo).toBe('/competitions/42');
  });

  it('brings a guest who goes to sign in from a profile page back to it, and no one who comes from elsewhere', async () => {
    const { router, store } = renderAt('/profile/club-1');
    await screen.findAllByRole('link', { name: 'Войти' });
    // The guest header's «Войти» is a plain link (a whole page load, remembered by its referrer: a journey's
    // part); a move within the app from the profile is remembered by the router.
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(store.getState().session.redirectTo).toBe('/profile/club-1'));
    // On to the registration: still the profile.
    await act(() => router.navigate('/register'));
    expect(store.getState().session.redirectTo).toBe('/profile/club-1');

    await act(() => router.navigate('/competitions'));
    await screen.findAllByRole('link', { name: 'Войти' });
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(store.getState().session.redirectTo).toBeNull());
  });

  it('signs a guest in on /login and lands on the remembered page, not sent on by the guard of /login', async () => {
    const exp = Math.floor(Date.now() / 1000) + 900;
    portalServer.use(
      http.post('*/api/auth/LoginUser', () =>
        HttpResponse.json({ data: { codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 } }),
      ),
      http.post('*/api/auth/LoginUserConfirm', () =>
        HttpResponse.json({
          data: {
            Token: fakeAccessToken({ Sportsman: 'a-1', ContractorType: 'sportsman', exp }),
            RefreshToken: 'r',
          },
        }),
      ),
      http.get('*/api/auth/LinkedAccounts', () =>
        HttpResponse.json({ data: [{ id: 'a-1', fio: 'Орлова Дарья', avatar: null, gender: null }] }),
      ),
    );
    const user = userEvent.setup();
    const store = createPortalStore();
    store.dispatch(redirectRemembered('/competitions/42'));
    const { router } = renderAt('/login', store);
    await user.type(await screen.findByRole('textbox', { name: /Телефон/ }), '9001234567');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByRole('textbox', { name: /Код подтверждения/ }), '123456');

    await waitFor(() => expect(router.state.location.pathname).toBe('/competitions/42'));
    await waitFor(() => expect(store.getState().session.signingIn).toBe(false));
    // Settled there: nothing sent the user on.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(router.state.location.pathname).toBe('/competitions/42');
  });

  it('shows a signed-in athlete the registration pages with who is signed in, not sending them away', async () => {
    const { router } = renderAt('/register', signedInStore());
    expect(await screen.findByRole('heading', { level: 1, name: 'Регистрация спортсмена' })).toBeVisible();
    expect(screen.getByText('Вы уже вошли на портал.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Добавить нового спортсмена' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/register');
    // The signed-in frame.
    expect(screen.queryByRole('link', { name: 'Войти' })).toBeNull();
  });

  it('sends a signed-in user from the home page to /profile', async () => {
    const store = createPortalStore();
    const exp = Math.floor(Date.now() / 1000) + 900;
    store.dispatch(
      tokensReceived({
        token: fakeAccessToken({ Sportsman: 'a-1', ContractorType: 'sportsman', exp }),
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
        token: fakeAccessToken({ Sportsman: ['a-1', 'a-2'], ContractorType: 'sportsman', exp }),
        refreshToken: 'r',
      }),
    );
    portalServer.use(
      http.get('*/api/auth/LinkedAccounts', () =>
        HttpResponse.json({
          data: [
            { id: 'a-1', fio: 'Соколов Андрей', avatar: null, gender: { code: 'male' } },
            { id: 'a-2', fio: 'Соколова Алиса', avatar: null, gender: { code: 'female' } },
          ],
        }),
      ),
    );
    const { router } = renderAt('/login', store);
    expect(await screen.findByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
    expect(await screen.findByText('Соколова Алиса')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    store.dispatch(signInFinished());
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('lists every route of the spec with its guard, layout, title and Russian name', () => {
    const table = Object.fromEntries(
      portalRoutes.map((route) => [route.path, [route.guard, route.layout, route.title, route.name]]),
    );
    expect(table).toEqual({
      '/': ['guestOnly', 'guest', undefined, 'Главная'],
      '/login': ['guestOnly', 'guest', undefined, 'Вход'],
      '/register': ['public', 'registration', undefined, 'Регистрация спортсмена'],
      '/register-org': ['public', 'registration', undefined, 'Регистрация организации'],
      '/login-change': ['guestOnly', 'guest', undefined, 'Смена номера телефона'],
      '/competitions': ['public', 'dynamic', 'Мероприятия', 'Мероприятия'],
      '/competitions/:id': ['public', 'dynamic', undefined, 'Мероприятие'],
      '/apply/:id': ['protectedToLogin', 'signedIn', undefined, 'Подача заявки'],
      '/apply/edit/:id': ['protected', 'signedIn', undefined, 'Редактирование заявки'],
      '/apply/photo-video/:id': ['protected', 'signedIn', undefined, 'Заявка на фото и видео'],
      '/apply/photo-video/edit/:id': [
        'protected',
        'signedIn',
        undefined,
        'Редактирование заявки на фото и видео',
      ],
      '/apply-membership/:id': ['protected', 'signedIn', undefined, 'Заявка на членство'],
      '/photo-video/:id': ['protectedToLogin', 'signedInNoFooter', undefined, 'Фото и видео'],
      '/order/:id': ['protectedToLogin', 'none', undefined, 'Заказ'],
      '/sportsmen': ['public', 'dynamic', 'Спортсмены', 'Спортсмены'],
      '/organizations': ['public', 'dynamic', 'Организации', 'Организации'],
      '/fk': ['public', 'dynamic', 'ФКЕ', 'ФКЕ'],
      '/profile/:id?': ['profile', 'dynamic', 'Личный кабинет', 'Личный кабинет'],
      '/profile/applications/photo-video/:id': [
        'protected',
        'signedIn',
        undefined,
        'Мои заявки на фото и видео',
      ],
      '/profile/create-competition': ['organizationOnly', 'signedIn', undefined, 'Новое мероприятие'],
      '/profile/create-competition/success': [
        'organizationOnly',
        'signedIn',
        undefined,
        'Мероприятие создано',
      ],
      '/profile/edit': ['organizationOnly', 'signedIn', undefined, 'Редактирование профиля'],
      '/profile/submit-documents/:id': ['organizationOnly', 'signedIn', undefined, 'Документы мероприятия'],
      '/notices': ['protected', 'signedIn', 'Уведомления', 'Уведомления'],
      '/notices/settings': ['protected', 'signedIn', 'Настройки уведомлений', 'Настройки уведомлений'],
      '/documents/:id': ['public', 'none', undefined, 'Документ'],
      // Who is looking keeps their frame on an unknown address.
      '*': ['public', 'dynamic', 'Competitions | Error 404', 'Страница не найдена'],
    });
    // A Russian name for every route, never a document title of the error view.
    for (const route of portalRoutes) expect(route.name).toMatch(/^[А-ЯЁ][а-яёА-ЯЁ ]+$/);
    const applyRoute = portalRoutes.find((route) => route.path === '/apply/:id');
    expect(applyRoute?.returnTo?.({ pathname: '/apply/42', params: { id: '42' } })).toBe('/competitions/42');
  });

  it('keeps a signed-in user in the signed-in frame on an unknown address', async () => {
    const { router } = renderAt('/no/such/page', signedInStore());
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/no/such/page');
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(within(header).getByText('Страница не найдена')).toBeVisible());
    expect(screen.getByRole('navigation', { name: 'Основное меню' })).toHaveTextContent('Личный кабинет');
    expect(screen.queryByRole('link', { name: 'Войти' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Competitions | Error 404'));
  });

  it('names the header of a signed-in route without its page by the route, the document by the 404 view', async () => {
    // A route listed before its page exists (every route of the spec is in the table from the start).
    const pageless = portalRoutes.map((route) =>
      route.path === '/apply/photo-video/:id' ? { ...route, load: undefined } : route,
    );
    renderAt('/apply/photo-video/7', signedInStore(), pageless);
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(header).toHaveTextContent('Заявка на фото и видео'));
    expect(header).not.toHaveTextContent(/Competitions|Error/);
    await waitFor(() => expect(document.title).toBe('Competitions | Error 404'));
  });

  it('shows a failing page’s error view in the frame of who is looking', async () => {
    const failing: PortalRoute[] = [
      ...portalRoutes.filter((route) => route.path !== '/documents/:id'),
      {
        path: '/documents/:id',
        guard: 'public',
        layout: 'none',
        name: 'Документ',
        load: () => Promise.reject(new Error('the server answered 500')),
      },
    ];
    const guest = renderAt('/documents/1', createPortalStore(), failing);
    expect(await screen.findByRole('heading', { name: 'Что-то пошло не так' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Войти' })[0]).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Competitions | Error 500'));
    guest.unmount();

    renderAt('/documents/1', signedInStore(), failing);
    expect(await screen.findByRole('heading', { name: 'Что-то пошло не так' })).toBeVisible();
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(header).toHaveTextContent('Документ'));
    expect(screen.queryByRole('link', { name: 'Войти' })).toBeNull();
  });

  it('routes only pages that exist, each as a lazily loaded chunk', () => {
    const routed = routedPages(portalRoutes);
    expect(routed.map((route) => route.path)).toEqual(expect.arrayContaining(['/', '*']));
    for (const route of routed) expect(typeof route.load).toBe('function');
  });
});
