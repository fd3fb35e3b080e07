import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadAt } from '../lib/page-reload';
import type { SessionState } from '../model/session-slice';
import { AccountSideMenu } from './account-side-menu';
import { LinkedAccountChoice } from './linked-account-choice';
import { UserMenu } from './user-menu';
import { fakeAccessToken, platformRecords, renderPortal, setupPortalServer } from '../testing';

vi.mock('../lib/page-reload', () => ({ reloadAt: vi.fn() }));

const exp = Math.floor(Date.now() / 1000) + 900;
const familyToken = fakeAccessToken({ Sportsman: ['p-1', 'c-2', 'c-3'], ContractorType: 'sportsman', exp });
const clubToken = fakeAccessToken({ Organization: 'org-1', ContractorType: 'organization', exp });

const family: Partial<SessionState> = {
  tokens: { token: familyToken, refreshToken: 'r-1' },
  user: {
    id: 'p-1',
    contractorType: 'sportsman',
    displayName: 'Соколов Андрей Викторович',
    avatarUrl: null,
    gender: 'male',
    ageClass: null,
  },
  linkedAccounts: [
    { id: 'p-1', fio: 'Соколов Андрей Викторович', avatar: null, gender: { code: 'male' } },
    { id: 'c-2', fio: 'Соколов Матвей Андреевич', avatar: 'photo-2', gender: { code: 'male' } },
    { id: 'c-3', fio: 'Соколова Алиса Андреевна', avatar: null, gender: { code: 'female' } },
  ],
};
const club: Partial<SessionState> = { tokens: { token: clubToken, refreshToken: 'r-9' } };

setupPortalServer(
  platformRecords('sportsman'),
  http.post('*/api/auth/Logout', () => HttpResponse.json({ data: { loggedOut: true } })),
  http.post('*/api/auth/SwitchAccount', () =>
    HttpResponse.json({ data: { Token: familyToken, RefreshToken: 'r-2', ActiveUserId: 'c-3' } }),
  ),
);
afterEach(() => {
  vi.mocked(reloadAt).mockClear();
});

describe('UserMenu (wide screens)', () => {
  it('lists the other athletes, the add action and logout', async () => {
    const user = userEvent.setup();
    renderPortal(<UserMenu />, { session: family });

    await user.click(screen.getByRole('button', { name: 'Меню аккаунта: Соколов Андрей Викторович' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Выберите аккаунт')).toBeVisible();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Соколов Матвей АндреевичПереключиться',
      'Соколова Алиса АндреевнаПереключиться',
      'Добавить нового спортсмена',
      'Выйти из аккаунта',
    ]);
  });

  it('switches to another athlete and reloads /profile', async () => {
    const user = userEvent.setup();
    const { store } = renderPortal(<UserMenu />, { session: family });
    await user.click(screen.getByRole('button', { name: /Меню аккаунта/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Соколова Алиса/ }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/profile'));
    expect(store.getState().session.activeUserId).toBe('c-3');
  });

  it('opens the add-account dialog', async () => {
    const user = userEvent.setup();
    renderPortal(<UserMenu />, { session: family });
    await user.click(screen.getByRole('button', { name: /Меню аккаунта/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Добавить нового спортсмена' }));
    expect(await screen.findByRole('dialog', { name: 'Добавление нового аккаунта' })).toBeVisible();
  });

  it('logs out and goes to /', async () => {
    const user = userEvent.setup();
    const { store, router } = renderPortal(<UserMenu />, { session: family, path: '/profile' });
    await user.click(screen.getByRole('button', { name: /Меню аккаунта/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Выйти из аккаунта' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().session.tokens).toBeNull();
  });

  it('offers an organization neither switching nor adding athletes', async () => {
    const user = userEvent.setup();
    renderPortal(<UserMenu />, { session: club });
    await user.click(screen.getByRole('button', { name: 'Меню аккаунта: Организация' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Выйти из аккаунта']);
  });
});

describe('AccountSideMenu (small screens)', () => {
  it('shows the current user, "Выберите аккаунт" with each other athlete, add and logout', async () => {
    const user = userEvent.setup();
    renderPortal(<AccountSideMenu />, { session: family });

    expect(screen.getByText('Соколов Андрей Викторович')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Выбрать/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Добавить нового спортсмена' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Выбрать: Соколова Алиса Андреевна' }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/profile'));
  });

  it('shows an organization only its name and logout', () => {
    renderPortal(<AccountSideMenu />, { session: club });
    expect(screen.queryByRole('heading', { name: 'Выберите аккаунт' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Добавить нового спортсмена' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeVisible();
  });
});

describe('LinkedAccountChoice (on the public page of an athlete)', () => {
  it('offers to act as another athlete of the login, and switches to them with /profile reloaded', async () => {
    const user = userEvent.setup();
    const { store } = renderPortal(<LinkedAccountChoice id="c-3" />, { session: family });
    expect(screen.getByText('Этот спортсмен привязан к вашему номеру телефона')).toBeVisible();
    expect(screen.getByText(/от имени аккаунта «Соколов Андрей Викторович»/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Выбрать этот аккаунт' }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/profile'));
    expect(store.getState().session.activeUserId).toBe('c-3');
  });

  it('says nothing on the page of an athlete of another login, or of the active one', () => {
    const { container } = renderPortal(
      <>
        <LinkedAccountChoice id="someone-else" />
        <LinkedAccountChoice id="p-1" />
      </>,
      { session: family },
    );
    expect(container).toBeEmptyDOMElement();
  });
});
