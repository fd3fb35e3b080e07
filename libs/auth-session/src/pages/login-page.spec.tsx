import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseApi } from '@fed/api-client';
import { contractorRecordReads } from '../testing/contractor-records';
import { fakeAccessToken } from '../testing/fake-token';
import { renderWithSession } from '../testing/render-with-session';
import { LoginPage } from './login-page';

const exp = Math.floor(Date.now() / 1000) + 900;
const oneAthlete = fakeAccessToken({ Sportsman: 'a-1', ContractorType: 'sportsman', exp });
const threeAthletes = fakeAccessToken({ Sportsman: ['p-1', 'c-2', 'c-3'], ContractorType: 'sportsman', exp });
const codeSent = { data: { codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 } };

const received: Record<string, unknown[]> = {};
// The session start-up that finishes a sign-in loads the login's athletes (spec §4).
const server = setupServer(
  contractorRecordReads(),
  http.post('*/log', () => new HttpResponse(null, { status: 204 })),
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

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  for (const key of Object.keys(received)) delete received[key];
});
afterAll(() => server.close());

function renderLogin(redirectTo: string | null = null) {
  const view = renderWithSession(<LoginPage />, { path: '/login', session: { redirectTo } });
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
    const { router, store, unbind } = renderLogin('/competitions/42');

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
    unbind();
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
    const { router, store, unbind } = renderLogin();

    await enterPhone(user);
    await user.type(await screen.findByRole('textbox', { name: /Код подтверждения/ }), '654321');

    expect(await screen.findByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
    expect(await screen.findByText('Соколова Мария Андреевна')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Выбрать' })[1] as HTMLElement);

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(received['SwitchAccount']).toEqual([{ id: 'c-2' }]);
    expect(store.getState().session.activeUserId).toBe('c-2');
    expect(store.getState().session.tokens?.refreshToken).toBe('r-2');
    unbind();
  });

  it('shows the server’s message under the code and keeps the user on the code step', async () => {
    server.use(
      answer('LoginUser', () => HttpResponse.json(codeSent)),
      answer('LoginUserConfirm', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'wrong_code',
            message: 'Неверный код',
            fieldErrors: { code: ['Неверный код. Осталось попыток: 4'] },
          },
          { status: 400 },
        ),
      ),
      http.post('*/log', () => new HttpResponse(null, { status: 204 })),
    );
    const user = userEvent.setup();
    const { router, store, unbind } = renderLogin();

    await enterPhone(user);
    await user.type(await screen.findByRole('textbox', { name: /Код подтверждения/ }), '000000');

    expect(await screen.findByText('Неверный код. Осталось попыток: 4')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.tokens).toBeNull();
    unbind();
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
      http.post('*/log', () => new HttpResponse(null, { status: 204 })),
    );
    const user = userEvent.setup();
    const { unbind } = renderLogin();

    await enterPhone(user, '9009998877');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Слишком много запросов. Повторите через 60 с',
    );
    expect(screen.getByRole('textbox', { name: /Телефон/ })).toHaveValue('(900) 999-88-77');
    unbind();
  });
});
