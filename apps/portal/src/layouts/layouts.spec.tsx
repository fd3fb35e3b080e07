import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkedAccountsLoaded, tokensReceived, userLoaded } from '@fed/auth-session';
import { fakeAccessToken, renderPortal } from '@fed/auth-session/testing';
import { http, HttpResponse } from 'msw';
import { createPortalStore } from '../app/store';
import { portalServer } from '../testing/portal-server';
import { DynamicLayout } from './dynamic-layout';
import { SignedInLayout } from './signed-in-layout';

function stubWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)/.exec(query)?.[1] ?? 0);
    return { matches: width >= min, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() };
  });
}

function signedInStore() {
  const store = createPortalStore();
  const exp = Math.floor(Date.now() / 1000) + 900;
  store.dispatch(
    tokensReceived({
      token: fakeAccessToken({ Sportsman: ['p-1', 'c-2'], ContractorType: 'sportsman', exp }),
      refreshToken: 'r',
    }),
  );
  store.dispatch(
    userLoaded({
      id: 'p-1',
      contractorType: 'sportsman',
      displayName: 'Соколов Андрей',
      avatarUrl: null,
      gender: 'male',
      ageClass: null,
    }),
  );
  store.dispatch(
    linkedAccountsLoaded([
      { id: 'p-1', fio: 'Соколов Андрей', avatar: null, gender: { code: 'male' } },
      { id: 'c-2', fio: 'Соколов Матвей', avatar: null, gender: { code: 'male' } },
    ]),
  );
  return store;
}

function renderLayout(layout: ReactElement, store = signedInStore(), name?: string) {
  renderPortal(
    [{ element: layout, children: [{ path: '/page', handle: { name }, element: <h1>Содержимое</h1> }] }],
    { store, path: '/page' },
  );
}

// The bell asks for the unread count on every signed-in page.
beforeEach(() => {
  portalServer.use(http.get('*/api/notices/unread', () => HttpResponse.json({ unread: 3 })));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('signed-in layout', () => {
  it('on wide screens shows the side bar, the route name (default Личный кабинет) and the user menu', () => {
    stubWidth(1280);
    renderLayout(<SignedInLayout />);
    const nav = screen.getByRole('navigation', { name: 'Основное меню' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Личный кабинет', 'Мероприятия', 'Федерация', 'Спортсмены', 'Организации', 'Помощь']);
    expect(screen.getByRole('banner')).toHaveTextContent('Личный кабинет');
    expect(screen.getByRole('button', { name: 'Меню аккаунта: Соколов Андрей' })).toBeVisible();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('on wide screens shows the notices bell with the unread count in the header', async () => {
    stubWidth(1280);
    renderLayout(<SignedInLayout />);
    const bell = await within(screen.getByRole('banner')).findByRole('link', {
      name: 'Уведомления, 3 непрочитанных',
    });
    expect(bell).toHaveAttribute('href', '/notices');
    expect(bell).toHaveTextContent('3');
  });

  it('on small screens keeps the bell in the header and lists it first in the side menu', async () => {
    stubWidth(375);
    const user = userEvent.setup();
    renderLayout(<SignedInLayout />);
    await within(screen.getByRole('banner')).findByRole('link', { name: 'Уведомления, 3 непрочитанных' });
    await user.click(screen.getByRole('button', { name: 'Открыть меню' }));
    const menu = screen.getByRole('navigation', { name: 'Меню' });
    expect(within(menu).getAllByRole('link')[0]).toHaveAccessibleName('Уведомления, 3 непрочитанных');
    expect(within(menu).getAllByRole('link')[0]).toHaveTextContent('Уведомления');
  });

  it('names the header after the route, by the name the route table gives it', () => {
    stubWidth(1280);
    renderLayout(<SignedInLayout />, signedInStore(), 'Мероприятия');
    expect(within(screen.getByRole('banner')).getByText('Мероприятия')).toBeVisible();
  });

  it('on small screens opens a side menu with the accounts and locks the page scroll', async () => {
    stubWidth(375);
    const user = userEvent.setup();
    renderLayout(<SignedInLayout footer={false} />);
    expect(screen.queryByRole('button', { name: /Меню аккаунта/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Открыть меню' }));
    expect(screen.getByRole('heading', { name: 'Выберите аккаунт' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Выбрать: Соколов Матвей' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Добавить нового спортсмена' })).toBeVisible();
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

describe('dynamic layout', () => {
  it('is the guest layout for a guest and the signed-in one for a user', () => {
    stubWidth(1280);
    renderLayout(<DynamicLayout />, createPortalStore());
    expect(screen.getByRole('link', { name: 'Войти' })).toBeVisible();
  });

  it('shows the user menu when signed in (the signed-in frame loads on demand)', async () => {
    stubWidth(1280);
    renderLayout(<DynamicLayout />);
    expect(await screen.findByRole('button', { name: /Меню аккаунта/ })).toBeVisible();
  });
});
