import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, platformScript, renderPortal, setupPortalServer } from '@fed/auth-session/testing';
import type { SportsmanCard } from '@fed/contracts';
import { ageClass, athleteCard, clubCard, clubProfile, minorCard } from '../testing/registry-fixtures';
import { SportsmenPage } from './sportsmen-page';

const server = setupPortalServer(
  platformScript('getAgeClasses', () => ({
    success: true,
    result: [
      ageClass({ __id: 'ac-adults', nazvanie: 'Взрослые 18+', sortirovka: 5 }),
      ageClass({ __id: 'ac-kids', nazvanie: 'Дети 10–11 лет', sortirovka: 2 }),
    ],
    total: 2,
  })),
);

/** Answers `getSportsmen` with these athletes as the whole list, and records what was asked. */
function serveAthletes(athletes: SportsmanCard[], total = athletes.length) {
  const handler = platformScript('getSportsmen', () => ({ success: true, result: athletes, total }));
  server.use(handler);
  return handler.calls;
}

const renderList = (path = '/sportsmen') => renderPortal(<SportsmenPage />, { route: '/sportsmen', path });

const searchOf = (router: ReturnType<typeof renderList>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('SportsmenPage', () => {
  it('lists athletes as cards: photo at the slot size, name and club linking to their pages, city, class, membership', async () => {
    const asked = serveAthletes([athleteCard(), minorCard()], 2);
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'Спортсмены' })).toBeVisible();
    expect(await screen.findByText('Найдено 2 спортсмена')).toBeVisible();
    expect(asked[0]).toEqual({ sort: 'name_asc', from: 0, size: 24 });

    const anna = screen.getByRole('article', { name: 'Иванова Анна Сергеевна' });
    expect(within(anna).getByRole('link', { name: 'Иванова Анна Сергеевна' })).toHaveAttribute(
      'href',
      '/profile/sp-1',
    );
    expect(within(anna).getByRole('link', { name: 'СК «Олимп»' })).toHaveAttribute('href', '/profile/org-1');
    expect(within(anna).getByText('Казань')).toBeVisible();
    expect(within(anna).getByText('Взрослые 18+')).toBeVisible();
    expect(within(anna).getByText('член федерации')).toBeVisible();
    // The 64 px slot at twice its size, through the image proxy.
    expect(anna.querySelector('img')).toHaveAttribute('src', '/api/img/w_128,h_128,f_webp/file/file-photo-1');

    // A minor without a parent's consent: the registry alone, and a neutral placeholder instead of a photo
    // (the gender is withheld too: no placeholder may guess it).
    const ilya = screen.getByRole('article', { name: 'Петров Илья Андреевич' });
    expect(ilya.querySelector('img')).toBeNull();
    expect(ilya.querySelector('[data-placeholder="sportsman-neutral"]')).not.toBeNull();
    expect(within(ilya).getByText('Дети 10–11 лет')).toBeVisible();
    expect(within(ilya).queryByText('член федерации')).toBeNull();
  });

  it('shows the placeholder by gender when a published athlete has no photo', async () => {
    serveAthletes([athleteCard({ photo: null })]);
    renderList();
    const anna = await screen.findByRole('article', { name: 'Иванова Анна Сергеевна' });
    expect(anna.querySelector('[data-placeholder="sportsman-female"]')).not.toBeNull();
  });

  it('reads search, filters, order and page from the address and asks the platform for exactly that', async () => {
    server.use(platformScript('getOrganizationProfile', () => ({ success: true, data: clubProfile() })));
    const asked = serveAthletes([athleteCard()], 61);
    renderList(
      '/sportsmen?q=иван&club=org-1&city=Казань&gender=female&age=ac-adults&member=valid&sort=city&page=2',
    );

    expect(await screen.findByText('Найдено 61 спортсмен')).toBeVisible();
    expect(asked[0]).toEqual({
      search: 'иван',
      organizationId: 'org-1',
      city: 'Казань',
      gender: 'female',
      ageClassId: 'ac-adults',
      membershipValid: true,
      sort: 'city',
      from: 24,
      size: 24,
    });
    expect(screen.getByRole('searchbox', { name: 'Поиск спортсменов' })).toHaveValue('иван');
    expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('city');
    // On a phone the filters fold away under 'Фильтры', with how many are set.
    await userEvent.click(screen.getByRole('button', { name: 'Фильтры (5)' }));
    expect(await screen.findByDisplayValue('СК «Олимп»')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Город' })).toHaveValue('Казань');
    expect(screen.getByRole('combobox', { name: 'Пол' })).toHaveValue('female');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Возрастной класс' })).toHaveValue('ac-adults'),
    );
    expect(screen.getByRole('combobox', { name: 'Членство в федерации' })).toHaveValue('valid');
  });

  it('falls back to the plain list for what a hand-edited address gets wrong', async () => {
    const asked = serveAthletes([athleteCard()]);
    renderList('/sportsmen?gender=other&sort=age&member=maybe&club=../x&page=-2');
    await screen.findByText('Найдено 1 спортсмен');
    expect(asked[0]).toEqual({ sort: 'name_asc', from: 0, size: 24 });
  });

  it('writes each filter and the order into the address and starts again from the first page', async () => {
    const user = userEvent.setup();
    const asked = serveAthletes([athleteCard()], 100);
    const { router } = renderList('/sportsmen?page=3');
    await screen.findByText('Найдено 100 спортсменов');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'age_class');
    expect(searchOf(router)).toEqual({ sort: 'age_class' });

    await user.click(screen.getByRole('button', { name: 'Фильтры' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Пол' }), 'male');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Членство в федерации' }), 'expired');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Дети 10–11 лет' })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Возрастной класс' }), 'ac-kids');
    expect(searchOf(router)).toEqual({
      sort: 'age_class',
      gender: 'male',
      member: 'expired',
      age: 'ac-kids',
    });
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        gender: 'male',
        membershipValid: false,
        ageClassId: 'ac-kids',
        sort: 'age_class',
        from: 0,
        size: 24,
      }),
    );
    // Age classes in their order (sortirovka), the youngest first.
    expect(
      within(screen.getByRole('combobox', { name: 'Возрастной класс' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Любой', 'Дети 10–11 лет', 'Взрослые 18+']);

    // Back returns to the list before the last change.
    await act(() => router.navigate(-1));
    expect(searchOf(router)).toEqual({ sort: 'age_class', gender: 'male', member: 'expired' });
  });

  it('searches 300 ms after typing stops, replacing the address entry', async () => {
    const asked = serveAthletes([athleteCard()]);
    const { router } = renderList('/sportsmen?page=2');
    await screen.findByText('Найдено 1 спортсмен');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск спортсменов' }), {
      target: { value: 'Иванова ' },
    });
    expect(searchOf(router)).toEqual({ page: '2' });
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'Иванова' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ search: 'Иванова', from: 0 }));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('finds a club by a part of its name and filters by it', async () => {
    const user = userEvent.setup();
    const clubs = platformScript('getOrganizations', () => ({
      success: true,
      result: [clubCard()],
      total: 1,
    }));
    server.use(
      clubs,
      platformScript('getOrganizationProfile', () => ({ success: true, data: clubProfile() })),
    );
    serveAthletes([athleteCard()]);
    const { router } = renderList();
    await screen.findByText('Найдено 1 спортсмен');

    await user.click(screen.getByRole('button', { name: 'Фильтры' }));
    await user.type(screen.getByRole('combobox', { name: 'Клуб' }), 'олим');
    await user.click(await screen.findByRole('option', { name: 'СК «Олимп»' }));
    expect(searchOf(router)).toEqual({ club: 'org-1' });
    expect(clubs.calls.at(-1)).toEqual({ search: 'олим', from: 0, size: 8 });
  });

  it('pages through the list with numbered links kept in the address', async () => {
    const user = userEvent.setup();
    const asked = serveAthletes([athleteCard()], 100);
    const { router } = renderList('/sportsmen?gender=female');
    await screen.findByText('Найдено 100 спортсменов');

    const pages = screen.getByRole('navigation', { name: 'Страницы списка спортсменов' });
    expect(within(pages).getByRole('link', { name: 'Страница 5' })).toHaveAttribute(
      'href',
      '/sportsmen?gender=female&page=5',
    );
    await user.click(within(pages).getByRole('link', { name: 'Страница 2' }));
    expect(searchOf(router)).toEqual({ gender: 'female', page: '2' });
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ gender: 'female', from: 24, size: 24 }));
  });

  it('shows grey cards while a page loads', async () => {
    server.use(
      platformScript('getSportsmen', async () => {
        await delay(100);
        return { success: true, result: [athleteCard()], total: 1 };
      }),
    );
    renderList();
    expect(screen.getByText('Загрузка спортсменов…')).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Иванова Анна Сергеевна' })).toBeVisible();
  });

  it('says when nothing is found and resets the filters', async () => {
    const user = userEvent.setup();
    serveAthletes([]);
    const { router } = renderList('/sportsmen?q=щщщ&city=Казань');
    expect(await screen.findByText('Спортсмены не найдены')).toBeVisible();
    expect(screen.getByText('Найдено 0 спортсменов')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Сбросить фильтры' })[0] as HTMLElement);
    expect(router.state.location.search).toBe('');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      platformScript('getSportsmen', () => {
        calls += 1;
        return calls <= 2
          ? apiError(503, 'upstream')
          : HttpResponse.json({ success: true, result: [athleteCard()], total: 1 });
      }),
    );
    renderList();
    expect(await screen.findByText('Не удалось загрузить спортсменов')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('article', { name: 'Иванова Анна Сергеевна' })).toBeVisible();
  });
});
