import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaymentLink } from '@fed/api-client';
import {
  apiError,
  membershipStatusFixture,
  orderFixture,
  ordersApiHandlers,
  platformScript,
  renderPortal,
  seasonTermUntil,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import { fixedClock, type Clock } from '@fed/calendar';
import type { MembershipStatus, RequestView } from '@fed/contracts';
import { ApplyMembershipPage } from './apply-membership-page';

const server = setupPortalServer();
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStorage.clear();
});

/** The expired demo athlete's status: the term ended, a calendar-year rule, season 2026 on offer. */
const status = (overrides: Partial<MembershipStatus> = {}): MembershipStatus =>
  membershipStatusFixture({ termUntil: '2026-11-06T17:59:00.000Z', ...overrides });

const membershipRequest = (id: string) =>
  ({
    __id: id,
    nomenclature_type: 'membership',
    requestState: 'approved',
  }) as Partial<RequestView> as RequestView;

/** The membership scripts and the orders API; `made` is the request the platform answers a creation with. */
function serve(answer: MembershipStatus | Response = status(), reminders: unknown[] = [], made = 'mreq-1') {
  const statusAsked: unknown[] = [];
  const created = platformScript('createMembershipRequest', () =>
    HttpResponse.json({ success: true, data: membershipRequest(made) }),
  );
  const orders = ordersApiHandlers({ create: () => orderFixture({ id: 'order-9' }) });
  server.use(
    platformScript('getMembershipStatus', (input) => {
      statusAsked.push(input);
      return answer instanceof Response ? answer.clone() : HttpResponse.json({ success: true, data: answer });
    }),
    platformScript('getMembershipReminders', () =>
      HttpResponse.json({ success: true, result: reminders, total: reminders.length }),
    ),
    created,
    ...orders.handlers,
  );
  return { created, orders: orders.fake, statusAsked };
}

const show = (path = '/apply-membership/sp-1', session = signedInAs('sp-1'), clock?: Clock) =>
  renderPortal(<ApplyMembershipPage notFound={<p>Страница не найдена</p>} />, {
    session,
    route: '/apply-membership/:id',
    path,
    clock,
  });

