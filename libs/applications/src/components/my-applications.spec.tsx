import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  orderFixture,
  ordersApiHandlers,
  platformScript,
  renderPortal,
  setupPortalServer,
} from '@fed/auth-session/testing';
import type { RequestView } from '@fed/contracts';
import { daysFromNow, movedTo, requestView } from '../testing/request-view';
import { MyApplications } from './my-applications';

const server = setupPortalServer();
// Failed calls are printed besides /log; the refusals below are on purpose.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));

const athlete = { activeUserId: 'sp-1' };

/** The athlete's list as the platform keeps it; every call's input is recorded. */
function serveList(initial: RequestView[], total = initial.length) {
  const calls: Record<string, unknown>[] = [];
  let requests = initial;
  server.use(
    platformScript('getMyRequestList', (input) => {
      calls.push(input);
      return HttpResponse.json({ success: true, result: requests, total });
    }),
  );
  return {
    calls,
    replace: (next: RequestView[]) => {
      requests = next;
    },
  };
}

const card = (name: string) => screen.getByRole('article', { name });
const findCard = (name: string) => screen.findByRole('article', { name });

describe('MyApplications', () => {
  it('asks for the active athlete’s requests and sends each filter to the script', async () => {
    const user = userEvent.setup();
    const list = serveList([requestView()]);
    renderPortal(<MyApplications />, { session: athlete });

    expect(screen.getByRole('heading', { level: 2, name: 'Мои заявки' })).toBeVisible();
    await findCard('Кубок Казани по дзюдо');
    expect(list.calls.at(-1)).toEqual({
      sportsmanID: 'sp-1',
      payment_status: '',
      nomenclature_type: '',
      query: '',
      from: 0,
      size: 10,
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Статус оплаты' }), 'Возвращены деньги');
    await waitFor(() => expect(list.calls.at(-1)).toMatchObject({ payment_status: 'refunded' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Тип заявки' }), 'Фото и видео');
    await waitFor(() => expect(list.calls.at(-1)).toMatchObject({ nomenclature_type: 'photo_video' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по заявкам' }), 'кубок');
    await waitFor(() =>
      expect(list.calls.at(-1)).toEqual({
        sportsmanID: 'sp-1',
        payment_status: 'refunded',
        nomenclature_type: 'photo_video',
        query: 'кубок',
        from: 0,
        size: 10,
      }),
    );
    // Debounced: the typed letters went out as one query, not five.
    expect(list.calls.filter((call) => call['query'] !== '' && call['query'] !== 'кубок')).toEqual([]);
  });

  it('offers the words of each filter', () => {
    serveList([]);
    renderPortal(<MyApplications />, { session: athlete });
    const options = (name: string) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('Статус оплаты')).toEqual(['Все', 'Оплачена', 'Не оплачена', 'Возвращены деньги']);
    expect(options('Тип заявки')).toEqual(['Все', 'Соревнования', 'Фото и видео', 'Членство']);
  });

  it('shows a returned request with its reason, details and timeline, and what the athlete may do', async () => {
    const returned = movedTo(movedTo(requestView(), 'under_review'), 'returned', 'Нет медицинской справки');
    serveList([returned]);
    renderPortal(<MyApplications />, { session: athlete });

    const article = await findCard('Кубок Казани по дзюдо');
    const inCard = within(article);
    expect(inCard.getByRole('link', { name: 'Кубок Казани по дзюдо' })).toHaveAttribute(
      'href',
      '/competitions/comp-1',
    );
    // A three-day event reads as its days, not its first one.
    expect(inCard.getByText('22–24 ноября 2026')).toBeVisible();
    expect(inCard.getByText('Ката, юноши 12–13 лет')).toBeVisible();
    expect(inCard.getByText('Кумитэ −60 кг')).toBeVisible();
    expect(inCard.getByText('Петров Иван Сергеевич')).toBeVisible();
    expect(inCard.getByText(/2\s500\s₽/)).toBeVisible();
    expect(inCard.getByText('Не оплачена')).toBeVisible();
    expect(inCard.getAllByText('Возвращена на доработку')[0]).toBeVisible();
    expect(inCard.getByRole('note', { name: 'Причина возврата' })).toHaveTextContent(
      'Заявка возвращена на доработку. Причина: Нет медицинской справки',
    );

    const steps = within(inCard.getByRole('list', { name: 'История заявки' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Подана 10 января 2026, \d\d:\d\d$/),
      expect.stringMatching(/^На рассмотрении /),
      expect.stringMatching(/^Возвращена на доработку .*Причина: Нет медицинской справки$/),
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');

    expect(inCard.getByRole('link', { name: 'Изменить' })).toHaveAttribute('href', '/apply/edit/req-1');
    expect(inCard.getByRole('button', { name: 'Отправить повторно' })).toBeVisible();
    expect(inCard.getByRole('button', { name: 'Отменить заявку' })).toBeVisible();
  });

  it('offers per state and deadline only what may still succeed', async () => {
    serveList([
      requestView({ __id: 'open', competitionName: 'Открытая' }),
      requestView({ __id: 'closed', competitionName: 'Закрытая', registrationDeadline: daysFromNow(-1) }),
      requestView({
        __id: 'review',
        competitionName: 'На проверке',
        ...pick(movedTo(requestView(), 'under_review')),
      }),
    ]);
    renderPortal(<MyApplications />, { session: athlete });

    const open = within(await findCard('Открытая'));
    expect(open.getByRole('link', { name: 'Изменить' })).toHaveAttribute('href', '/apply/edit/open');
    expect(open.getByRole('button', { name: 'Отменить заявку' })).toBeVisible();
    expect(open.queryByRole('button', { name: 'Отправить повторно' })).toBeNull();
    expect(within(card('Закрытая')).queryByRole('link', { name: 'Изменить' })).toBeNull();
    expect(within(card('Закрытая')).queryByRole('button')).toBeNull();
    expect(within(card('На проверке')).queryByRole('button')).toBeNull();
    expect(within(card('На проверке')).queryByRole('link', { name: 'Изменить' })).toBeNull();
  });

  it('cancels only after confirmation and shows the new state at once', async () => {
    const user = userEvent.setup();
    const request = requestView({ ...pick(movedTo(requestView(), 'approved')) });
    const list = serveList([request]);
    const sent: Record<string, unknown>[] = [];
    server.use(
      platformScript('changeCompetitionRequestState', (input) => {
        sent.push(input);
        const cancelled = movedTo(request, 'cancelled');
        list.replace([cancelled]);
        return HttpResponse.json({ success: true, data: cancelled });
      }),
    );
    renderPortal(<MyApplications />, { session: athlete });

    await user.click(
      within(await findCard('Кубок Казани по дзюдо')).getByRole('button', { name: 'Отменить заявку' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Отменить заявку?' });
    expect(dialog).not.toHaveTextContent('взнос');
    await user.click(within(dialog).getByRole('button', { name: 'Не отменять' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    await user.click(within(card('Кубок Казани по дзюдо')).getByRole('button', { name: 'Отменить заявку' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Отменить заявку?' })).getByRole('button', {
        name: 'Отменить заявку',
      }),
    );
    expect(await screen.findByText('Заявка отменена')).toBeVisible();
    expect(sent).toEqual([{ requestId: 'req-1', requestState: 'cancelled' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const inCard = within(card('Кубок Казани по дзюдо'));
    expect(inCard.getAllByText('Отменена')[0]).toBeVisible();
    expect(inCard.queryByRole('button', { name: 'Отменить заявку' })).toBeNull();
  });

  it('offers «Оплатить» on a payable application before the deadline and goes to its order', async () => {
    const user = userEvent.setup();
    serveList([
      requestView({ __id: 'due', competitionName: 'К оплате', payable: true }),
      requestView({
        __id: 'late',
        competitionName: 'Поздно',
        payable: true,
        registrationDeadline: daysFromNow(-1),
      }),
      requestView({ __id: 'unsaid', competitionName: 'Не сказано' }),
    ]);
    const orders = ordersApiHandlers({ create: () => orderFixture({ id: 'order-5' }) });
    server.use(...orders.handlers);
    const { router } = renderPortal(<MyApplications />, { session: athlete });

    const due = within(await findCard('К оплате'));
    expect(due.getByText('Не оплачена')).toBeVisible();
    expect(within(card('Поздно')).queryByRole('button', { name: 'Оплатить' })).toBeNull();
    expect(within(card('Не сказано')).queryByRole('button', { name: 'Оплатить' })).toBeNull();
    await user.click(due.getByRole('button', { name: 'Оплатить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-5'));
    expect(orders.fake.created).toEqual([{ requestIds: ['due'] }]);
  });

  it('says why an order could not be made, and stays', async () => {
    const user = userEvent.setup();
    serveList([requestView({ payable: true })]);
    const orders = ordersApiHandlers({
      create: () =>
        apiError(
          409,
          'Заявка уже в заказе, оплата которого не завершена: завершите её или дождитесь отмены',
          'order_in_progress',
        ),
    });
    server.use(...orders.handlers);
    const { router, toastTexts } = renderPortal(<MyApplications />, { session: athlete });
    await user.click(
      within(await findCard('Кубок Казани по дзюдо')).getByRole('button', { name: 'Оплатить' }),
    );
    await waitFor(() => expect(toastTexts()[0]).toMatch(/оплата которого не завершена/));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a paid application as paid, in its badge, details and history', async () => {
    serveList([
      requestView({
        ...pick(movedTo(requestView(), 'under_review')),
        payment_status: 'paid',
        paid_at: '2026-01-10T09:30:00Z',
      }),
    ]);
    renderPortal(<MyApplications />, { session: athlete });
    const inCard = within(await findCard('Кубок Казани по дзюдо'));
    expect(inCard.getAllByText('Взнос оплачен')[0]).toHaveAttribute('data-tone', 'success');
    expect(inCard.getByText('Оплачена')).toBeVisible();
    const steps = within(inCard.getByRole('list', { name: 'История заявки' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Подана /),
      expect.stringMatching(/^Взнос оплачен 10 января 2026/),
      expect.stringMatching(/^На рассмотрении /),
    ]);
    expect(inCard.queryByRole('button', { name: 'Оплатить' })).toBeNull();
  });

  it('withdraws a paid application with its refund, and shows the refund', async () => {
    const user = userEvent.setup();
    const paid = requestView({
      ...pick(movedTo(requestView(), 'approved')),
      payment_status: 'paid',
      paid_at: '2026-01-10T09:30:00Z',
    });
    const list = serveList([paid]);
    const orders = ordersApiHandlers({
      refund: () => {
        list.replace([{ ...movedTo(paid, 'cancelled'), payment_status: 'refunded' }]);
        return { order: orderFixture({ status: 'refunded', refundedAmount: 150_000 }) };
      },
    });
    const stateChanges = platformScript('changeCompetitionRequestState', () => apiError(403, 'нельзя'));
    server.use(...orders.handlers, stateChanges);
    renderPortal(<MyApplications />, { session: athlete });

    await user.click(
      within(await findCard('Кубок Казани по дзюдо')).getByRole('button', {
        name: 'Отменить с возвратом взноса',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Отменить заявку?' });
    expect(dialog).toHaveTextContent('Оплаченный взнос вернётся на карту, с которой его оплатили.');
    await user.click(within(dialog).getByRole('button', { name: 'Отменить и вернуть взнос' }));
    expect(await screen.findByText('Заявка отменена, взнос возвращается на карту')).toBeVisible();
    expect(orders.fake.refunded).toEqual([{ requestId: 'req-1', body: {} }]);
    expect(stateChanges.calls).toEqual([]);
    const inCard = within(card('Кубок Казани по дзюдо'));
    await waitFor(() => expect(inCard.getByText('Взнос возвращён')).toBeVisible());
    expect(inCard.getByText('Возвращены деньги')).toBeVisible();
    expect(inCard.getByText(/^Отменена, взнос возвращён/)).toBeVisible();
  });

  it('keeps a paid application when its refund is refused, and says why', async () => {
    const user = userEvent.setup();
    serveList([requestView({ ...pick(movedTo(requestView(), 'approved')), payment_status: 'paid' })]);
    const orders = ordersApiHandlers({
      refund: () =>
        apiError(400, 'Приём заявок закрыт: после этого срока взнос не возвращается', 'not_refundable'),
    });
    server.use(...orders.handlers);
    const { toastTexts } = renderPortal(<MyApplications />, { session: athlete });
    await user.click(
      within(await findCard('Кубок Казани по дзюдо')).getByRole('button', {
        name: 'Отменить с возвратом взноса',
      }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Отменить и вернуть взнос' }),
    );
    await waitFor(() =>
      expect(toastTexts()).toContain('Приём заявок закрыт: после этого срока взнос не возвращается'),
    );
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('resubmits a returned request', async () => {
    const user = userEvent.setup();
    const returned = movedTo(movedTo(requestView(), 'under_review'), 'returned', 'Нет справки');
    serveList([returned]);
    const sent: Record<string, unknown>[] = [];
    server.use(
      platformScript('changeCompetitionRequestState', (input) => {
        sent.push(input);
        return HttpResponse.json({ success: true, data: movedTo(returned, 'under_review') });
      }),
    );
    renderPortal(<MyApplications />, { session: athlete });

    await user.click(
      within(await findCard('Кубок Казани по дзюдо')).getByRole('button', { name: 'Отправить повторно' }),
    );
    expect(await screen.findByText('Заявка отправлена повторно')).toBeVisible();
    expect(sent).toEqual([{ requestId: 'req-1', requestState: 'under_review' }]);
  });

  it('tells the platform’s reason when it refuses a change, else the generic error', async () => {
    const user = userEvent.setup();
    const returned = movedTo(movedTo(requestView(), 'under_review'), 'returned', 'Нет справки');
    serveList([returned]);
    server.use(
      platformScript('changeCompetitionRequestState', () =>
        apiError(400, 'Недопустимый переход заявки: cancelled → under_review'),
      ),
    );
    const { toasts } = renderPortal(<MyApplications />, { session: athlete });
    const resubmit = async () =>
      user.click(
        within(await findCard('Кубок Казани по дзюдо')).getByRole('button', { name: 'Отправить повторно' }),
      );

    await resubmit();
    expect(await screen.findByText('Недопустимый переход заявки: cancelled → under_review')).toBeVisible();
    expect(toasts.getSnapshot().map((toast) => toast.type)).toEqual(['error']);

    toasts.clear();
    server.use(platformScript('changeCompetitionRequestState', () => apiError(400, 'Illegal transition')));
    await resubmit();
    expect(await screen.findByText('Произошла неожиданная ошибка')).toBeVisible();
  });

  it('invites to the events when there are no requests', async () => {
    const user = userEvent.setup();
    serveList([]);
    const { router } = renderPortal(<MyApplications />, { session: athlete });
    expect(await screen.findByText('У вас пока нет заявок')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Перейти к мероприятиям' }));
    expect(router.state.location.pathname).toBe('/competitions');
  });

  it('shows skeletons while loading, then an error with a retry that works', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      platformScript('getMyRequestList', () =>
        fail
          ? apiError(502, 'Платформа: ошибка 500', 'bad_gateway')
          : HttpResponse.json({ success: true, result: [requestView()], total: 1 }),
      ),
    );
    renderPortal(<MyApplications />, { session: athlete });
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка заявок…');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить заявки');
    expect(alert).toHaveTextContent('Платформа: ошибка 500');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await findCard('Кубок Казани по дзюдо')).toBeVisible();
  });

  it('pages through the list on the server', async () => {
    const user = userEvent.setup();
    const list = serveList([requestView()], 25);
    renderPortal(<MyApplications />, { session: athlete });

    const pager = await screen.findByRole('navigation', { name: 'Страницы заявок' });
    expect(pager).toHaveTextContent('Страница 1 из 3');
    expect(within(pager).getByRole('button', { name: 'Назад' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Вперёд' }));
    await waitFor(() => expect(list.calls.at(-1)).toMatchObject({ from: 10, size: 10 }));
    expect(pager).toHaveTextContent('Страница 2 из 3');

    // A new filter starts again from the first page.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Статус оплаты' }), 'Оплачена');
    await waitFor(() => expect(list.calls.at(-1)).toMatchObject({ payment_status: 'paid', from: 0 }));
  });

  it('shows nothing without an active athlete', () => {
    const { container } = renderPortal(<MyApplications />);
    expect(container).toBeEmptyDOMElement();
  });
});

/** The state-dependent fields of a request view, to lay over a fixture. */
function pick(view: RequestView) {
  const { requestState, allowedStates, state_history } = view;
  return { requestState, allowedStates, state_history };
}
