import {
  orderLineKindNames,
  PAYMENT_RETURNED_REASON,
  type Order,
  type OrderLine,
  competitionPagePath,
} from '@fed/contracts';

/** What the payer is told at the top of the order page: how the payment stands, as the provider said. */
export type OrderOutcome =
  /** Nothing paid yet, nothing tried. */
  | { kind: 'unpaid' }
  /** A payment is open at the provider: still on the card page, or its answer not in yet. */
  | { kind: 'waiting' }
  | { kind: 'paid' }
  /** The last payment was declined (the reason in Russian); the order is payable again. */
  | { kind: 'declined'; message: string }
  /** The last payment was left unfinished until its time ran out; payable again. */
  | { kind: 'expired'; message: string }
  | { kind: 'refunded'; partial: boolean }
  /** Replaced by another order, or nothing left to pay. */
  | { kind: 'canceled' }
  /** A payment came where nothing was owed and went back to the card whole; the message says why. */
  | { kind: 'returned'; message: string };

const EXPIRY_REASONS = new Set(['expired_on_confirmation', 'expired_on_capture']);

/** The outcome of an order as the api read it from the provider (never from the browser's return). */
export function orderOutcome(order: Pick<Order, 'status' | 'failure'>): OrderOutcome {
  // Said whatever the order's state: the payer saw the money go and must learn it is coming back.
  if (order.failure?.reason === PAYMENT_RETURNED_REASON)
    return { kind: 'returned', message: order.failure.message };
  switch (order.status) {
    case 'paid':
      return { kind: 'paid' };
    case 'pending':
      return { kind: 'waiting' };
    case 'refunded':
      return { kind: 'refunded', partial: false };
    case 'partially_refunded':
      return { kind: 'refunded', partial: true };
    case 'canceled':
      return { kind: 'canceled' };
    case 'new':
      if (!order.failure) return { kind: 'unpaid' };
      return EXPIRY_REASONS.has(order.failure.reason)
        ? { kind: 'expired', message: order.failure.message }
        : { kind: 'declined', message: order.failure.message };
  }
}

/** Where a line leads back to: the event an entry fee is for, the athlete's membership. */
export interface LineLink {
  to: string;
  text: string;
}

export function lineLink(line: Pick<OrderLine, 'kind' | 'competitionId' | 'sportsmanId'>): LineLink | null {
  switch (line.kind) {
    case 'competition':
      return line.competitionId
        ? { to: competitionPagePath(line.competitionId), text: 'Открыть мероприятие' }
        : null;
    case 'membership':
      return { to: `/apply-membership/${encodeURIComponent(line.sportsmanId)}`, text: 'Членство спортсмена' };
    case 'photo_video':
      return null;
  }
}

/** «Стартовый взнос», «Членский взнос»: what kind of payment a line is. */
export function lineKindName(line: Pick<OrderLine, 'kind'>): string {
  return orderLineKindNames[line.kind];
}
