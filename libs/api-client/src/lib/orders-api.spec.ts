import { configureStore } from '@reduxjs/toolkit';
import type { Order } from '@fed/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaymentLink, ordersApi, paymentPageUrl, rememberAfterPayment } from './orders-api';

const order = (status: Order['status'], id = 'o-1'): Order => ({
  id,
  status,
  description: 'Стартовый взнос: Кубок',
  amount: 150_000,
  refundedAmount: 0,
  currency: 'RUB',
  payer: { phone: '+79990000001' },
  lines: [
    {
      id: 'l-1',
      kind: 'competition',
      requestId: 'r-1',
      sportsmanId: 's-1',
      sportsmanName: 'Соколов Андрей Викторович',
      title: 'Стартовый взнос: Кубок',
      details: 'Ката',
      amount: 150_000,
      competitionId: 'c-1',
      season: null,
      state: 'active',
      refundedAt: null,
    },
  ],
  payable: status === 'new' || status === 'pending',
  payment: null,
  failure: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  paidAt: null,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A store with the one API, and a fake api answering by method and path. */
function setup(answer: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = request.method === 'GET' ? '' : await request.text();
      const call = {
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      calls.push(call);
      const { status = 200, body } = answer(call);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const store = configureStore({
    reducer: { [ordersApi.reducerPath]: ordersApi.reducer },
    middleware: (getDefault) => getDefault().concat(ordersApi.middleware),
  });
  return { store, calls };
}

describe('ordersApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates an order of the named requests and keeps it for the order page', async () => {
    const { store, calls } = setup(() => ({ status: 201, body: order('new') }));
    const created = await store.dispatch(ordersApi.endpoints.createOrder.initiate({ requestIds: ['r-1'] }));
    expect(created.data?.id).toBe('o-1');
    expect(calls).toEqual([{ method: 'POST', path: '/api/orders', body: { requestIds: ['r-1'] } }]);
    await vi.waitFor(() =>
      expect(ordersApi.endpoints.order.select('o-1')(store.getState()).data?.status).toBe('new'),
    );
  });

  it('reads an order by its id', async () => {
    const { store, calls } = setup(() => ({ body: order('paid') }));
    const read = await store.dispatch(ordersApi.endpoints.order.initiate('o-1'));
    expect(read.data?.status).toBe('paid');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/orders/o-1' });
  });

  it('pays with an empty body and keeps the order the answer brings', async () => {
    const { store, calls } = setup(() => ({
      body: { order: order('pending'), confirmationUrl: '/sandbox/yookassa/checkout/p-1' },
    }));
    const paid = await store.dispatch(ordersApi.endpoints.payOrder.initiate('o-1'));
    expect(paid.data?.confirmationUrl).toBe('/sandbox/yookassa/checkout/p-1');
    expect(calls).toEqual([{ method: 'POST', path: '/api/orders/o-1/pay', body: {} }]);
    await vi.waitFor(() =>
      expect(ordersApi.endpoints.order.select('o-1')(store.getState()).data?.status).toBe('pending'),
    );
  });

  it('refetches the order after a refused payment: the page’s view was stale', async () => {
    let paidMeanwhile = false;
    const { store, calls } = setup(({ method }) => {
      if (method === 'GET') return { body: order(paidMeanwhile ? 'paid' : 'new') };
      paidMeanwhile = true;
      return { status: 409, body: { statusCode: 409, code: 'order_not_open', message: 'Заказ уже оплачен' } };
    });
    const reading = store.dispatch(ordersApi.endpoints.order.initiate('o-1'));
    await reading;
    const refused = await store.dispatch(ordersApi.endpoints.payOrder.initiate('o-1'));
    expect(refused.error).toMatchObject({ status: 409 });
    await vi.waitFor(() =>
      expect(ordersApi.endpoints.order.select('o-1')(store.getState()).data?.status).toBe('paid'),
    );
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    reading.unsubscribe();
  });

  it('refunds a request with the body given, or an empty one for a withdrawal', async () => {
    const { store, calls } = setup(() => ({ body: { order: null } }));
    await store.dispatch(ordersApi.endpoints.refundRequest.initiate({ requestId: 'r-1' }));
    await store.dispatch(
      ordersApi.endpoints.refundRequest.initiate({
        requestId: 'r-2',
        body: { state: 'rejected', reason: 'Нет допуска' },
      }),
    );
    expect(calls).toEqual([
      { method: 'POST', path: '/api/orders/requests/r-1/refund', body: {} },
      {
        method: 'POST',
        path: '/api/orders/requests/r-2/refund',
        body: { state: 'rejected', reason: 'Нет допуска' },
      },
    ]);
  });
});

describe('paymentPageUrl', () => {
  const origin = 'https://portal.example';

  it('takes the provider’s page and the twin’s path on this site', () => {
    expect(paymentPageUrl('https://yoomoney.ru/checkout/payments/v2/contract?orderId=1', origin)).toBe(
      'https://yoomoney.ru/checkout/payments/v2/contract?orderId=1',
    );
    expect(paymentPageUrl('/sandbox/yookassa/checkout/p-1', origin)).toBe(
      'https://portal.example/sandbox/yookassa/checkout/p-1',
    );
  });

  it('refuses what is no page to pay on', () => {
    expect(paymentPageUrl('javascript:alert(1)', origin)).toBeNull();
    expect(paymentPageUrl('//evil.example/pay', origin)).toBeNull();
    expect(paymentPageUrl('not a url', origin)).toBeNull();
  });
});

describe('the link after paying', () => {
  afterEach(() => sessionStorage.clear());

  it('is remembered per order for this tab', () => {
    rememberAfterPayment('o-1', { to: '/apply/c-1', text: 'Вернуться к заявке' });
    expect(afterPaymentLink('o-1')).toEqual({ to: '/apply/c-1', text: 'Вернуться к заявке' });
    expect(afterPaymentLink('o-2')).toBeNull();
  });

  it('leads only to a path of this site', () => {
    sessionStorage.setItem('fed.afterPayment.o-1', JSON.stringify({ to: '//evil.example', text: 'x' }));
    expect(afterPaymentLink('o-1')).toBeNull();
    sessionStorage.setItem('fed.afterPayment.o-1', '{not json');
    expect(afterPaymentLink('o-1')).toBeNull();
  });
});
