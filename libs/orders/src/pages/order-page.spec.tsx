import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberAfterPayment } from '@fed/api-client';
import {
  apiError,
  orderFixture,
  orderLineFixture,
  ordersApiHandlers,
  renderPortal,
  setupPortalServer,
  signedInAs,
} from '@fed/auth-session/testing';
import { PAYMENT_RETURNED_REASON, type Order } from '@fed/contracts';
import { leaveFor } from '../lib/leave-for';
import { OrderPage } from './order-page';

vi.mock('../lib/leave-for', () => ({ leaveFor: vi.fn() }));

const server = setupPortalServer();
// Failed calls are printed besides /log; the refusals below are on purpose.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.mocked(leaveFor).mockClear();
  sessionStorage.clear();
});

const membershipLine = orderLineFixture({
  id: 'line-2',
  kind: 'membership',
  requestId: 'req-2',
  title: 'Членский взнос ФКЕ, сезон 2026',
  details: 'Соколов Андрей Викторович: членство до 31.12.2026',
  competitionId: null,
  season: 2026,
});

function serve(order: Order | Response, options: Parameters<typeof ordersApiHandlers>[0] = {}) {
  // A response is answered afresh to every read (a failed read is tried again).
  const api = ordersApiHandlers({
    read: () => (order instanceof Response ? order.clone() : order),
    ...options,
  });
  server.use(...api.handlers);
  return api.fake;
}

const show = () =>
  renderPortal(<OrderPage notFound={<p>Страница не найдена</p>} />, {
    session: signedInAs('sp-1'),
    route: '/order/:id',
    path: '/order/order-1',
  });

