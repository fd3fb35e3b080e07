import { ApiException } from '../common/api-exception.filter';
import {
  retryAfterSeconds,
  upstreamFailure,
  upstreamRateLimited,
  upstreamStatusError,
  type UpstreamName,
} from '../platform/upstream-http';

/** How error messages name the provider. */
export const PAYMENTS_UPSTREAM: UpstreamName = 'Платёжный сервис';

/**
 * The api's payment port: what orders need from a payment provider, in the provider's own terms (statuses,
 * cancellation reasons) but with money in kopecks and camelCase fields. One adapter: YooKassa API v3
 * (`yookassa-payment-provider.ts`), which talks to the sandbox twin exactly as to YooKassa.
 */

/** Rubles as whole kopecks (`150000` is 1 500,00 ₽): the port never carries a float or a decimal string. */
export type Kopecks = number;

export type PaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

/** `cancellation_details`: who canceled and why (`insufficient_funds`, `expired_on_confirmation`, …). */
export interface PaymentCancellation {
  party: string;
  reason: string;
}

/** One line of a 54-FZ receipt: `quantity × unitPrice` of each line adds up to the amount paid. */
export interface ReceiptLine {
  description: string;
  quantity: number;
  unitPrice: Kopecks;
  /** 1 = without VAT (a federation's fees usually are). */
  vatCode: number;
  /** `service` for fees, `payment` for a membership due, `another`, … */
  paymentSubject: string;
  /** `full_payment` when paid in full now, `full_prepayment` before the service. */
  paymentMode: string;
}

/** A 54-FZ receipt: the payer's e-mail or phone (E.164), one line per item. */
export interface PaymentReceipt {
  customer: { email?: string; phone?: string; fullName?: string };
  lines: ReceiptLine[];
  taxSystemCode?: number;
}

export interface CreatePaymentInput {
  /** The order paid for: kept in the payment's metadata as `orderId`. */
  orderId: string;
  amount: Kopecks;
  /** Shown to the payer on the provider's page; at most 128 characters. */
  description: string;
  receipt: PaymentReceipt;
  /** Where the provider sends the payer back (http or https). */
  returnUrl: string;
  /**
   * One key per attempt to pay, stored by the caller BEFORE the call: a repeat after a timeout or a 500
   * (here or later, by the caller) with the same key can never make a second payment. At most 64 characters.
   */
  idempotenceKey: string;
  /** `false`: two-stage (authorize now, `capture` later). Default `true`. */
  capture?: boolean;
  /** More metadata (at most 15 keys besides `orderId`). */
  metadata?: Record<string, string>;
}

/** A payment as the provider says it is now. */
export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  paid: boolean;
  amount: Kopecks;
  refundedAmount: Kopecks;
  /** Where to send the payer while the payment is `pending`; `null` afterwards. */
  confirmationUrl: string | null;
  description: string | null;
  metadata: Record<string, string>;
  /** `metadata.orderId`, or `null` for a payment not made by an order. */
  orderId: string | null;
  cancellation: PaymentCancellation | null;
  refundable: boolean;
  /** A payment of a test shop (the twin's always are). */
  test: boolean;
  createdAt: string;
  capturedAt: string | null;
  /** Until when a `waiting_for_capture` payment may be captured. */
  expiresAt: string | null;
}

export type RefundStatus = 'pending' | 'succeeded' | 'canceled';

export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: RefundStatus;
  amount: Kopecks;
  description: string | null;
  createdAt: string;
}

export interface RefundInput {
  paymentId: string;
  amount: Kopecks;
  /** A partial refund needs its own receipt; a full refund reuses the payment's (leave it out). */
  receipt?: PaymentReceipt;
  description?: string;
  idempotenceKey: string;
}

/**
 * A window of creation times: from `createdFrom` (included) to `createdTo` (excluded; unset: up to now).
 * Half-open, so that consecutive windows (one day, then the next) share no object and miss none.
 */
export interface CreatedWindow {
  createdFrom: Date;
  createdTo?: Date;
}

