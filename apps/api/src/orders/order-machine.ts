import type { OrderStatus } from '@fed/contracts';

/**
 * An order's life as data: its states, the events that move it and the transitions allowed. Pure: the orders
 * service loads an order, asks `transition` what an event does to it, and stores the answer by a compare-and-set
 * on the order's version in the same transaction as whatever else the event writes.
 *
 * Two kinds of event. **Requests** (someone asks: open a payment, give the requests up, refund a line) may be
 * refused: the table has no entry for them in that state, and the caller answers 409. **Facts** (the provider
 * says what became of a payment, a refund went through) are never refused: every state has an entry for every
 * fact, if only to stay where it is, so that money the provider took is always accounted for — and a payment
 * that succeeded where nothing is owed any more is given back (`refund_payment`).
 */

/** What someone asks of an order. */
export const orderRequests = ['attempt_opened', 'released', 'refund_requested'] as const;
/** What the provider (or a refund) says happened. */
export const orderFacts = [
  'attempt_rejected',
  'payment_pending',
  'payment_succeeded',
  'payment_unowed',
  'payment_canceled',
  'line_refunded',
  'last_line_refunded',
] as const;

export type OrderRequest = (typeof orderRequests)[number];
export type OrderFact = (typeof orderFacts)[number];
/**
 * The events:
 * - `attempt_opened`: a payment attempt opens on the order's lines and amount, frozen as they are now;
 * - `released`: the order gives its requests up (to another order, or the payer starts over);
 * - `refund_requested`: a paid line is to be refunded (withdrawn, or rejected by the organizer);
 * - `attempt_rejected`: the provider definitely made no payment for the attempt;
 * - `payment_pending`: the provider's payment waits for the payer (or for capture);
 * - `payment_succeeded`: the provider took the money, and it is what the frozen lines owe, for requests paid by
 *   no other order;
 * - `payment_unowed`: the provider took money that is not owed — the amount or the lines differ from what is
 *   owed now, a request was paid elsewhere meanwhile, or it is a second payment of a paid order;
 * - `payment_canceled`: the provider canceled the payment (declined, expired, canceled);
 * - `line_refunded` / `last_line_refunded`: a line's refund went through, and some lines are left / none are.
 */
export type OrderEvent = OrderRequest | OrderFact;

/** What a transition does besides moving the state: give the whole payment back. */
export type OrderEffect = 'refund_payment';

export interface OrderTransition {
  to: OrderStatus;
  effect?: OrderEffect;
}

const stay = (status: OrderStatus): OrderTransition => ({ to: status });
const giveBack = (status: OrderStatus): OrderTransition => ({ to: status, effect: 'refund_payment' });

/**
 * The transitions allowed. A request missing from a state's row is refused there; every fact is in every row.
 * `new`: nothing is being paid; `pending`: an attempt is open and the provider may still take the money (nothing
 * may change or release the order then); `paid`, `partially_refunded`, `refunded`: the money came; `canceled`:
 * the order gave its requests up — money that still arrives for it goes back.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, Partial<Record<OrderEvent, OrderTransition>>> = {
  new: {
    attempt_opened: stay('pending'),
    released: stay('canceled'),
    attempt_rejected: stay('new'),
    payment_pending: stay('pending'),
    payment_succeeded: stay('paid'),
    payment_unowed: giveBack('new'),
    payment_canceled: stay('new'),
    line_refunded: stay('new'),
    last_line_refunded: stay('new'),
  },
  pending: {
    attempt_rejected: stay('new'),
    payment_pending: stay('pending'),
    payment_succeeded: stay('paid'),
    payment_unowed: giveBack('new'),
    payment_canceled: stay('new'),
    line_refunded: stay('pending'),
    last_line_refunded: stay('pending'),
  },
  paid: {
    refund_requested: stay('paid'),
    attempt_rejected: stay('paid'),
    payment_pending: stay('paid'),
    payment_succeeded: stay('paid'),
    payment_unowed: giveBack('paid'),
    payment_canceled: stay('paid'),
    line_refunded: stay('partially_refunded'),
    last_line_refunded: stay('refunded'),
  },
  partially_refunded: {
    refund_requested: stay('partially_refunded'),
    attempt_rejected: stay('partially_refunded'),
    payment_pending: stay('partially_refunded'),
    payment_succeeded: stay('partially_refunded'),
    payment_unowed: giveBack('partially_refunded'),
    payment_canceled: stay('partially_refunded'),
    line_refunded: stay('partially_refunded'),
    last_line_refunded: stay('refunded'),
  },
  refunded: {
    attempt_rejected: stay('refunded'),
    payment_pending: stay('refunded'),
    payment_succeeded: stay('refunded'),
    payment_unowed: giveBack('refunded'),
    payment_canceled: stay('refunded'),
    line_refunded: stay('refunded'),
    last_line_refunded: stay('refunded'),
  },
  canceled: {
    released: stay('canceled'),
    attempt_rejected: stay('canceled'),
    payment_pending: stay('canceled'),
    // Nothing is owed on a canceled order: its requests went to another order or were given up.
    payment_succeeded: giveBack('canceled'),
    payment_unowed: giveBack('canceled'),
    payment_canceled: stay('canceled'),
    line_refunded: stay('canceled'),
    last_line_refunded: stay('canceled'),
  },
};

/** What an event does to an order in `status`; `null` when it is a request refused there. */
export function transition(status: OrderStatus, event: OrderEvent): OrderTransition | null {
  return ORDER_TRANSITIONS[status][event] ?? null;
}

/** Whether the order's requests are held by it (no other order may take them). */
export function holdsRequests(status: OrderStatus): boolean {
  return status !== 'canceled' && status !== 'refunded';
}

/** Whether the provider may still take money for the order: its lines are frozen, nothing may change them. */
export function paymentUnderWay(status: OrderStatus): boolean {
  return status === 'pending';
}
