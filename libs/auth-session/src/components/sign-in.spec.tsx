import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handOverPhone, handedOverPhone } from '../lib/phone-hand-over';
import { readStoredSession, writeStoredSession } from '../model/token-storage';
import { fakeAccessToken, setupPortalServer } from '../testing';
import { SignIn, type SignInProps } from './sign-in';

const exp = Math.floor(Date.now() / 1000) + 900;
const oneAthlete = fakeAccessToken({ Sportsman: 'a-1', ContractorType: 'sportsman', exp });
const twoAthletes = fakeAccessToken({ Sportsman: ['p-1', 'c-2'], ContractorType: 'sportsman', exp });
const codeSent = { data: { codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 } };

const received: Record<string, unknown[]> = {};
const server = setupPortalServer();

function answer(path: string, respond: () => Response) {
  return http.post(`*/api/auth/${path}`, async ({ request }) => {
    (received[path] ??= []).push(await request.json());
    return respond();
  });
}

/** The api's refusal, as it words one. */
const refusal = (statusCode: number, code: string, message: string) => () =>
  HttpResponse.json({ statusCode, code, message }, { status: statusCode });

const replace = vi.fn();

beforeEach(() => {
  // The island leaves by a page load: what it loads is what it asked `location.replace` for.
  vi.stubGlobal('location', { ...window.location, replace, origin: window.location.origin });
});

afterEach(() => {
  vi.unstubAllGlobals();
  replace.mockReset();
  for (const key of Object.keys(received)) delete received[key];
  sessionStorage.clear();
  localStorage.clear();
});

async function signInWith(token: string, props: SignInProps = {}) {
  server.use(
    answer('LoginUser', () => HttpResponse.json(codeSent)),
    answer('LoginUserConfirm', () => HttpResponse.json({ data: { Token: token, RefreshToken: 'r-1' } })),
  );
  const user = userEvent.setup();
  render(<SignIn {...props} />);
  await user.type(screen.getByRole('textbox', { name: /Телефон/ }), '9001234567');
  await user.click(screen.getByRole('button', { name: 'Получить код' }));
  await user.type(await screen.findByRole('textbox', { name: /Код подтверждения/ }), '123456');
  await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
  expect(received['LoginUserConfirm']).toEqual([{ phone: '+79001234567', code: '123456' }]);
  // It keeps spinning until the next page is there.
  expect(screen.getByRole('button', { name: 'Войти' })).toHaveAttribute('aria-busy', 'true');
}

describe('the sign-in as an island (no router, no store)', () => {
  it('stores the session where the app reads it and loads the cabinet', async () => {
    await signInWith(oneAthlete);
    expect(replace).toHaveBeenCalledWith('/profile');
    expect(readStoredSession()).toEqual({
      tokens: { token: oneAthlete, refreshToken: 'r-1' },
      activeUserId: null,
      signingIn: false,
      redirectTo: null,
    });
    // The server now answers this browser's pages with the app.
    expect(document.cookie).toMatch(/(^|; )fed_signed_in=1/);
  });

  it('goes on to the remembered page, once', async () => {
    writeStoredSession({ tokens: null, activeUserId: null, signingIn: false, redirectTo: '/apply/42' });
    await signInWith(oneAthlete);
    expect(replace).toHaveBeenCalledWith('/apply/42');
    expect(readStoredSession().redirectTo).toBeNull();
  });

  it('goes back to the profile page the guest came from by a link, as the routes it is given decide', async () => {
    vi.stubGlobal('location', { ...window.location, replace, pathname: '/login', search: '' });
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${window.location.origin}/profile/club-1`);
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'navigate' } as PerformanceNavigationTiming,
    ]);
    await signInWith(oneAthlete, { returnRoutes: [{ path: '/profile/:id?', guard: 'profile' }] });
    expect(replace).toHaveBeenCalledWith('/profile/club-1');
  });

  it('brings a login with several athletes back to the sign-in, where the app asks which account', async () => {
    writeStoredSession({ tokens: null, activeUserId: null, signingIn: false, redirectTo: '/apply/42' });
    await signInWith(twoAthletes);
    expect(replace).toHaveBeenCalledWith('/login');
    expect(readStoredSession()).toMatchObject({ signingIn: true, redirectTo: '/apply/42' });
  });

  it('says when a number has no login, and carries a whole number to a registration by a plain link', async () => {
    server.use(answer('LoginUser', refusal(404, 'phone_not_registered', 'Этот номер не зарегистрирован')));
    const user = userEvent.setup();
    render(<SignIn />);
    await user.type(screen.getByRole('textbox', { name: /Телефон/ }), '9001234567');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    const notice = await screen.findByRole('status');
    await waitFor(() => expect(notice).toHaveTextContent('Этот номер не зарегистрирован'));
    const register = within(notice).getByRole('link', { name: 'Зарегистрироваться' });
    expect(register).toHaveAttribute('href', '/register');
    // jsdom does not load pages: the click's own work is what is checked.
    register.addEventListener('click', (event) => event.preventDefault());
    await user.click(register);
    expect(handedOverPhone()).toEqual({ country: 'RU', digits: '9001234567' });
  });

  it('starts with a number another page handed over, and takes it once', async () => {
    handOverPhone({ country: 'BY', digits: '291234567' });
    render(<SignIn />);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Телефон/ })).toHaveValue('(291) 234-56-7'),
    );
    expect(screen.getByRole('textbox', { name: /Телефон/ })).toHaveFocus();
    expect(handedOverPhone()).toBeNull();
  });

  it('asks for a code once when the button is pressed twice, and words a refusal under the field', async () => {
    server.use(
      answer('LoginUser', () => HttpResponse.json(codeSent)),
      answer('LoginUserConfirm', refusal(400, 'code_invalid', 'Неверный код. Осталось попыток: 2')),
    );
    const user = userEvent.setup();
    render(<SignIn />);
    await user.type(screen.getByRole('textbox', { name: /Телефон/ }), '9001234567');
    const submit = screen.getByRole('button', { name: 'Получить код' });
    await user.dblClick(submit);
    const code = await screen.findByRole('textbox', { name: /Код подтверждения/ });
    expect(received['LoginUser']).toHaveLength(1);
    await user.type(code, '12345');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeDisabled();
    await user.tab();
    // Five digits are no code: nothing is sent, and the field, once left, says why.
    expect(await screen.findByText('Код состоит из 6 цифр')).toBeVisible();
    expect(received['LoginUserConfirm']).toBeUndefined();
    await user.type(code, '6');
    expect(await screen.findByText('Неверный код. Осталось попыток: 2')).toBeVisible();
    expect(received['LoginUserConfirm']).toHaveLength(1);
    expect(code).toHaveFocus();
    expect(replace).not.toHaveBeenCalled();
  });
});
