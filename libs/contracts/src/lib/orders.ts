import { z } from 'zod';
import { elmaDateTimeSchema, elmaIdInputSchema, elmaIdSchema } from './platform/elma-formats';
import { nomenclatureTypes } from './platform/request-state';

/**
 * Orders: what a login pays for (`/api/orders`, docs/payments.md "Orders"). Amounts are whole kopecks
 * (`150000` = 1 500,00 ₽), computed by the api from the platform, never taken from the browser. Every route
 * needs a signed-in caller; an order is seen only by the login that pays it (any other login, the organizer
 * included, gets 404).
 */

/** Routes of the orders API (the portal's page is `/order/{id}`). */
export const ordersPaths = {
  /** `GET`: the caller's orders, newest first. `POST` {@link createOrderBodySchema}: a new order. */
  orders: '/api/orders',
  /** `GET`: one order, brought up to date with the provider while a payment is under way. */
  order: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`,
  /** `POST` `{}`: the provider's payment page for the order ({@link payOrderAnswerSchema}). */
  pay: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/pay`,
  /**
   * `POST` {@link refundRequestBodySchema}: a paid application withdrawn by its athlete before the deadline
   * (or rejected by its organizer), its fee refunded. Unpaid applications are withdrawn as before, through
   * the proxy's `changeCompetitionRequestState`.
   */
  refundRequest: (requestId: string) => `/api/orders/requests/${encodeURIComponent(requestId)}/refund`,
} as const;

/** The portal's page of an order: the provider sends the payer back here. */
export const orderPagePath = (orderId: string) => `/order/${encodeURIComponent(orderId)}`;

/** What an order line pays for: the request kinds of the platform (an entry fee, a membership, photos). */
export const orderLineKinds = nomenclatureTypes;
export const orderLineKindSchema = z.enum(orderLineKinds);
export type OrderLineKind = z.infer<typeof orderLineKindSchema>;

export const orderLineKindNames: Record<OrderLineKind, string> = {
  competition: 'Стартовый взнос',
  membership: 'Членский взнос',
  photo_video: 'Фото и видео',
};

/**
 * `new` — nothing under way, payable; `pending` — a payment is open at the provider (payable: «Оплатить»
 * returns to the same payment); `paid`; `canceled` — replaced by another order or no longer payable;
 * `refunded` / `partially_refunded` — every line / some lines refunded.
 */
export const orderStatuses = [
  'new',
  'pending',
  'paid',
  'canceled',
  'refunded',
  'partially_refunded',
] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderStatusNames: Record<OrderStatus, string> = {
  new: 'Ожидает оплаты',
  pending: 'Оплата не завершена',
  paid: 'Оплачен',
  canceled: 'Отменён',
  refunded: 'Деньги возвращены',
  partially_refunded: 'Деньги возвращены частично',
};

/** The provider's payment statuses (YooKassa's). */
export const orderPaymentStatuses = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;

