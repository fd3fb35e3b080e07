import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { LoginPage } from './login-page';
import { RegisterOrgPage } from './register-org-page';
import { handOverPhone } from '../lib/phone-hand-over';
import { RegisterPage } from './register-page';
import { fakeAccessToken, platformRecords, renderPortal, setupPortalServer, signedInAs } from '../testing';

const token = fakeAccessToken({
  Sportsman: 'new-1',
  ContractorType: 'sportsman',
  exp: Math.floor(Date.now() / 1000) + 900,
});
const kazan = {
  value: 'г Казань',
  unrestricted_value: 'г Казань',
  data: { city: 'Казань', settlement: null },
};
const sent: Record<string, unknown[]> = {};

const server = setupPortalServer(
  platformRecords('sportsman'),
  http.post('*/api/dadata/address', () => HttpResponse.json({ suggestions: [kazan] })),
  http.post('*/api/auth/PhoneStatus', () => HttpResponse.json({ data: { registered: false } })),
  http.get('*/api/auth/LinkedAccounts', () =>
    HttpResponse.json({
      data: [{ id: 'new-1', fio: 'Орлова Дарья', avatar: null, gender: { code: 'female' } }],
    }),
  ),
);
afterEach(() => {
  for (const key of Object.keys(sent)) delete sent[key];
});

function record(path: string, answer: () => Response) {
  return http.post(`*/api/auth/${path}`, async ({ request }) => {
    (sent[path] ??= []).push(await request.json());
    return answer();
  });
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

/** The live region under the phone, once it says `text`. */
async function noticeSaying(text: string): Promise<HTMLElement> {
  const title = await screen.findByText(text);
  const region = title.closest<HTMLElement>('[role="status"]');
  if (!region) throw new Error('The notice is not in a live region');
  return region;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/Телефон/), '9005554433');
  await user.type(field(/Фамилия/), 'Орлова');
  await user.type(field(/^Имя/), 'Дарья');
  await user.click(screen.getByRole('checkbox', { name: 'Нет отчества' }));
  await user.type(screen.getByRole('combobox', { name: /Город/ }), 'каз');
  await user.click(await screen.findByRole('option', { name: /Казань/ }));
  await user.click(screen.getByRole('radio', { name: 'Женский' }));
  await user.type(field(/Дата рождения/), '02022002');
}