describe('ApplyMembershipPage', () => {
  it('shows the term and its end, the federation’s rule and fee, and what is required', async () => {
    serve(
      status({
        requirements: [
          { code: 'athlete', met: true, title: 'Членство оформляет спортсмен', message: null },
          { code: 'photo', met: true, title: 'Фотография в профиле', message: null },
          {
            code: 'legal_representative',
            met: false,
            title: 'Законный представитель',
            message: 'Спортсмену нет 18 лет: добавьте законного представителя в профиле',
          },
        ],
        canApply: false,
        reasons: ['Спортсмену нет 18 лет: добавьте законного представителя в профиле'],
      }),
    );
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Членство в федерации' })).toBeVisible();
    expect(screen.getByText('Соколов Андрей')).toBeVisible();
    expect(screen.getByText('Закончилось')).toBeVisible();
    expect(screen.getByText('6 ноября 2026')).toBeVisible();
    expect(screen.getByText(/календарный год/)).toBeVisible();
    expect(screen.getByText('Сезон 2026').nextElementSibling).toHaveTextContent(
      'После оплаты членство будет действовать до 31 декабря 2026',
    );
    expect(screen.getByText('Членский взнос').nextElementSibling).toHaveTextContent('1 500 ₽');
    const requirements = within(screen.getByRole('list', { name: 'Что нужно для членства' }));
    expect(requirements.getByText('Фотография в профиле')).toHaveTextContent('Фотография в профиле: есть');
    expect(requirements.getByText(/Законный представитель/)).toHaveTextContent('Законный представитель: нет');
    expect(requirements.getByRole('link', { name: 'Добавить законного представителя' })).toHaveAttribute(
      'href',
      '/profile#legal-representative',
    );
    // What stands in the way is said, and nothing offers to apply.
    expect(screen.getByText('Оформить членство пока нельзя')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Оформить членство|Оплатить/ })).toBeNull();
  });

  it('links a missing photo to the profile', async () => {
    serve(
      status({
        requirements: [
          {
            code: 'photo',
            met: false,
            title: 'Фотография в профиле',
            message: 'Добавьте фотографию в профиль',
          },
        ],
        canApply: false,
        reasons: ['Добавьте фотографию в профиль'],
      }),
    );
    show();
    expect(await screen.findByRole('link', { name: 'Добавить фото в профиле' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('«Оформить членство» makes the request and its order and goes to pay it, back to the event after', async () => {
    const user = userEvent.setup();
    const { created, orders, statusAsked } = serve();
    const { router } = show('/apply-membership/sp-1?event=ev-1');
    expect(await screen.findByRole('link', { name: /К заявке на мероприятие/ })).toHaveAttribute(
      'href',
      '/apply/ev-1',
    );
    // The back link stands before the status is read; the button comes with the status.
    const apply = await screen.findByRole('button', { name: 'Оформить членство' });
    // Asked, and bought, with the event in view: the season it falls in.
    expect(statusAsked).toContainEqual({ sportsmanId: 'sp-1', competitionId: 'ev-1' });
    // One season on offer: nothing to choose.
    expect(screen.queryByRole('group', { name: 'Сезон членства' })).toBeNull();
    await user.click(apply);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-9'));
    expect(created.calls).toEqual([{ sportsmanId: 'sp-1', season: 2026, competitionId: 'ev-1' }]);
    expect(orders.created).toEqual([{ requestIds: ['mreq-1'] }]);
    expect(afterPaymentLink('order-9')).toEqual({
      to: '/apply/ev-1',
      text: 'Вернуться к заявке на мероприятие',
    });
  });

  it('pays the open membership request, asked for the season shown, instead of making another', async () => {
    const user = userEvent.setup();
    // The platform answers the open request (moved to the season asked for) rather than a second one.
    const { created, orders } = serve(status({ openRequestId: 'mreq-open' }), [], 'mreq-open');
    const { router } = show();
    await user.click(await screen.findByRole('button', { name: 'Оплатить членство' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-9'));
    expect(created.calls).toEqual([{ sportsmanId: 'sp-1', season: 2026 }]);
    expect(orders.created).toEqual([{ requestIds: ['mreq-open'] }]);
    expect(afterPaymentLink('order-9')).toEqual({ to: '/apply-membership/sp-1', text: 'К членскому билету' });
  });

  it('pays the open membership request as it is when no new one may be made', async () => {
    const user = userEvent.setup();
    const { created, orders } = serve(
      status({ openRequestId: 'mreq-open', canApply: false, reasons: ['Добавьте фотографию в профиль'] }),
    );
    const { router } = show();
    await user.click(await screen.findByRole('button', { name: 'Оплатить членство' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-9'));
    expect(created.calls).toEqual([]);
    expect(orders.created).toEqual([{ requestIds: ['mreq-open'] }]);
  });

  it('in late December lets the athlete buy the next season ahead, saying until when each lasts', async () => {
    const user = userEvent.setup();
    const { created } = serve(
      status({
        seasonChoices: [
          { season: 2026, termUntil: seasonTermUntil(2026) },
          { season: 2027, termUntil: seasonTermUntil(2027) },
        ],
      }),
    );
    show('/apply-membership/sp-1', signedInAs('sp-1'), fixedClock('2026-12-20T09:00:00Z'));
    const seasons = await screen.findByRole('group', { name: 'Сезон членства' });
    const current = within(seasons).getByRole('radio', { name: 'Сезон 2026 — до 31 декабря 2026' });
    const next = within(seasons).getByRole('radio', { name: 'Сезон 2027 — до 31 декабря 2027' });
    expect(current).toBeChecked();
    expect(screen.getByText('Сезон 2026').nextElementSibling).toHaveTextContent(
      'После оплаты членство будет действовать до 31 декабря 2026',
    );

    await user.click(next);
    expect(next).toBeChecked();
    expect(screen.getByText('Сезон 2027').nextElementSibling).toHaveTextContent(
      'После оплаты членство будет действовать до 31 декабря 2027',
    );
    // The choice above says which season the button buys.
    await user.click(screen.getByRole('button', { name: 'Оформить членство' }));
    await waitFor(() => expect(created.calls).toEqual([{ sportsmanId: 'sp-1', season: 2027 }]));
  });

  it('says in Russian why the request was refused, and stays', async () => {
    const user = userEvent.setup();
    serve();
    server.use(
      platformScript('createMembershipRequest', () => apiError(400, 'Добавьте фотографию в профиль')),
    );
    const { router, toastTexts } = show();
    await user.click(await screen.findByRole('button', { name: 'Оформить членство' }));
    await waitFor(() => expect(toastTexts()).toContain('Добавьте фотографию в профиль'));
    expect(router.state.location.pathname).toBe('/apply-membership/sp-1');
    expect(screen.getByRole('button', { name: 'Оформить членство' })).toBeEnabled();
  });

  it('shows a valid membership with its card, and the warnings of its end', async () => {
    serve(
      status({
        termUntil: '2026-12-31T20:59:59.000Z',
        active: true,
        season: 2027,
        offeredTermUntil: '2027-12-31T20:59:59.000Z',
      }),
      [
        {
          kind: 'expires_before_event',
          message: 'Членство закончится до начала турнира «Кубок ФКЕ» (10.01.2027): продлите его',
          termUntil: '2026-12-31T20:59:59.000Z',
          competitionId: 'ev-2',
          competitionName: 'Кубок ФКЕ',
          competitionDate: '2027-01-10T07:00:00.000Z',
        },
      ],
    );
    show();
    expect(await screen.findByText('Действует')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Членский билет' })).toBeVisible();
    expect(screen.getByText('Членство закончится до начала турнира')).toBeVisible();
    expect(screen.getByText(/«Кубок ФКЕ» \(10\.01\.2027\)/)).toBeVisible();
    // Renewing is offered for the next season, below the card.
    expect(screen.getByRole('button', { name: 'Продлить на сезон 2027' })).toBeEnabled();
  });

  it('late in the season offers the next one, says why, and the request is for it', async () => {
    const user = userEvent.setup();
    const note =
      'Сезон 2026 заканчивается 31.12.2026: взнос, оплаченный сейчас, идёт за сезон 2027, а членство действует уже с оплаты';
    const { created } = serve(
      status({ season: 2027, offeredTermUntil: '2027-12-31T20:59:59.000Z', seasonNote: note }),
    );
    show();
    const season = await screen.findByText('Сезон 2027');
    expect(season.nextElementSibling).toHaveTextContent(
      'После оплаты членство будет действовать до 31 декабря 2027',
    );
    expect(season.nextElementSibling).toHaveTextContent(note);
    await user.click(screen.getByRole('button', { name: 'Оформить членство на сезон 2027' }));
    // The platform decides the season on offer (the status's); the request is asked for that one.
    await waitFor(() => expect(created.calls).toEqual([{ sportsmanId: 'sp-1', season: 2027 }]));
  });

  it('shows the 404 view for an athlete who is not the login’s', async () => {
    serve();
    show('/apply-membership/sp-9');
    expect(await screen.findByText('Страница не найдена')).toBeVisible();
  });

  it('shows the 404 view when the api refuses the athlete', async () => {
    serve(apiError(403, 'Нет доступа к этому спортсмену', 'forbidden'));
    show();
    expect(await screen.findByText('Страница не найдена')).toBeVisible();
  });
});