export const orderLineSchema = z.object({
  id: z.string(),
  kind: orderLineKindSchema,
  /** The platform request paid for (an application, a membership request). */
  requestId: elmaIdSchema,
  sportsmanId: elmaIdSchema,
  sportsmanName: z.string(),
  /** «Стартовый взнос: Открытый турнир …», «Членский взнос ФКЕ, сезон 2026»: also the receipt's line. */
  title: z.string(),
  /** The programs, or the term the membership gives. */
  details: z.string(),
  amount: z.number().int().min(0),
  /** The event (to link back to it), or `null`. */
  competitionId: elmaIdSchema.nullable(),
  /** A membership's season, or `null`. */
  season: z.number().int().nullable(),
  /** `refunded` once its fee was returned (the application withdrawn). */
  state: z.enum(['active', 'refunded']),
  refundedAt: elmaDateTimeSchema.nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** Why the last payment did not go through, for people: the provider's reason code and its Russian text. */
/**
 * `failure.reason` of an order whose payment succeeded where nothing was owed (the order was canceled, the sum
 * differed, a request was paid elsewhere) and was given back whole; `failure.message` says why.
 */
export const PAYMENT_RETURNED_REASON = 'payment_returned';

export const orderFailureSchema = z.object({
  /** `cancellation_details.reason`: `insufficient_funds`, `expired_on_confirmation`, …, or {@link PAYMENT_RETURNED_REASON}. */
  reason: z.string(),
  message: z.string(),
  at: elmaDateTimeSchema,
});
export type OrderFailure = z.infer<typeof orderFailureSchema>;

export const orderSchema = z.object({
  id: z.string(),
  status: orderStatusSchema,
  /** What the order is for, as the provider's page shows it. */
  description: z.string(),
  amount: z.number().int().min(0),
  refundedAmount: z.number().int().min(0),
  currency: z.literal('RUB'),
  /** The signed-in login that pays: the receipt goes to its phone. */
  payer: z.object({ phone: z.string() }),
  lines: z.array(orderLineSchema).min(1),
  /** «Оплатить» may be pressed: `new`, or `pending` (returns to the same payment). */
  payable: z.boolean(),
  /** The payment under way or the last one: its provider status and, while pending, where to pay it. */
  payment: z
    .object({
      status: z.enum(orderPaymentStatuses),
      confirmationUrl: z.string().nullable(),
    })
    .nullable(),
  /** Set when the last payment was declined or expired (the order is payable again). */
  failure: orderFailureSchema.nullable(),
  createdAt: elmaDateTimeSchema,
  paidAt: elmaDateTimeSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** Limits the api holds orders to. */
export const orderLimits = {
  /** Requests in one order. */
  maxLines: 10,
  /** New orders one login may create in an hour (429 beyond). */
  ordersPerLoginPerHour: 20,
  /** Payments one order may open in an hour: each «Оплатить» after a decline or expiry is one (429 beyond). */
  paymentsPerOrderPerHour: 10,
} as const;

/**
 * `POST /api/orders`: the requests to pay (an application, the athlete's membership request, or both — one
 * payment). Each must be a request of one of the caller's athletes and payable now (the platform decides:
 * unpaid, live, registration open). The same requests already in the caller's open order answer that order
 * (200) instead of a second one; a request in another open order moves to the new one, unless that order's
 * payment is under way (409 `order_in_progress`).
 */
export const createOrderBodySchema = z
  .object({
    requestIds: z
      .array(elmaIdInputSchema)
      .min(1, 'Выберите, что оплатить')
      .max(orderLimits.maxLines, `Не больше ${orderLimits.maxLines} позиций в заказе`)
      .refine((ids) => new Set(ids).size === ids.length, 'Заявка указана дважды'),
  })
  .strict();
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** `GET /api/orders`. */
export const ordersListSchema = z.object({ result: z.array(orderSchema), total: z.number().int().min(0) });
export type OrdersList = z.infer<typeof ordersListSchema>;

/**
 * `POST /api/orders/{id}/pay`: where to send the payer (the provider's page, absolute or root-relative). A
 * second press, a reload or a retry after a timeout answers the same payment while it is open; after a
 * decline or an expiry a new one.
 */
export const payOrderAnswerSchema = z.object({ order: orderSchema, confirmationUrl: z.string().min(1) });
export type PayOrderAnswer = z.infer<typeof payOrderAnswerSchema>;

/**
 * `POST /api/orders/requests/{requestId}/refund`: the athlete withdraws a paid application before its
 * registration deadline (`cancelled`, no reason needed), or the event's organizer rejects it (`rejected`, a
 * reason required); its fee is refunded to the card and the order answered (`refunded` or
 * `partially_refunded`).
 */
export const refundRequestBodySchema = z
  .object({
    state: z.enum(['cancelled', 'rejected']).default('cancelled'),
    reason: z.string().trim().min(1, 'Укажите причину').max(1000).optional(),
  })
  .strict();
export type RefundRequestBody = z.input<typeof refundRequestBodySchema>;

/**
 * The payer's order after the refund; `null` when the organizer rejected (an order is the payer's alone). The
 * request itself is read as before (`getApplicationById`): `rejected`/`cancelled`, `payment_status: refunded`.
 */
export const refundRequestAnswerSchema = z.object({ order: orderSchema.nullable() });
export type RefundRequestAnswer = z.infer<typeof refundRequestAnswerSchema>;

/** `code` of the orders API's errors (`ApiError`), beside the usual 400 `validation_failed`, 401 and 404. */
export const orderErrorCodes = {
  /** 404: no such order for this login (another login's order answers the same). */
  notFound: 'order_not_found',
  /** 400: a request cannot be paid now; `message` says why (the platform's words). */
  notPayable: 'not_payable',
  /** 409: a request is in another order whose payment is under way; finish or wait for it. */
  inProgress: 'order_in_progress',
  /** 409: the order is paid, canceled or refunded: nothing to pay. */
  notOpen: 'order_not_open',
  /** 400: the application cannot be refunded (unpaid, the deadline passed, not a party to it). */
  notRefundable: 'not_refundable',
  /** 429: too many orders or payments in an hour. */
  tooMany: 'too_many_requests',
} as const;