export interface PaymentProvider {
  create(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The payment as it is now; `null` when the provider does not know the id. */
  get(id: string): Promise<ProviderPayment | null>;
  /** Charges an authorized (`waiting_for_capture`) payment, in full or the part given. */
  capture(
    id: string,
    input: { idempotenceKey: string; amount?: Kopecks; receipt?: PaymentReceipt },
  ): Promise<ProviderPayment>;
  /** Releases an authorized payment. */
  cancel(id: string, input: { idempotenceKey: string }): Promise<ProviderPayment>;
  refund(input: RefundInput): Promise<ProviderRefund>;
  getRefund(id: string): Promise<ProviderRefund | null>;
  /**
   * Every payment of the shop created in the window, newest first, each as `get` reads it (`orderId` from its
   * metadata): what a reconciliation compares with the orders. All the provider's pages are read before it
   * answers; a failure on any page fails the whole list (a part of a list would look like missing payments).
   */
  listPayments(window: CreatedWindow): Promise<ProviderPayment[]>;
  /** Every refund of the shop created in the window, newest first, as `getRefund` reads it. */
  listRefunds(window: CreatedWindow): Promise<ProviderRefund[]>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/**
 * Why a call to the provider failed:
 *
 * - `rejected`: a definite refusal (400/404 of the provider: a bad receipt, a reused key with another body,
 *   a payment in the wrong status). `code` and `parameter` are the provider's. Repeating changes nothing.
 * - `credentials`: our shop id or secret key was refused (401/403): the deployment's fault.
 * - `rate_limited`: 429; `retryAfterSeconds` says when to come back.
 * - `unavailable`: a 500 (or another 5xx, or no connection) that persisted through the bounded repeats: the
 *   outcome is UNKNOWN. Keep the idempotence key and repeat later with it; never make a new key for it.
 * - `timeout`: no answer within the deadline, through the repeats: as `unavailable`, the outcome is unknown.
 */
export type PaymentFailureKind = 'rejected' | 'credentials' | 'rate_limited' | 'unavailable' | 'timeout';

export class PaymentProviderError extends Error {
  constructor(
    readonly kind: PaymentFailureKind,
    message: string,
    readonly details: {
      status?: number;
      code?: string;
      parameter?: string;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }

  /** Whether the provider may have done what was asked: repeat with the same idempotence key to learn it. */
  get outcomeUnknown(): boolean {
    return this.kind === 'unavailable' || this.kind === 'timeout';
  }

  /** The api's answer when a caller relays the failure as it is (502/504/429, a 400 with the provider's text). */
  toApiException(): ApiException {
    switch (this.kind) {
      case 'timeout':
        return new ApiException(504, {
          code: 'gateway_timeout',
          message: `${PAYMENTS_UPSTREAM}: ответ не получен вовремя`,
        });
      case 'rate_limited':
        return upstreamRateLimited(
          PAYMENTS_UPSTREAM,
          this.details.retryAfterSeconds ?? retryAfterSeconds(undefined),
        );
      case 'credentials':
        return upstreamFailure(PAYMENTS_UPSTREAM, 'учётные данные сервера отклонены');
      case 'unavailable':
        return upstreamFailure(PAYMENTS_UPSTREAM, 'платёжный сервис не ответил');
      case 'rejected':
        return upstreamStatusError(PAYMENTS_UPSTREAM, {
          status: this.details.status ?? 400,
          headers: {},
          body: Buffer.from(JSON.stringify({ description: this.message })),
        });
    }
  }
}

/** How far along a payment is: a status never goes back, so an older read never undoes a newer one. */
const STATUS_RANK: Record<PaymentStatus, number> = {
  pending: 0,
  waiting_for_capture: 1,
  succeeded: 2,
  canceled: 2,
};

/**
 * Whether `next` says more than `known` (what the listener applied last): a later status, or more refunded.
 * The listener's idempotence rule: repeated and out-of-order reads then change nothing twice.
 */
export function paymentProgressed(
  known: Pick<ProviderPayment, 'status' | 'refundedAmount'> | null,
  next: Pick<ProviderPayment, 'status' | 'refundedAmount'>,
): boolean {
  if (known === null) return true;
  const rank = STATUS_RANK[next.status] - STATUS_RANK[known.status];
  if (rank !== 0) return rank > 0;
  if (known.status !== next.status) return false;
  return next.refundedAmount > known.refundedAmount;
}
