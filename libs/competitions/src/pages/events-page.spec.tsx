import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  platformScript,
  renderPortal,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import type { EventSummary } from '@fed/contracts';
import { eventSummary, requestView, rub } from '../testing/fixtures';
import { EventsPage } from './events-page';

const server = setupPortalServer();

const kazanCup = eventSummary();
const moscowOpen = eventSummary({
  __id: 'ev-2',
  __name: 'Открытое первенство Москвы',
  date_start: '2099-11-30T07:00:00Z',
  date_end: '2099-12-02T15:00:00Z',
  registration_deadline: '2020-11-20T20:59:00Z',
  gorod: 'Москва',
  discipline: [{ code: 'kata_team', name: 'Ката командное' }],
  level: [{ code: 'national', name: 'Всероссийское' }],
  organizerName: 'Федерация Москвы',
  fee: rub(2000),
  places_limit: 0,
});

/** Answers `getEvents` with these events as the whole list, and records what was asked. */
function serveEvents(events: EventSummary[], total = events.length) {
  const asked: Record<string, unknown>[] = [];
  server.use(
    platformScript('getEvents', (input) => {
      asked.push(input as Record<string, unknown>);
      return HttpResponse.json({ success: true, result: events, total });
    }),
  );
  return asked;
}

const renderList = (path = '/competitions', session = {}) =>
  renderPortal(<EventsPage />, { route: '/competitions', path, session });