describe('RegisterPage for someone signed in', () => {
  it('says who is signed in and opens the add-account dialog for an athlete', async () => {
    const user = userEvent.setup();
    const { router } = renderPortal(<RegisterPage />, { path: '/register', session: signedInAs('p-1') });
    expect(screen.getByRole('heading', { level: 1, name: 'Регистрация спортсмена' })).toBeVisible();
    expect(screen.getByText('Вы уже вошли на портал.')).toBeVisible();
    expect(screen.getByText('Соколов Андрей')).toBeVisible();
    expect(screen.getByText('Спортсмен')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /Телефон/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Добавить нового спортсмена' }));
    expect(await screen.findByRole('dialog', { name: 'Добавление нового аккаунта' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('signs out where it stands, and the form is there to fill', async () => {
    server.use(http.post('*/api/auth/Logout', () => HttpResponse.json({ data: { loggedOut: true } })));
    const user = userEvent.setup();
    const { router, store } = renderPortal(<RegisterPage />, {
      path: '/register',
      session: signedInAs('p-1'),
    });
    await user.click(screen.getByRole('button', { name: 'Выйти' }));
    expect(await screen.findByRole('textbox', { name: /Телефон/ })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/register');
    expect(store.getState().session.tokens).toBeNull();
  });

  it('offers an organization only to sign out, on either registration', () => {
    renderPortal(<RegisterOrgPage />, {
      path: '/register-org',
      session: signedInAs('org-1', 'organization'),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Регистрация организации' })).toBeVisible();
    expect(screen.getByText('Организация')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Добавить нового спортсмена' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeVisible();
  });
});

describe('RegisterPage', () => {
  it('registers a person: agreements required, code confirmed, lands on /profile', async () => {
    server.use(
      record('RegisterUser', () =>
        HttpResponse.json({ data: { codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 } }),
      ),
      record('RegisterUserConfirm', () => HttpResponse.json({ data: { Token: token, RefreshToken: 'r-1' } })),
    );
    const user = userEvent.setup();
    const { router, store } = renderPortal(<RegisterPage />, { path: '/register' });

    expect(screen.getByRole('link', { name: 'пользовательское соглашение' })).toHaveAttribute(
      'href',
      `/documents/${sandboxPublicConfig.offerDocumentIds.user}`,
    );
    expect(screen.getByRole('link', { name: 'соглашение спортсмена' })).toHaveAttribute('target', '_blank');

    await fillForm(user);
    const submit = screen.getByRole('button', { name: 'Получить код' });
    await user.click(screen.getByRole('checkbox', { name: /пользовательское соглашение/ }));
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /соглашение спортсмена/ }));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await user.type(await screen.findByRole('textbox', { name: /Код подтверждения/ }), '424242');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    // Signed in from this page: it never showed itself as opened by someone signed in.
    expect(screen.queryByText('Вы уже вошли на портал.')).toBeNull();
    await waitFor(() => expect(store.getState().session.signingIn).toBe(false));
    expect(sent['RegisterUser']).toEqual([
      {
        phone: '+79005554433',
        person: {
          lastName: 'Орлова',
          firstName: 'Дарья',
          middleName: '',
          birthDate: '2002-02-02',
          city: 'Казань',
          gender: 'female',
        },
        acceptUserAgreement: true,
        acceptSportsmanAgreement: true,
      },
    ]);
    expect(sent['RegisterUserConfirm']).toEqual([{ phone: '+79005554433', code: '424242' }]);
    expect(store.getState().session.tokens?.token).toBe(token);
  });

  it('puts the server’s field error under its field and keeps everything typed', async () => {
    server.use(
      record('RegisterUser', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'bad_request',
            message: 'Неверные данные',
            fieldErrors: { 'person.lastName': ['Минимум 2 символов'] },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPortal(<RegisterPage />, { path: '/register' });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /пользовательское соглашение/ }));
    await user.click(screen.getByRole('checkbox', { name: /соглашение спортсмена/ }));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    await waitFor(() => expect(field(/Фамилия/)).toHaveAccessibleDescription('Минимум 2 символов'));
    expect(field(/Фамилия/)).toHaveValue('Орлова');
    expect(field(/Дата рождения/)).toHaveValue('02.02.2002');
  });

  it('says at the phone that a number is already registered, and signs in with it', async () => {
    server.use(
      record('PhoneStatus', () => HttpResponse.json({ data: { registered: true } })),
      record('LoginUser', () =>
        HttpResponse.json({ data: { codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 } }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderPortal(<RegisterPage />, {
      path: '/register',
      routes: [{ path: '/login', element: <LoginPage /> }],
    });

    await user.type(field(/Телефон/), '900555443');
    expect(screen.queryByText('Этот номер уже зарегистрирован')).toBeNull();
    await user.type(field(/Телефон/), '3');
    const notice = await noticeSaying('Этот номер уже зарегистрирован');
    // Asked once the number was complete, not on every digit.
    expect(sent['PhoneStatus']).toEqual([{ phone: '+79005554433' }]);

    await user.click(within(notice).getByRole('link', { name: 'Войти по этому номеру' }));
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(field(/Телефон/)).toHaveValue('(900) 555-44-33');
    expect(field(/Телефон/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/Мы отправили код/)).toBeVisible();
    expect(sent['LoginUser']).toEqual([{ phone: '+79005554433' }]);
  });

  it('says the same at the phone when the registration is refused as taken, and goes there', async () => {
    server.use(
      // The hint could not be had (a limit): no hint, the form goes on.
      record('PhoneStatus', () =>
        HttpResponse.json(
          { statusCode: 429, code: 'too_many_requests', message: 'Слишком много запросов. Попробуйте позже' },
          { status: 429 },
        ),
      ),
      record('RegisterUser', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'phone_taken',
            message: 'Этот номер уже зарегистрирован',
            fieldErrors: { phone: ['Этот номер уже зарегистрирован'] },
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPortal(<RegisterPage />, { path: '/register' });
    await fillForm(user);
    expect(sent['PhoneStatus']).toHaveLength(1);
    expect(screen.queryByText('Этот номер уже зарегистрирован')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /пользовательское соглашение/ }));
    await user.click(screen.getByRole('checkbox', { name: /соглашение спортсмена/ }));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    const notice = await noticeSaying('Этот номер уже зарегистрирован');
    expect(within(notice).getByRole('link', { name: 'Войти по этому номеру' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(field(/Телефон/)).toHaveFocus();
    expect(screen.queryByText(/Мы отправили код/)).toBeNull();
    expect(field(/Фамилия/)).toHaveValue('Орлова');
  });

  it('checks the names by the add-account rules of spec §5: the length, not a letters-only pattern', async () => {
    const user = userEvent.setup();
    renderPortal(<RegisterPage />, { path: '/register' });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /пользовательское соглашение/ }));
    await user.click(screen.getByRole('checkbox', { name: /соглашение спортсмена/ }));
    const submit = screen.getByRole('button', { name: 'Получить код' });
    await waitFor(() => expect(submit).toBeEnabled());

    await user.clear(field(/^Имя/));
    await user.type(field(/^Имя/), 'Ив4н');
    await user.clear(field(/Фамилия/));
    await user.type(field(/Фамилия/), 'П');
    await user.tab();
    await waitFor(() => expect(field(/Фамилия/)).toHaveAccessibleDescription('Минимум 2 символов'));
    expect(field(/^Имя/)).not.toHaveAccessibleDescription();
    expect(submit).toBeDisabled();
    expect(sent['RegisterUser']).toBeUndefined();
  });

  it('starts with the number the sign-in found without a login, once', () => {
    handOverPhone({ country: 'BY', digits: '291234567' });
    const first = renderPortal(<RegisterPage />, { path: '/register' });
    expect(field(/Телефон/)).toHaveValue('(291) 234-56-7');
    expect(screen.getByRole('combobox', { name: 'Код страны' })).toHaveValue('BY');
    first.unmount();
    // A later visit starts empty: the number was taken.
    renderPortal(<RegisterPage />, { path: '/register' });
    expect(field(/Телефон/)).toHaveValue('');
  });
});
