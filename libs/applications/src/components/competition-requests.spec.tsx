import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  ordersApiHandlers,
  platformScript,
  renderPortal,
  setupPortalServer,
} from '@fed/auth-session/testing';
import type { RequestState, RequestView } from '@fed/contracts';
import { movedTo, requestView } from '../testing/request-view';
import { CompetitionRequests } from './competition-requests';

const server = setupPortalServer();
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));

const organizer = { activeUserId: 'org-1' };
const underReview = movedTo(requestView(), 'under_review');

/**
 * The competition's requests as the platform keeps them: the list answers the current ones, a state change
 * moves one the way the platform would. Every input is recorded.
 */
function servePlatform(initial: RequestView[]) {
  const listCalls: Record<string, unknown>[] = [];
  const changes: Record<string, unknown>[] = [];
  let requests = initial;
  server.use(
    platformScript('getCompetitionRequests', (input) => {
      listCalls.push(input);
      return HttpResponse.json({ success: true, result: requests, total: requests.length });
    }),
    platformScript('changeCompetitionRequestState', (input) => {
      changes.push(input);
      const target = requests.find((request) => request.__id === input['requestId']);
      if (!target) return apiError(404, 'Заявка не найдена');
      const moved = movedTo(
        target,
        input['requestState'] as RequestState,
        input['reason'] as string | undefined,
      );
      requests = requests.map((request) => (request === target ? moved : request));
      return HttpResponse.json({ success: true, data: moved });
    }),
  );
  return { listCalls, changes };
}

const findRequest = () => screen.findByRole('article', { name: 'Соколов Андрей' });
const request = () => within(screen.getByRole('article', { name: 'Соколов Андрей' }));

