import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { baseApi } from '@fed/api-client';
import { preloadedSession } from '../model/session-store';
import { LoginPage } from './login-page';
import { RegisterOrgPage } from './register-org-page';
import { RegisterPage } from './register-page';
import { fakeAccessToken, platformRecords, renderPortal, setupPortalServer } from '../testing';

const exp = Math.floor(Date.now() / 1000) + 900;
const oneAthlete = fakeAccessToken({ Sportsman: 'a-1', ContractorType: 'sportsman', exp });
const threeAthletes = fakeAccessToken({ Sportsman: ['p-1', 'c-2', 'c-3'], ContractorType: 'sportsman', exp });
const family = [
  { id: 'p-1', fio: 'Соколов Андрей Павлович', avatar: null, gender: { code: 'male' } },
  { id: 'c-2', fio: 'Соколова Мария Андреевна', avatar: null, gender: { code: 'female' } },
  { id: 'c-3', fio: 'Соколов Илья Андреевич', avatar: null, gender: { code: 'male' } },
];
const codeSent = { data: { codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 } };

const received: Record<string, unknown[]> = {};
// The session start-up that finishes a sign-in loads the login's athletes (spec §4).
const server = setupPortalServer(
  platformRecords('sportsman'),
  http.get('*/api/auth/LinkedAccounts', () =>
    HttpResponse.json({
      data: [{ id: 'a-1', fio: 'Орлова Дарья', avatar: null, gender: { code: 'female' } }],
    }),
  ),
);

function answer(path: string, respond: (body: unknown) => Response) {
  return http.post(`*/api/auth/${path}`, async ({ request }) => {
    const body = await request.json();
    (received[path] ??= []).push(body);
    return respond(body);
  });
}

afterEach(() => {
  for (const key of Object.keys(received)) delete received[key];
});

function renderLogin(redirectTo: string | null = null) {
  const view = renderPortal(<LoginPage />, { path: '/login', session: { redirectTo } });
  view.store.dispatch(baseApi.util.resetApiState());
  return view;
}

async function enterPhone(user: ReturnType<typeof userEvent.setup>, digits = '9001234567') {
  const submit = screen.getByRole('button', { name: 'Получить код' });
  expect(submit).toBeDisabled();
  await user.type(screen.getByRole('textbox', { name: /Телефон/ }), digits);
  expect(submit).toBeEnabled();
  await user.click(submit);
}