describe('OrderPage', () => {
  it('shows a new order: its lines, amounts in roubles, payer and what each is for', async () => {
    serve(orderFixture({ lines: [orderLineFixture(), membershipLine] }));
    show();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Заказ на 3\u00a0000\u00a0₽' }),
    ).toBeVisible();
    expect(screen.getByText('Ожидает оплаты')).toBeVisible();
    expect(screen.getByText(/^Заказ от/)).toHaveTextContent('Заказ от 26 ноября 2026');
    const lines = within(screen.getByRole('list', { name: 'Состав заказа' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Стартовый взнос: Кубок Казани по дзюдо');
    expect(lines[0]).toHaveTextContent('Спортсмен: Соколов Андрей Викторович');
    expect(lines[0]).toHaveTextContent('1 500 ₽');
    expect(
      within(lines[0] as HTMLElement).getByRole('link', { name: 'Открыть мероприятие' }),
    ).toHaveAttribute('href', '/competitions/comp-1');
    expect(lines[1]).toHaveTextContent('Членский взнос ФКЕ, сезон 2026');
    // The platform's details name the athlete already: not said twice.
    expect(lines[1]).not.toHaveTextContent('Спортсмен:');
    expect(
      within(lines[1] as HTMLElement).getByRole('link', { name: 'Членство спортсмена' }),
    ).toHaveAttribute('href', '/apply-membership/sp-1');
    expect(screen.getByText('Итого').nextElementSibling).toHaveTextContent('3 000 ₽');
    expect(screen.getByText(/\+7 \(999\) 000-00-01 — на этот номер придёт чек/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Оплатить 3\u00a0000\u00a0₽' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toMatch(/^Заказ — /);
  });

  it('asks the api to pay and sends the browser to the provider’s page; a double click pays once', async () => {
    const user = userEvent.setup();
    const fake = serve(orderFixture());
    show();
    const pay = await screen.findByRole('button', { name: 'Оплатить 1\u00a0500\u00a0₽' });
    await user.dblClick(pay);
    await vi.waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    expect(fake.paid).toEqual(['order-1']);
    expect(leaveFor).toHaveBeenCalledWith(`${window.location.origin}/sandbox/yookassa/checkout/pay-1`);
  });

  it('says why «Оплатить» was refused, and shows the order as it is now', async () => {
    const user = userEvent.setup();
    let paidMeanwhile = false;
    serve(orderFixture(), {
      read: () => orderFixture({ status: paidMeanwhile ? 'paid' : 'new' }),
      pay: () => {
        paidMeanwhile = true;
        return apiError(409, 'Заказ уже оплачен', 'order_not_open');
      },
    });
    const { toastTexts } = show();
    await user.click(await screen.findByRole('button', { name: 'Оплатить 1\u00a0500\u00a0₽' }));
    await vi.waitFor(() => expect(toastTexts()).toContain('Заказ уже оплачен'));
    expect(await screen.findByText('Оплата прошла')).toBeVisible();
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('shows a paid order with no button to pay, and the way on the paying page left', async () => {
    rememberAfterPayment('order-1', { to: '/apply/comp-1', text: 'Вернуться к заявке на мероприятие' });
    serve(orderFixture({ status: 'paid', paidAt: '2026-11-26T09:05:00.000Z' }));
    show();
    const status = (await screen.findByText('Оплата прошла')).closest('[role="status"]');
    expect(status).toHaveTextContent('Заказ оплачен 26 ноября 2026, 12:05 (мск)');
    expect(screen.getByText('Оплачен')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Вернуться к заявке на мероприятие' })).toHaveAttribute(
      'href',
      '/apply/comp-1',
    );
    expect(screen.getByRole('link', { name: 'Мои заявки' })).toHaveAttribute('href', '/profile');
  });

  it('shows a declined card with the reason in Russian and lets the payer try again', async () => {
    const user = userEvent.setup();
    const fake = serve(
      orderFixture({
        payment: { status: 'canceled', confirmationUrl: null },
        failure: {
          reason: 'insufficient_funds',
          message: 'На карте недостаточно средств',
          at: '2026-11-26T09:05:00.000Z',
        },
      }),
    );
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Платёж не прошёл');
    expect(alert).toHaveTextContent('На карте недостаточно средств');
    expect(screen.getByText('Ожидает оплаты')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Оплатить 1\u00a0500\u00a0₽' }));
    await vi.waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    expect(fake.paid).toEqual(['order-1']);
  });

  it('tells the payer a payment that came for a canceled order is going back to the card, and why', async () => {
    serve(
      orderFixture({
        status: 'canceled',
        payable: false,
        payment: { status: 'succeeded', confirmationUrl: null },
        failure: {
          reason: PAYMENT_RETURNED_REASON,
          message: 'Заказ был отменён до оплаты: его заявки оформлены в другом заказе.',
          at: '2026-11-26T09:05:00.000Z',
        },
      }),
    );
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Платёж возвращён на карту');
    expect(alert).toHaveTextContent('Заказ был отменён до оплаты');
    expect(screen.queryByRole('button', { name: /^Оплатить/ })).toBeNull();
  });

  it('shows an expired payment as unfinished, with the order payable again', async () => {
    serve(
      orderFixture({
        payment: { status: 'canceled', confirmationUrl: null },
        failure: {
          reason: 'expired_on_confirmation',
          message: 'Время на оплату истекло: оплата не была завершена',
          at: '2026-11-26T10:05:00.000Z',
        },
      }),
    );
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Оплата не была завершена');
    expect(alert).toHaveTextContent('Время на оплату истекло');
    expect(alert).toHaveTextContent('заказ можно оплатить снова');
    expect(screen.getByRole('button', { name: 'Оплатить 1\u00a0500\u00a0₽' })).toBeEnabled();
  });

  it('while the provider has not answered, asks again by itself and on «Обновить»', async () => {
    const user = userEvent.setup();
    let reads = 0;
    serve(orderFixture(), {
      read: () => {
        reads += 1;
        return orderFixture({
          status: reads >= 3 ? 'paid' : 'pending',
          payment: { status: reads >= 3 ? 'succeeded' : 'pending', confirmationUrl: null },
        });
      },
    });
    show();
    expect(await screen.findByText('Ждём ответа платёжного сервиса')).toBeVisible();
    expect(screen.getByText('Оплата не завершена')).toBeVisible();
    // A pending order is still payable: «Оплатить» returns to the same payment.
    expect(screen.getByRole('button', { name: 'Оплатить 1\u00a0500\u00a0₽' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(await screen.findByText('Оплата прошла', {}, { timeout: 8000 })).toBeVisible();
    expect(reads).toBeGreaterThanOrEqual(3);
  }, 15_000);

  it('shows a refunded order with the sum returned', async () => {
    serve(
      orderFixture({
        status: 'refunded',
        refundedAmount: 150_000,
        lines: [orderLineFixture({ state: 'refunded', refundedAt: '2026-11-27T09:00:00.000Z' })],
      }),
    );
    show();
    expect(
      (await screen.findByText('Деньги возвращены на карту')).closest('[role="status"]'),
    ).toHaveTextContent('На карту возвращено 1 500 ₽');
    expect(screen.getByText('Возвращён')).toBeVisible();
    expect(screen.getByText('Возвращено').nextElementSibling).toHaveTextContent('1 500 ₽');
    expect(screen.queryByRole('button', { name: /Оплатить/ })).toBeNull();
  });

  it('shows another login’s order — the api’s 404 — as the 404 view', async () => {
    serve(apiError(404, 'Заказ не найден', 'order_not_found'));
    show();
    expect(await screen.findByText('Страница не найдена')).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Заказ на/ })).toBeNull();
  });

  it('offers to try again when the order could not be read', async () => {
    serve(apiError(502, 'Платёжный сервис не ответил', 'bad_gateway'));
    show();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Не удалось загрузить заказ',
    );
  });
});