const searchOf = (router: ReturnType<typeof renderList>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('EventsPage', () => {
  it('lists events as cards with dates, place, disciplines, level, organizer, fee, places and deadline', async () => {
    const asked = serveEvents([kazanCup, moscowOpen]);
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'Мероприятия' })).toBeVisible();
    expect(await screen.findByText('Найдено 2 мероприятия')).toBeVisible();
    expect(asked[0]).toEqual({ when: 'upcoming', from: 0, size: 20 });

    const cup = screen.getByRole('article', { name: 'Кубок Казани по каратэ' });
    expect(within(cup).getByRole('link', { name: 'Кубок Казани по каратэ' })).toHaveAttribute(
      'href',
      '/competitions/ev-1',
    );
    expect(within(cup).getByText('12–14 декабря 2099')).toBeVisible();
    expect(within(cup).getByText('Казань')).toBeVisible();
    expect(within(cup).getByText('Кумитэ')).toBeVisible();
    expect(within(cup).getByText('Ката')).toBeVisible();
    expect(within(cup).getByText('Региональное')).toBeVisible();
    expect(within(cup).getByRole('link', { name: 'Клуб «Сэмпай»' })).toHaveAttribute(
      'href',
      '/profile/org-1',
    );
    expect(within(cup).getByText('от 1 500 ₽')).toBeVisible();
    expect(within(cup).getByText('Осталось мест: 60')).toBeVisible();
    expect(within(cup).getByText('Приём заявок до 5 декабря 2099')).toBeVisible();

    const open = screen.getByRole('article', { name: 'Открытое первенство Москвы' });
    expect(within(open).getByText('30 ноября – 2 декабря 2099')).toBeVisible();
    expect(within(open).getByText('Приём заявок закрыт')).toBeVisible();
    expect(within(open).queryByText(/Осталось мест/)).toBeNull();
  });

  it('marks a cancelled event and does not invite applications to it', async () => {
    serveEvents([eventSummary({ cancelled: true })]);
    renderList();
    const cup = await screen.findByRole('article', { name: 'Кубок Казани по каратэ' });
    expect(within(cup).getByText('Отменено')).toBeVisible();
    expect(within(cup).getByText('Приём заявок закрыт')).toBeVisible();
    expect(within(cup).queryByText(/Осталось мест/)).toBeNull();
  });

  it('marks the events the signed-in athlete has applied to, from one request for the whole list', async () => {
    serveEvents([kazanCup, moscowOpen]);
    let asked = 0;
    server.use(
      platformScript('getMyRequestList', () => {
        asked += 1;
        return HttpResponse.json({
          success: true,
          result: [
            requestView({ __id: 'rq-1', competition: ['ev-1'], requestState: 'under_review' }),
            requestView({ __id: 'rq-2', competition: ['ev-2'], requestState: 'rejected' }),
          ],
          total: 2,
        });
      }),
    );
    renderList('/competitions', signedInAs('sp-1'));

    const cup = await screen.findByRole('article', { name: 'Кубок Казани по каратэ' });
    expect(await within(cup).findByText('Заявка подана')).toBeVisible();
    // A rejected request no longer counts: the athlete may apply again.
    const open = screen.getByRole('article', { name: 'Открытое первенство Москвы' });
    expect(within(open).queryByText('Заявка подана')).toBeNull();
    expect(asked).toBe(1);
  });

  it('asks nothing about applications for a guest', async () => {
    serveEvents([kazanCup]);
    renderList();
    await screen.findByRole('article', { name: 'Кубок Казани по каратэ' });
    // Any getMyRequestList call would fail the test: unhandled requests are errors here.
    expect(screen.queryByText('Заявка подана')).toBeNull();
  });

  it('reads every filter and the page from the address and asks the platform for exactly that', async () => {
    const asked = serveEvents([kazanCup], 41);
    renderList(
      '/competitions?q=кубок&from=2099-12-01&to=2099-12-31&city=Казань&discipline=kata&when=all&page=2',
    );

    expect(await screen.findByText('Найдено 41 мероприятие')).toBeVisible();
    expect(asked[0]).toEqual({
      search: 'кубок',
      dateFrom: '2099-12-01',
      dateTo: '2099-12-31',
      city: 'Казань',
      discipline: 'kata',
      when: 'all',
      from: 20,
      size: 20,
    });
    expect(screen.getByRole('searchbox', { name: 'Поиск мероприятий' })).toHaveValue('кубок');
    expect(screen.getByRole('radio', { name: 'Все' })).toBeChecked();
    // On a phone the other filters fold away under 'Фильтры', with how many are set.
    await userEvent.click(screen.getByRole('button', { name: 'Фильтры (3)' }));
    expect(screen.getByRole('button', { name: /Даты/ })).toHaveAccessibleName('Даты 1–31 декабря 2099');
    expect(screen.getByRole('combobox', { name: 'Город' })).toHaveValue('Казань');
    expect(screen.getByRole('combobox', { name: 'Дисциплина' })).toHaveValue('kata');
  });

  it('writes each filter change into the address and starts again from the first page', async () => {
    const asked = serveEvents([kazanCup], 45);
    const user = userEvent.setup();
    const { router } = renderList('/competitions?page=3');
    await screen.findByText('Найдено 45 мероприятий');

    await user.click(screen.getByRole('radio', { name: 'Прошедшие' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ when: 'past' }));

    await user.click(screen.getByRole('button', { name: 'Фильтры' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Дисциплина' }), 'kumite');
    await waitFor(() => expect(searchOf(router)).toEqual({ when: 'past', discipline: 'kumite' }));

    await user.type(screen.getByRole('searchbox', { name: 'Поиск мероприятий' }), 'кубок');
    await waitFor(() => expect(searchOf(router)).toEqual({ when: 'past', discipline: 'kumite', q: 'кубок' }));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        search: 'кубок',
        discipline: 'kumite',
        when: 'past',
        from: 0,
        size: 20,
      }),
    );

    // Back returns to the previous list, the search box included.
    router.navigate(-1);
    await waitFor(() => expect(searchOf(router)).toEqual({ when: 'past' }));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Поиск мероприятий' })).toHaveValue(''));
  });

  it('takes the city from a suggestion and the dates from the calendar', async () => {
    serveEvents([kazanCup]);
    server.use(
      http.post('*/api/dadata/address', () =>
        HttpResponse.json({
          suggestions: [
            { value: 'г Казань', unrestricted_value: 'Респ Татарстан, г Казань', data: { city: 'Казань' } },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderList('/competitions?from=2099-06-10&to=2099-06-12');
    await screen.findByText('Найдено 1 мероприятие');
    await user.click(screen.getByRole('button', { name: 'Фильтры (1)' }));

    await user.type(screen.getByRole('combobox', { name: 'Город' }), 'каз');
    await user.click(await screen.findByRole('option', { name: 'г Казань' }));
    await waitFor(() => expect(searchOf(router)).toMatchObject({ city: 'Казань' }));

    await user.click(screen.getByRole('button', { name: 'Даты 10–12 июня 2099' }));
    const calendar = await screen.findByRole('dialog', { name: 'Выбор дат' });
    await user.click(within(calendar).getByRole('button', { name: /20 июня 2099/ }));
    await user.click(within(calendar).getByRole('button', { name: /22 июня 2099/ }));
    await waitFor(() =>
      expect(searchOf(router)).toEqual({ city: 'Казань', from: '2099-06-20', to: '2099-06-22' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Выбор дат' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Даты 20–22 июня 2099' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Сбросить даты' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ city: 'Казань' }));
    expect(screen.getByRole('button', { name: 'Даты Любые даты' })).toBeVisible();
  });

  it('pages through the list with numbered links kept in the address', async () => {
    const asked = serveEvents([kazanCup], 45);
    const user = userEvent.setup();
    const { router } = renderList('/competitions?when=all');
    await screen.findByText('Найдено 45 мероприятий');

    const pager = screen.getByRole('navigation', { name: 'Страницы списка' });
    expect(within(pager).getByRole('link', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('link', { name: 'Страница 3' })).toHaveAttribute(
      'href',
      '/competitions?when=all&page=3',
    );
    expect(within(pager).getByText('Страница 1 из 3')).toBeInTheDocument();

    await user.click(within(pager).getByRole('link', { name: 'Вперёд' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ when: 'all', page: '2' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ from: 20, size: 20 }));
    const nextPager = await screen.findByRole('navigation', { name: 'Страницы списка' });
    expect(within(nextPager).getByRole('link', { name: 'Страница 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows skeleton cards while loading', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.use(platformScript('getEvents', () => new Promise<Response>((resolve) => (answer = resolve))));
    const { container } = renderList();
    expect(await screen.findByText('Загрузка мероприятий…')).toBeInTheDocument();
    expect(container.querySelectorAll('ul[aria-hidden="true"] > li')).toHaveLength(6);
    answer(HttpResponse.json({ success: true, result: [kazanCup], total: 1 }));
    expect(await screen.findByRole('article', { name: 'Кубок Казани по каратэ' })).toBeVisible();
  });

  it('says when nothing is found and resets the filters', async () => {
    serveEvents([]);
    const user = userEvent.setup();
    const { router } = renderList('/competitions?q=нет такого&discipline=kata');
    expect(await screen.findByText('Мероприятия не найдены')).toBeVisible();

    const resets = screen.getAllByRole('button', { name: 'Сбросить фильтры' });
    await user.click(resets[resets.length - 1] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Поиск мероприятий' })).toHaveValue(''));
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let failing = true;
    server.use(
      platformScript('getEvents', () =>
        failing
          ? apiError(502, 'Платформа: ошибка 500', 'upstream_failed')
          : HttpResponse.json({ success: true, result: [kazanCup], total: 1 }),
      ),
    );
    const user = userEvent.setup();
    renderList();

    expect(await screen.findByText('Не удалось загрузить мероприятия')).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('article', { name: 'Кубок Казани по каратэ' })).toBeVisible();
  });
});
