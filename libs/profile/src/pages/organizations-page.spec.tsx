import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, platformScript, renderPortal, setupPortalServer } from '@fed/auth-session/testing';
import type { OrganizationCard } from '@fed/contracts';
import { clubCard } from '../testing/registry-fixtures';
import { OrganizationsPage } from './organizations-page';

const server = setupPortalServer(
  // City suggestions (the DaData twin's shape, through the api).
  http.post('*/api/dadata/address', () =>
    HttpResponse.json({ suggestions: [{ value: 'г Казань', data: { city: 'Казань' } }] }),
  ),
);

function serveClubs(clubs: OrganizationCard[], total = clubs.length) {
  const handler = platformScript('getOrganizations', () => ({ success: true, result: clubs, total }));
  server.use(handler);
  return handler.calls;
}

const renderList = (path = '/organizations') =>
  renderPortal(<OrganizationsPage />, { route: '/organizations', path });

const searchOf = (router: ReturnType<typeof renderList>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('OrganizationsPage', () => {
  it('lists organizations with logo, name linking to the page, city, athletes and upcoming events', async () => {
    const asked = serveClubs([
      clubCard(),
      clubCard({
        __id: 'org-2',
        __name: 'СК «Самурай»',
        logo: null,
        athletesCount: 1,
        upcomingEventsCount: 0,
      }),
    ]);
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'Организации' })).toBeVisible();
    expect(await screen.findByText('Найдено: 2 организации')).toBeVisible();
    expect(asked[0]).toEqual({ from: 0, size: 24 });

    const olimp = screen.getByRole('article', { name: 'СК «Олимп»' });
    expect(within(olimp).getByRole('link', { name: 'СК «Олимп»' })).toHaveAttribute('href', '/profile/org-1');
    expect(olimp.querySelector('img')).toHaveAttribute('src', '/api/img/w_128,h_128,f_webp/file/file-logo-1');
    expect(within(olimp).getByText('Казань')).toBeVisible();
    expect(within(olimp).getByText('21 спортсмен')).toBeVisible();
    expect(within(olimp).getByText('2 предстоящих мероприятия')).toBeVisible();

    const samurai = screen.getByRole('article', { name: 'СК «Самурай»' });
    expect(samurai.querySelector('[data-placeholder="organization"]')).not.toBeNull();
    expect(within(samurai).getByText('1 спортсмен')).toBeVisible();
    expect(within(samurai).getByText('0 предстоящих мероприятий')).toBeVisible();
  });

  it('reads the search, city and page from the address', async () => {
    const asked = serveClubs([clubCard()], 30);
    renderList('/organizations?q=олимп&city=Казань&page=2');
    expect(await screen.findByText('Найдено: 30 организаций')).toBeVisible();
    expect(asked[0]).toEqual({ search: 'олимп', city: 'Казань', from: 24, size: 24 });
    expect(screen.getByRole('searchbox', { name: 'Поиск организаций' })).toHaveValue('олимп');
    expect(screen.getByRole('combobox', { name: 'Город' })).toHaveValue('Казань');
  });

  it('writes the search and the city into the address, starting again from the first page', async () => {
    const user = userEvent.setup();
    const asked = serveClubs([clubCard()], 30);
    const { router } = renderList('/organizations?page=2');
    await screen.findByText('Найдено: 30 организаций');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск организаций' }), {
      target: { value: 'олимп' },
    });
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'олимп' }));

    await user.type(screen.getByRole('combobox', { name: 'Город' }), 'каз');
    await user.click(await screen.findByRole('option', { name: 'г Казань' }));
    expect(searchOf(router)).toEqual({ q: 'олимп', city: 'Казань' });
    await waitFor(() => expect(asked.at(-1)).toEqual({ search: 'олимп', city: 'Казань', from: 0, size: 24 }));
  });

  it('pages with links in the address', async () => {
    const user = userEvent.setup();
    serveClubs([clubCard()], 50);
    const { router } = renderList('/organizations?city=Казань');
    await screen.findByText('Найдено: 50 организаций');
    const pages = screen.getByRole('navigation', { name: 'Страницы списка организаций' });
    await user.click(within(pages).getByRole('link', { name: 'Страница 3' }));
    expect(searchOf(router)).toEqual({ city: 'Казань', page: '3' });
  });

  it('says when nothing is found, and offers a retry when the list fails', async () => {
    const user = userEvent.setup();
    serveClubs([]);
    const { router } = renderList('/organizations?q=нет');
    expect(await screen.findByText('Организации не найдены')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Сбросить фильтры' })[0] as HTMLElement);
    expect(router.state.location.search).toBe('');

    server.use(platformScript('getOrganizations', () => apiError(503, 'upstream')));
    renderList('/organizations?q=сбой');
    expect(await screen.findByText('Не удалось загрузить организации')).toBeVisible();
  });
});
