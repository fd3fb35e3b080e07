import { http, HttpResponse } from 'msw';
import type { CreateOrderBody, Order, OrderLine, RefundRequestBody } from '@fed/contracts';

/** One line of an order as the orders API answers it: an entry fee of 1 500 ₽ by default. */
export function orderLineFixture(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: 'line-1',
    kind: 'competition',
    requestId: 'req-1',
    sportsmanId: 'sp-1',
    sportsmanName: 'Соколов Андрей Викторович',
    title: 'Стартовый взнос: Кубок Казани по дзюдо',
    details: 'Ката, мужчины 18 лет и старше',
    amount: 150_000,
    competitionId: 'comp-1',
    season: null,
    state: 'active',
    refundedAt: null,
    ...overrides,
  };
}

/**
 * An order as `GET /api/orders/{id}` answers it: `new`, payable, one entry fee, unless `overrides` say otherwise
 * (the amount follows the lines given).
 */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  const lines = overrides.lines ?? [orderLineFixture()];
  const status = overrides.status ?? 'new';
  return {
    id: 'order-1',
    status,
    description:
      lines.length === 1 ? (lines[0]?.title ?? '') : `Оплата: ${lines.map((l) => l.title).join('; ')}`,
    amount: lines.reduce((sum, line) => sum + line.amount, 0),
    refundedAmount: 0,
    currency: 'RUB',
    payer: { phone: '+79990000001' },
    lines,
    payable: status === 'new' || status === 'pending',
    payment: null,
    failure: null,
    createdAt: '2026-11-26T09:00:00.000Z',
    paidAt: null,
    ...overrides,
  };
}

export interface OrdersApiFake {
  /** The bodies of `POST /api/orders`, in order. */
  created: CreateOrderBody[];
  /** The ids `POST /api/orders/{id}/pay` was called with. */
  paid: string[];
  /** The requests refunded and the bodies sent. */
  refunded: Array<{ requestId: string; body: RefundRequestBody }>;
}

export interface OrdersApiOptions {
  /** What `GET /api/orders/{id}` answers: an order, or a response (404 for another login's). */
  read?: (orderId: string) => Order | Response;
  /** What `POST /api/orders` answers for a body: the order made, or a refusal. */
  create?: (body: CreateOrderBody) => Order | Response;
  /** What `POST /api/orders/{id}/pay` answers; the twin's card page of `pay-1` by default. */
  pay?: (orderId: string) => { order: Order; confirmationUrl: string } | Response;
  /** What the refund answers; `{order: null}` by default. */
  refund?: (requestId: string, body: RefundRequestBody) => { order: Order | null } | Response;
}

/**
 * The api's orders routes (`/api/orders`, docs/payments.md) for a spec file's msw: each answers what its option
 * says and records what it was asked (`fake.created`, `fake.paid`, `fake.refunded`).
 */
export function ordersApiHandlers(options: OrdersApiOptions = {}) {
  const fake: OrdersApiFake = { created: [], paid: [], refunded: [] };
  const json = (answer: object | Response, status = 200) =>
    answer instanceof Response ? answer : HttpResponse.json(answer, { status });
  const handlers = [
    http.post('*/api/orders', async ({ request }) => {
      const body = (await request.json()) as CreateOrderBody;
      fake.created.push(body);
      return json(options.create?.(body) ?? orderFixture(), 201);
    }),
    http.get('*/api/orders/:orderId', ({ params }) =>
      json(options.read?.(String(params['orderId'])) ?? orderFixture({ id: String(params['orderId']) })),
    ),
    http.post('*/api/orders/:orderId/pay', ({ params }) => {
      const orderId = String(params['orderId']);
      fake.paid.push(orderId);
      return json(
        options.pay?.(orderId) ?? {
          order: orderFixture({
            id: orderId,
            status: 'pending',
            payment: { status: 'pending', confirmationUrl: '/sandbox/yookassa/checkout/pay-1' },
          }),
          confirmationUrl: '/sandbox/yookassa/checkout/pay-1',
        },
      );
    }),
    http.post('*/api/orders/requests/:requestId/refund', async ({ params, request }) => {
      const requestId = String(params['requestId']);
      const body = (await request.json()) as RefundRequestBody;
      fake.refunded.push({ requestId, body });
      return json(options.refund?.(requestId, body) ?? { order: null });
    }),
  ];
  return { handlers, fake };
}
