import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { platformScript, setupPortalServer } from '@fed/auth-session/testing';
import { clubCard, clubProfile } from '../../testing/registry-fixtures';
import { defaultOrganizationsFilters } from '../../model/registry-organizations';
import { defaultSportsmenFilters } from '../../model/registry-sportsmen';
import { OrganizationsFiltersIsland } from './organizations-filters-island';
import { SportsmenFiltersIsland } from './sportsmen-filters-island';

// The directories' filters as a guest's page hydrates them: alone, from the props the server wrote, with no router
// and no store; a change moves the address with the history API and shows the server's rendering of it.

/** The server's rendering of a directory's address: its results, which replace the page's. */
const pages: string[] = [];
const server = setupPortalServer(
  http.get('*/sportsmen', ({ request }) => {
    pages.push(new URL(request.url).search);
    return HttpResponse.html(
      `<main><div data-list-results=""><p role="status">Найдено 3 спортсмена</p><ul><li>Новый список</li></ul></div></main>`,
    );
  }),
  http.get('*/organizations', ({ request }) => {
    pages.push(new URL(request.url).search);
    return HttpResponse.html(
      `<main><div data-list-results=""><p role="status">Найдено: 1 организация</p></div></main>`,
    );
  }),
);

/** The page around the island: the server's results, which a change replaces. */
function page(path: string) {
  history.replaceState(null, '', path);
  document.body.innerHTML =
    '<div data-list-results=""><p role="status">Найдено 40 спортсменов</p><ul><li>Старый список</li></ul></div>';
  pages.length = 0;
}

const ageClasses = [
  { value: 'ac-kids', text: 'Дети 10–11 лет' },
  { value: 'ac-adults', text: 'Взрослые 18+' },
];

afterEach(() => history.replaceState(null, '', '/'));

describe('the athletes’ filters as an island', () => {
  it('shows the address’s filters from the server’s props: the club by name, the age classes in order', async () => {
    page('/sportsmen?club=org-1&age=ac-adults&sort=city');
    const user = userEvent.setup();
    render(
      <SportsmenFiltersIsland
        filters={{ ...defaultSportsmenFilters, club: 'org-1', ageClass: 'ac-adults', sort: 'city' }}
        ageClasses={ageClasses}
        clubName="СК «Олимп»"
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('city');
    await user.click(screen.getByRole('button', { name: /^Фильтры/ }));
    expect(screen.getByRole('combobox', { name: 'Клуб' })).toHaveValue('СК «Олимп»');
    expect(screen.getByRole('combobox', { name: 'Возрастной класс' })).toHaveValue('ac-adults');
    expect(
      within(screen.getByRole('combobox', { name: 'Возрастной класс' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Любой', 'Дети 10–11 лет', 'Взрослые 18+']);
  });

  it('writes a change into the address and shows the server’s list of it in place of the page’s', async () => {
    page('/sportsmen?page=3');
    const user = userEvent.setup();
    render(
      <SportsmenFiltersIsland
        filters={{ ...defaultSportsmenFilters, page: 3 }}
        ageClasses={ageClasses}
        clubName={null}
      />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'age_class');
    expect(location.search).toBe('?sort=age_class');
    await waitFor(() => expect(document.body).toHaveTextContent('Новый список'));
    expect(document.querySelector('[role="status"]')).toHaveTextContent('Найдено 3 спортсмена');
    expect(pages).toEqual(['?sort=age_class']);

    await user.click(screen.getByRole('button', { name: /^Фильтры/ }));
    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(location.search).toBe('');
  });

  it('finds a club by a part of its name, read as a guest, and filters by it', async () => {
    page('/sportsmen');
    const user = userEvent.setup();
    const clubs = platformScript('getOrganizations', () => ({
      success: true,
      result: [clubCard()],
      total: 1,
    }));
    server.use(clubs);
    render(
      <SportsmenFiltersIsland filters={defaultSportsmenFilters} ageClasses={ageClasses} clubName={null} />,
    );

    await user.click(screen.getByRole('button', { name: /^Фильтры/ }));
    await user.type(screen.getByRole('combobox', { name: 'Клуб' }), 'олим');
    await user.click(await screen.findByRole('option', { name: 'СК «Олимп»' }));
    expect(location.search).toBe('?club=org-1');
    expect(clubs.calls.at(-1)).toEqual({ search: 'олим', from: 0, size: 8 });
    expect(screen.getByRole('combobox', { name: 'Клуб' })).toHaveValue('СК «Олимп»');
  });

  it('names a club the page did not name once Back brings its address', async () => {
    page('/sportsmen');
    const user = userEvent.setup();
    server.use(
      platformScript('getOrganizationProfile', () => ({
        success: true,
        data: clubProfile({ __name: 'СК «Самурай»' }),
      })),
    );
    render(
      <SportsmenFiltersIsland filters={defaultSportsmenFilters} ageClasses={ageClasses} clubName={null} />,
    );
    history.pushState(null, '', '/sportsmen?club=org-2');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await user.click(screen.getByRole('button', { name: /^Фильтры/ }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Клуб' })).toHaveValue('СК «Самурай»'));
  });
});

describe('the organizations’ filters as an island', () => {
  it('searches and shows the server’s list of the new address, the search box kept', async () => {
    page('/organizations?page=2');
    const user = userEvent.setup();
    render(<OrganizationsFiltersIsland filters={{ ...defaultOrganizationsFilters, page: 2 }} />);
    const search = screen.getByRole('searchbox', { name: 'Поиск организаций' });
    await user.type(search, 'олимп');
    await waitFor(() => expect(location.search).toBe('?q=%D0%BE%D0%BB%D0%B8%D0%BC%D0%BF'));
    await waitFor(() => expect(document.querySelector('[role="status"]')).toHaveTextContent('1 организация'));
    expect(search).toHaveFocus();
    expect(search).toHaveValue('олимп');
  });
});