describe('LoginPage', () => {
  it('sends the code to the E.164 phone, then signs in and returns to the remembered page', async () => {
    server.use(
      answer('LoginUser', () => HttpResponse.json(codeSent)),
      answer('LoginUserConfirm', () =>
        HttpResponse.json({ data: { Token: oneAthlete, RefreshToken: 'r-1' } }),
      ),
    );
    const user = userEvent.setup();
    const { router, store } = renderLogin('/competitions/42');

    await enterPhone(user);
    // The page joins the number with non-breaking spaces; Testing Library reads them as plain ones.
    expect(await screen.findByText('Мы отправили код на номер +7 (900) 123-45-67.')).toBeVisible();
    expect(received['LoginUser']).toEqual([{ phone: '+79001234567' }]);
    expect(screen.getByText(/Отправить код повторно через 1:00|0:59/)).toBeVisible();
    const codeInput = screen.getByRole('textbox', { name: /Код подтверждения/ });
    expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(codeInput, '123456');

    await waitFor(() => expect(router.state.location.pathname).toBe('/competitions/42'));
    expect(received['LoginUserConfirm']).toEqual([{ phone: '+79001234567', code: '123456' }]);
    expect(store.getState().session.tokens).toEqual({ token: oneAthlete, refreshToken: 'r-1' });
    expect(store.getState().session.redirectTo).toBeNull();
    await waitFor(() => expect(store.getState().session.user?.displayName).toBe('Орлова Дарья'));
  });

  it('goes on only once the user is loaded, the code step waiting until then', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    server.use(
      answer('LoginUser', () => HttpResponse.json(codeSent)),
      answer('LoginUserConfirm', () =>
        HttpResponse.json({ data: { Token: oneAthlete, RefreshToken: 'r-1' } }),
      ),
      // The athlete's own record answers when the test lets it.
      http.get('*/api/proxy', async ({ request }) => {
        asked.push(request.url);
        await held;
        return undefined;
      }),
      platformRecords('sportsman', {
        'a-1': {
          __id: 'a-1',
          __name: 'Орлова Д.',
          fio: { lastname: 'Орлова', firstname: 'Дарья', middlename: 'Игоревна' },
          age_class: [{ __id: 'ac-adults', code: 'adults', sortirovka: 10 }],
        },
      }),
    );
    const user = userEvent.setup();
    const { router, store } = renderLogin('/profile/club-1');

    await enterPhone(user);
    await user.type(await screen.findByRole('textbox', { name: /Код подтверждения/ }), '123456');
    await waitFor(() => expect(asked).toHaveLength(1));
    // Signed in, the user not yet loaded: still the code step, its button busy.
    expect(store.getState().session.tokens?.token).toBe(oneAthlete);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Войти' })).toHaveAttribute('aria-busy', 'true');
    expect(store.getState().session.user?.ageClass ?? null).toBeNull();

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/club-1'));
    // The sign-in ends once the next page is drawn.
    await waitFor(() => expect(store.getState().session.signingIn).toBe(false));
    expect(store.getState().session).toMatchObject({
      user: { displayName: 'Орлова Дарья Игоревна', ageClass: { __id: 'ac-adults' } },
      redirectTo: null,
      signingIn: false,
    });
  });

  it('asks a login holding several athletes which one to act as', async () => {
    server.use(
      answer('LoginUser', () => HttpResponse.json(codeSent)),
      answer('LoginUserConfirm', () =>
        HttpResponse.json({ data: { Token: threeAthletes, RefreshToken: 'r-1' } }),
      ),
      http.get('*/api/auth/LinkedAccounts', () =>
        HttpResponse.json({
          data: [
            { id: 'p-1', fio: 'Соколов Андрей Павлович', avatar: null, gender: { code: 'male' } },
            { id: 'c-2', fio: 'Соколова Мария Андреевна', avatar: null, gender: { code: 'female' } },
            { id: 'c-3', fio: 'Соколов Илья Андреевич', avatar: null, gender: { code: 'male' } },
          ],
        }),
      ),
      answer('SwitchAccount', () =>
        HttpResponse.json({ data: { Token: threeAthletes, RefreshToken: 'r-2', ActiveUserId: 'c-2' } }),
      ),
    );
    const user = userEvent.setup();
    const { router, store } = renderLogin();

    await enterPhone(user);
    await user.type(await screen.findByRole('textbox', { name: /Код подтверждения/ }), '654321');

    expect(await screen.findByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
    expect(await screen.findByText('Соколова Мария Андреевна')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Выбрать' })[1] as HTMLElement);

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(received['SwitchAccount']).toEqual([{ id: 'c-2' }]);
    expect(store.getState().session.activeUserId).toBe('c-2');
    expect(store.getState().session.tokens?.refreshToken).toBe('r-2');
  });

  it('shows the server’s «Осталось попыток: N» under the code, selected for the next try', async () => {
    server.use(
      answer('LoginUser', () => HttpResponse.json(codeSent)),
      // What the api answers for a wrong code: the tries left are in the message, not in the field error.
      answer('LoginUserConfirm', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'code_invalid',
            message: 'Неверный код. Осталось попыток: 4',
            fieldErrors: { code: ['Неверный код'] },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const { router, store } = renderLogin();

    await enterPhone(user);
    const code = await screen.findByRole('textbox', { name: /Код подтверждения/ });
    await user.type(code, '000000');

    await waitFor(() => expect(code).toHaveAccessibleDescription('Неверный код. Осталось попыток: 4'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(code).toHaveProperty('selectionStart', 0);
    expect(code).toHaveProperty('selectionEnd', 6);
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.tokens).toBeNull();
  });

  it('tells the user when too many codes were asked for, and keeps the phone typed', async () => {
    server.use(
      answer('LoginUser', () =>
        HttpResponse.json(
          {
            statusCode: 429,
            code: 'too_many_requests',
            message: 'Слишком много запросов. Повторите через 60 с',
          },
          { status: 429, headers: { 'Retry-After': '60' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderLogin();

    await enterPhone(user, '9009998877');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Слишком много запросов. Повторите через 60 с',
    );
    expect(screen.getByRole('textbox', { name: /Телефон/ })).toHaveValue('(900) 999-88-77');
  });

  it('goes from the phone to the code to the account from the keyboard alone', async () => {
    server.use(
      answer('LoginUser', () => HttpResponse.json(codeSent)),
      answer('LoginUserConfirm', () =>
        HttpResponse.json({ data: { Token: threeAthletes, RefreshToken: 'r-1' } }),
      ),
      http.get('*/api/auth/LinkedAccounts', () => HttpResponse.json({ data: family })),
      answer('SwitchAccount', () =>
        HttpResponse.json({ data: { Token: threeAthletes, RefreshToken: 'r-2', ActiveUserId: 'p-1' } }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderLogin();

    const phone = screen.getByRole('textbox', { name: /Телефон/ });
    await waitFor(() => expect(phone).toHaveFocus());
    await user.keyboard('9001234567');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Получить код' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');

    const code = await screen.findByRole('textbox', { name: /Код подтверждения/ });
    expect(code).toHaveFocus();
    await user.keyboard('123456');

    expect(await screen.findByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
    const first = await screen.findByRole('button', { name: 'Выбрать', description: family[0]?.fio });
    await waitFor(() => expect(first).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Выбрать', description: family[1]?.fio })).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(received['SwitchAccount']).toEqual([{ id: 'p-1' }]);
  });

  it('comes back to the account choice after a reload, and still returns to the remembered page', async () => {
    server.use(
      answer('LoginUser', () => HttpResponse.json(codeSent)),
      answer('LoginUserConfirm', () =>
        HttpResponse.json({ data: { Token: threeAthletes, RefreshToken: 'r-1' } }),
      ),
      http.get('*/api/auth/LinkedAccounts', () => HttpResponse.json({ data: family })),
      answer('SwitchAccount', () =>
        HttpResponse.json({ data: { Token: threeAthletes, RefreshToken: 'r-2', ActiveUserId: 'c-3' } }),
      ),
    );
    const user = userEvent.setup();
    const before = renderLogin('/competitions/42');
    await enterPhone(user);
    await user.type(await screen.findByRole('textbox', { name: /Код подтверждения/ }), '654321');
    expect(await screen.findByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
    before.unmount();

    // The reload: a new store seeded from storage, as the portal starts.
    const after = renderPortal(<LoginPage />, { path: '/login', session: preloadedSession() });
    expect(screen.getByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
    expect(after.store.getState().session.signingIn).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'Выбрать', description: family[2]?.fio }));

    await waitFor(() => expect(after.router.state.location.pathname).toBe('/competitions/42'));
    expect(after.store.getState().session.activeUserId).toBe('c-3');
    await waitFor(() => expect(after.store.getState().session.signingIn).toBe(false));
    expect(preloadedSession()).toMatchObject({ signingIn: false, redirectTo: null, activeUserId: 'c-3' });
  });

  it('sends no code to a number without a login but offers to register with it', async () => {
    server.use(
      answer('LoginUser', () =>
        HttpResponse.json(
          {
            statusCode: 404,
            code: 'phone_not_registered',
            message: 'Этот номер не зарегистрирован',
            fieldErrors: { phone: ['Этот номер не зарегистрирован'] },
          },
          { status: 404 },
        ),
      ),
      answer('PhoneStatus', () => HttpResponse.json({ data: { registered: false } })),
      http.post('*/api/dadata/address', () => HttpResponse.json({ suggestions: [] })),
    );
    const user = userEvent.setup();
    const { router } = renderPortal(<LoginPage />, {
      path: '/login',
      routes: [
        { path: '/register', element: <RegisterPage /> },
        { path: '/register-org', element: <RegisterOrgPage /> },
      ],
    });

    await enterPhone(user);
    const notice = await screen.findByRole('status');
    await waitFor(() => expect(notice).toHaveTextContent('Этот номер не зарегистрирован'));
    expect(screen.queryByText(/Мы отправили код/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Вход' })).toBeVisible();
    // The next stop of the keyboard after the number is the way to register.
    screen.getByRole('textbox', { name: /Телефон/ }).focus();
    await user.tab();
    expect(within(notice).getByRole('link', { name: 'Зарегистрироваться' })).toHaveFocus();

    // Another number is a new question: the notice goes.
    await user.type(screen.getByRole('textbox', { name: /Телефон/ }), '{Backspace}');
    expect(notice).toBeEmptyDOMElement();
    await user.type(screen.getByRole('textbox', { name: /Телефон/ }), '7');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(notice).toHaveTextContent('Этот номер не зарегистрирован'));

    await user.click(within(notice).getByRole('link', { name: 'Зарегистрироваться' }));
    expect(await screen.findByRole('heading', { name: 'Регистрация спортсмена' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getByRole('textbox', { name: /Телефон/ })).toHaveValue('(900) 123-45-67');
    // The address does not carry the number.
    expect(router.state.location.search).toBe('');

    // Back on the sign-in, the organization is offered the same way.
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeVisible();
    await enterPhone(user, '9001112233');
    await user.click(
      within(await screen.findByRole('status')).getByRole('link', { name: 'Зарегистрировать организацию' }),
    );
    expect(await screen.findByRole('heading', { name: 'Регистрация организации' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Телефон/ })).toHaveValue('(900) 111-22-33');
    expect(received['LoginUser']).toHaveLength(3);
  });
});