describe('CompetitionRequests', () => {
  it('asks for the competition’s requests and sends the state filter and the search', async () => {
    const user = userEvent.setup();
    const { listCalls } = servePlatform([underReview]);
    renderPortal(<CompetitionRequests competitionId="comp-1" />, { session: organizer });

    expect(screen.getByRole('heading', { level: 3, name: 'Заявки участников' })).toBeVisible();
    expect(await findRequest()).toBeVisible();
    expect(screen.getByRole('heading', { level: 4, name: 'Соколов Андрей' })).toBeVisible();
    // The athlete's name opens their public page.
    expect(request().getByRole('link', { name: 'Соколов Андрей' })).toHaveAttribute('href', '/profile/sp-1');
    expect(listCalls.at(-1)).toEqual({
      competitionId: 'comp-1',
      requestState: '',
      query: '',
      from: 0,
      size: 10,
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Статус заявки' }), 'На рассмотрении');
    await waitFor(() => expect(listCalls.at(-1)).toMatchObject({ requestState: 'under_review' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск по участникам' }), 'Соколов');
    await waitFor(() =>
      expect(listCalls.at(-1)).toEqual({
        competitionId: 'comp-1',
        requestState: 'under_review',
        query: 'Соколов',
        from: 0,
        size: 10,
      }),
    );
  });

  it('shows the athlete, the programs, the state and the timeline', async () => {
    servePlatform([underReview]);
    renderPortal(<CompetitionRequests competitionId="comp-1" />, { session: organizer });
    await findRequest();
    expect(request().getByText('Кумитэ −60 кг')).toBeVisible();
    expect(request().getAllByText('На рассмотрении')).toHaveLength(2); // the badge and the timeline
    expect(
      within(request().getByRole('list', { name: 'История заявки' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('offers a new request for review only', async () => {
    servePlatform([requestView()]);
    renderPortal(<CompetitionRequests competitionId="comp-1" />, { session: organizer });
    await findRequest();
    expect(
      request()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Взять на рассмотрение']);
  });

  it('approves and shows the new state at once', async () => {
    const user = userEvent.setup();
    const { changes } = servePlatform([underReview]);
    renderPortal(<CompetitionRequests competitionId="comp-1" />, { session: organizer });
    await findRequest();
    expect(
      request()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Одобрить', 'Вернуть на доработку', 'Отклонить']);

    await user.click(request().getByRole('button', { name: 'Одобрить' }));
    expect(await screen.findByText('Заявка одобрена')).toBeVisible();
    expect(changes).toEqual([{ requestId: 'req-1', requestState: 'approved' }]);
    await waitFor(() => expect(request().getAllByText('Одобрена')).toHaveLength(2));
    expect(request().queryByRole('button')).toBeNull();
  });

  it('returns for correction only with a reason, which the timeline then shows', async () => {
    const user = userEvent.setup();
    const { changes } = servePlatform([underReview]);
    renderPortal(<CompetitionRequests competitionId="comp-1" />, { session: organizer });
    await findRequest();

    await user.click(request().getByRole('button', { name: 'Вернуть на доработку' }));
    const dialog = screen.getByRole('dialog', { name: 'Вернуть заявку на доработку' });
    const reason = within(dialog).getByRole('textbox', { name: /Причина/ });
    expect(within(dialog).getByRole('button', { name: 'Вернуть' })).toBeDisabled();
    await user.click(reason);
    await user.tab();
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Поле обязательно'));
    await user.type(reason, '   ');
    expect(reason).toHaveAccessibleDescription('Поле обязательно');
    expect(within(dialog).getByRole('button', { name: 'Вернуть' })).toBeDisabled();

    await user.type(reason, 'Загрузите медицинскую справку ');
    await user.click(within(dialog).getByRole('button', { name: 'Вернуть' }));
    expect(await screen.findByText('Заявка возвращена на доработку')).toBeVisible();
    expect(changes).toEqual([
      { requestId: 'req-1', requestState: 'returned', reason: 'Загрузите медицинскую справку' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(request().getByText('Причина: Загрузите медицинскую справку')).toBeVisible());
  });

  it('rejects with a reason; a refusal keeps the dialog and what was typed, and tells why', async () => {
    const user = userEvent.setup();
    servePlatform([underReview]);
    server.use(
      platformScript('changeCompetitionRequestState', () =>
        apiError(400, 'Недопустимый переход заявки: approved → rejected'),
      ),
    );
    renderPortal(<CompetitionRequests competitionId="comp-1" />, { session: organizer });
    await findRequest();

    await user.click(request().getByRole('button', { name: 'Отклонить' }));
    const dialog = screen.getByRole('dialog', { name: 'Отклонить заявку' });
    expect(within(dialog).getByRole('button', { name: 'Отклонить' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Причина/ }), 'Возраст не подходит');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));

    expect(await screen.findByText('Недопустимый переход заявки: approved → rejected')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Отклонить заявку' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Причина/ })).toHaveValue('Возраст не подходит');
  });

  it('shows a paid request as paid, and rejects it only with its refund', async () => {
    const user = userEvent.setup();
    const paid = { ...underReview, payment_status: 'paid' as const, paid_at: '2026-01-10T09:30:00Z' };
    const { changes } = servePlatform([paid]);
    const orders = ordersApiHandlers();
    server.use(...orders.handlers);
    renderPortal(<CompetitionRequests competitionId="comp-1" />, { session: organizer });
    await findRequest();
    expect(request().getAllByText('Взнос оплачен')[0]).toHaveAttribute('data-tone', 'success');
    expect(request().getByText('Оплачена')).toBeVisible();

    await user.click(request().getByRole('button', { name: 'Отклонить' }));
    const dialog = screen.getByRole('dialog', { name: 'Отклонить заявку и вернуть взнос' });
    await user.type(within(dialog).getByRole('textbox', { name: /Причина/ }), 'Нет медицинского допуска');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));

    expect(await screen.findByText('Заявка отклонена, взнос возвращается спортсмену')).toBeVisible();
    expect(orders.fake.refunded).toEqual([
      { requestId: 'req-1', body: { state: 'rejected', reason: 'Нет медицинского допуска' } },
    ]);
    expect(changes).toEqual([]);
  });

  it('tells when there are no requests yet', async () => {
    servePlatform([]);
    renderPortal(<CompetitionRequests competitionId="comp-1" />, { session: organizer });
    expect(await screen.findByText('Заявок пока нет')).toBeVisible();
  });
});
