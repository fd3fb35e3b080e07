import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { issuerAnswer } from './yookassa-cards';
import { invalidRequest, YookassaError } from './yookassa-error';
import { encodeCursor, parseListQuery, type ListedCollection, type ListPosition } from './yookassa-lists';
import { paymentObject, refundObject } from './yookassa-objects';
import {
  capturePaymentSchema,
  checkReceiptSum,
  createPaymentSchema,
  createRefundSchema,
  parseBody,
} from './yookassa-requests';
import { YookassaStore, type StoredCard, type StoredPayment, type StoredRefund } from './yookassa-store';
import { YookassaSwitches } from './yookassa-switches';
import {
  resolveYookassaOptions,
  YOOKASSA_TWIN_OPTIONS,
  type ResolvedYookassaOptions,
  type YookassaTwinOptions,
} from './yookassa-twin.options';

/** YooKassa keeps an idempotence key for 24 hours. */
export const IDEMPOTENCE_KEY_TTL_MS = 24 * 3_600_000;
export const IDEMPOTENCE_KEY_MAX_LENGTH = 64;

export type NotificationEvent =
  'payment.waiting_for_capture' | 'payment.succeeded' | 'payment.canceled' | 'refund.succeeded';

/** An answer of the API: its status and JSON body. */
export interface TwinAnswer {
  status: number;
  body: unknown;
}

/**
 * The YooKassa twin's business: payments and their statuses, refunds, idempotence keys, expiry and the
 * notification queue, over one SQLite file. The HTTP controllers only translate.
 */
@Injectable()
export class YookassaTwinService implements OnModuleDestroy {
  private readonly logger = new Logger('YookassaTwin');
  readonly options: ResolvedYookassaOptions;
  readonly store: YookassaStore;
  readonly switches: YookassaSwitches;
  private readonly calls = new Map<string, { second: number; count: number }>();
  private readonly listeners = new Set<() => void>();

  constructor(@Inject(YOOKASSA_TWIN_OPTIONS) options: YookassaTwinOptions) {
    this.options = resolveYookassaOptions(options);
    this.store = YookassaStore.open(this.options.dataDir);
    this.switches = new YookassaSwitches(this.options.switches);
  }

  onModuleDestroy(): void {
    this.store.close();
  }

  now(): number {
    return this.options.clock.now();
  }

  /** Called whenever a notification is queued, so the notifier delivers it at once. */
  onNotificationQueued(listener: () => void): void {
    this.listeners.add(listener);
  }

  // ----- access -------------------------------------------------------------------------------------------

  /** The shop of `Authorization: Basic base64(shopId:secretKey)`, or 401 `invalid_credentials`. */
  authenticate(authorization: string | undefined): string {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const shopId = colon > 0 ? decoded.slice(0, colon) : '';
    const secret = colon > 0 ? decoded.slice(colon + 1) : '';
    const shop = this.options.shops.find((candidate) => candidate.shopId === shopId);
    if (!shop || !sameSecret(shop.secretKey, secret)) {
      throw new YookassaError(
        'invalid_credentials',
        "Authentication by given credentials failed. Check the shop's id and secret key",
      );
    }
    return shop.shopId;
  }

  /** At most `rateLimitPerSecond` calls of a shop in one second; more is 429 `too_many_requests`. */
  countCall(shopId: string): void {
    const second = Math.floor(this.now() / 1000);
    const entry = this.calls.get(shopId);
    const count = entry && entry.second === second ? entry.count + 1 : 1;
    this.calls.set(shopId, { second, count });
    if (count > this.options.rateLimitPerSecond) {
      throw new YookassaError('too_many_requests', 'Too many requests. Repeat the request later');
    }
  }

  /**
   * Runs a POST under its idempotence key: the same key with the same body answers what the first call
   * answered (for 24 hours); the same key with another body is YooKassa's `Idempotence key duplicated`.
   * A 500 is not remembered, so a repeat gets the call done.
   */
  idempotent(shopId: string, key: string | undefined, request: unknown, run: () => TwinAnswer): TwinAnswer {
    if (key === undefined || key.trim() === '') {
      throw invalidRequest('Idempotence key is missing in the request header', 'Idempotence-Key');
    }
    if (key.length > IDEMPOTENCE_KEY_MAX_LENGTH) {
      throw invalidRequest('Idempotence key is longer than 64 characters', 'Idempotence-Key');
    }
    const now = this.now();
    const fingerprint = createHash('sha256').update(canonicalJson(request)).digest('hex');
    const remembered = this.store.rememberedAnswer(shopId, key, now - IDEMPOTENCE_KEY_TTL_MS);
    if (remembered) {
      if (remembered.fingerprint !== fingerprint) {
        throw invalidRequest('Idempotence key duplicated', 'Idempotence-Key');
      }
      return { status: remembered.status, body: remembered.body };
    }
    let answer: TwinAnswer;
    try {
      answer = run();
    } catch (error) {
      if (!(error instanceof YookassaError) || error.status >= 500) throw error;
      answer = { status: error.status, body: error.body() };
    }
    if (answer.status < 500) this.store.remember(shopId, key, { fingerprint, ...answer }, now);
    return answer;
  }

  // ----- payments -----------------------------------------------------------------------------------------

  createPayment(shopId: string, body: unknown): TwinAnswer {
    const input = parseBody(createPaymentSchema, body);
    if (input.receipt) checkReceiptSum(input.receipt, input.amount.value);
    const now = this.now();
    const payment: StoredPayment = {
      id: paymentId(),
      shopId,
      status: 'pending',
      amountKopecks: input.amount.value,
      refundedKopecks: 0,
      capture: input.capture,
      description: input.description ?? null,
      metadata: input.metadata ?? {},
      receipt: input.receipt ?? null,
      returnUrl: input.confirmation.return_url,
      createdAt: now,
      confirmationExpiresAt: now + this.options.confirmationTimeoutMs,
      captureExpiresAt: null,
      capturedAt: null,
      card: null,
      cancellation: null,
    };
    this.store.savePayment(payment);
    this.logger.debug(`Payment ${JSON.stringify(payment.id)} created`);
    return { status: 200, body: this.render(payment) };
  }

  getPayment(shopId: string, id: string): TwinAnswer {
    return { status: 200, body: this.render(this.shopPayment(shopId, id)) };
  }

  /** `GET /v3/payments`: a page of the shop's payments, newest first, each as `GET /v3/payments/{id}` gives it. */
  listPayments(shopId: string, search: URLSearchParams): TwinAnswer {
    const page = this.store.listPayments(shopId, parseListQuery('payments', search));
    return listAnswer(
      'payments',
      page.items.map((payment) => this.render(payment)),
      page.next,
    );
  }

  capturePayment(shopId: string, id: string, body: unknown): TwinAnswer {
    const input = parseBody(capturePaymentSchema, body);
    const payment = this.shopPayment(shopId, id);
    if (payment.status !== 'waiting_for_capture') {
      throw invalidRequest(
        `Payment is ${payment.status}: only waiting_for_capture can be captured`,
        'payment_id',
      );
    }
    const amount = input.amount?.value ?? payment.amountKopecks;
    if (amount > payment.amountKopecks) {
      throw invalidRequest('Capture amount exceeds the authorized amount', 'amount.value');
    }
    const receipt = input.receipt ?? payment.receipt;
    if (input.receipt) checkReceiptSum(input.receipt, amount);
    else if (receipt && amount !== payment.amountKopecks) {
      throw invalidRequest('A partial capture needs its own receipt', 'receipt');
    }
    const captured: StoredPayment = {
      ...payment,
      status: 'succeeded',
      amountKopecks: amount,
      receipt,
      capturedAt: this.now(),
      captureExpiresAt: null,
    };
    this.changePayment(captured);
    return { status: 200, body: this.render(captured) };
  }

  cancelPayment(shopId: string, id: string): TwinAnswer {
    const payment = this.shopPayment(shopId, id);
    if (payment.status !== 'waiting_for_capture') {
      throw invalidRequest(
        `Payment is ${payment.status}: only waiting_for_capture can be canceled`,
        'payment_id',
      );
    }
    const canceled: StoredPayment = {
      ...payment,
      status: 'canceled',
      captureExpiresAt: null,
      cancellation: { party: 'merchant', reason: 'canceled_by_merchant' },
    };
    this.changePayment(canceled);
    return { status: 200, body: this.render(canceled) };
  }

  // ----- refunds ------------------------------------------------------------------------------------------

  createRefund(shopId: string, body: unknown): TwinAnswer {
    const input = parseBody(createRefundSchema, body);
    const payment = this.store.payment(input.payment_id);
    if (!payment || payment.shopId !== shopId) {
      throw invalidRequest('Payment not found', 'payment_id');
    }
    if (payment.status !== 'succeeded') {
      throw invalidRequest(
        `Payment is ${payment.status}: only succeeded payments are refunded`,
        'payment_id',
      );
    }
    const left = payment.amountKopecks - payment.refundedKopecks;
    const amount = input.amount.value;
    if (amount > left) {
      throw invalidRequest('Refund amount exceeds what is left of the payment', 'amount.value');
    }
    // A full refund reuses the payment's receipt; a partial one (of a payment with a receipt) needs its own.
    const partial = amount !== payment.amountKopecks;
    if (input.receipt) checkReceiptSum(input.receipt, amount);
    else if (payment.receipt && partial) {
      throw invalidRequest('A partial refund needs its own receipt', 'receipt');
    }
    const now = this.now();
    const refund: StoredRefund = {
      id: paymentId(),
      shopId,
      paymentId: payment.id,
      status: 'succeeded',
      amountKopecks: amount,
      description: input.description ?? null,
      receipt: input.receipt ?? (partial ? null : payment.receipt),
      createdAt: now,
    };
    const refunded: StoredPayment = { ...payment, refundedKopecks: payment.refundedKopecks + amount };
    this.store.transaction(() => {
      this.store.saveRefund(refund);
      this.store.savePayment(refunded);
      this.notify('refund.succeeded', refundObject(refund));
    });
    return { status: 200, body: refundObject(refund) };
  }

  getRefund(shopId: string, id: string): TwinAnswer {
    const refund = this.store.refund(id);
    if (!refund || refund.shopId !== shopId) throw new YookassaError('not_found', 'Refund not found');
    return { status: 200, body: refundObject(refund) };
  }

  /** `GET /v3/refunds`: a page of the shop's refunds (of one payment with `payment_id`), newest first. */
  listRefunds(shopId: string, search: URLSearchParams): TwinAnswer {
    const page = this.store.listRefunds(shopId, parseListQuery('refunds', search));
    return listAnswer('refunds', page.items.map(refundObject), page.next);
  }

  // ----- the payer's side (the card page) -----------------------------------------------------------------

  /** A payment as the card page shows it (no credentials: its id is the page's address). */
  paymentForPayer(id: string): StoredPayment | null {
    this.expireDue();
    return this.store.payment(id);
  }

  /** The payer's card, as the issuer answers it: paid (or authorized), or declined. Only a pending payment. */
  confirmWithCard(id: string, card: StoredCard & { number: string }): StoredPayment | null {
    this.expireDue();
    const payment = this.store.payment(id);
    if (!payment || payment.status !== 'pending') return payment;
    const answer = issuerAnswer(card.number);
    const now = this.now();
    const storedCard: StoredCard = {
      first6: card.first6,
      last4: card.last4,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
    };
    const next: StoredPayment = !answer.pays
      ? {
          ...payment,
          status: 'canceled',
          card: storedCard,
          cancellation: { party: 'payment_network', reason: answer.reason },
        }
      : payment.capture
        ? { ...payment, status: 'succeeded', card: storedCard, capturedAt: now }
        : {
            ...payment,
            status: 'waiting_for_capture',
            card: storedCard,
            captureExpiresAt: now + this.options.captureTimeoutMs,
          };
    this.changePayment(next);
    return next;
  }

  // ----- time ---------------------------------------------------------------------------------------------

  /**
   * Cancels what has waited too long: a pending payment `expired_on_confirmation`, an uncaptured one
   * `expired_on_capture` (both by `yoo_money`, as YooKassa reports them). Also forgets keys past 24 hours.
   */
  expireDue(): number {
    const now = this.now();
    const expired = this.store.expiredPayments(now);
    for (const payment of expired) {
      this.changePayment({
        ...payment,
        status: 'canceled',
        captureExpiresAt: null,
        cancellation: {
          party: 'yoo_money',
          reason: payment.status === 'pending' ? 'expired_on_confirmation' : 'expired_on_capture',
        },
      });
    }
    this.store.forgetAnswersBefore(now - IDEMPOTENCE_KEY_TTL_MS);
    return expired.length;
  }

  /**
   * The payer left the card page long ago (a test's stand-in for the hour passing): a shop's pending payment
   * runs out of time now, or an uncaptured one of its capture time, and is canceled as YooKassa cancels it.
   * A payment that is already final stays as it is.
   */
  expireNow(shopId: string, id: string): StoredPayment {
    const payment = this.shopPayment(shopId, id);
    const now = this.now();
    if (payment.status === 'pending') {
      this.store.savePayment({ ...payment, confirmationExpiresAt: now });
    } else if (payment.status === 'waiting_for_capture') {
      this.store.savePayment({ ...payment, captureExpiresAt: now });
    }
    this.expireDue();
    return this.shopPayment(shopId, id);
  }

  // ----- internals ----------------------------------------------------------------------------------------

  render(payment: StoredPayment): Record<string, unknown> {
    return paymentObject(payment, this.options.publicBaseUrl);
  }

  private shopPayment(shopId: string, id: string): StoredPayment {
    const payment = this.store.payment(id);
    // Another shop's payment does not exist for this one.
    if (!payment || payment.shopId !== shopId) throw new YookassaError('not_found', 'Payment not found');
    return payment;
  }

  /** Saves a payment's new status and queues its notification in the same transaction. */
  private changePayment(payment: StoredPayment): void {
    this.store.transaction(() => {
      this.store.savePayment(payment);
      if (payment.status !== 'pending') this.notify(`payment.${payment.status}`, this.render(payment));
    });
    this.logger.debug(`Payment ${JSON.stringify(payment.id)} is ${payment.status}`);
  }

  private notify(event: NotificationEvent, object: Record<string, unknown>): void {
    const url = this.options.notificationUrl;
    if (!url) return;
    const body = JSON.stringify({ type: 'notification', event, object });
    const { notificationCopies, holdNotifications } = this.switches.current;
    for (let copy = 0; copy < notificationCopies; copy += 1) {
      this.store.enqueueNotification(url, body, this.now(), holdNotifications);
    }
    for (const listener of this.listeners) listener();
  }
}

/** YooKassa's list object: `next_cursor` only when more remain. */
function listAnswer(
  collection: ListedCollection,
  items: Record<string, unknown>[],
  next: ListPosition | null,
): TwinAnswer {
  return {
    status: 200,
    body: { type: 'list', items, ...(next === null ? {} : { next_cursor: encodeCursor(collection, next) }) },
  };
}

function sameSecret(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

/** An id shaped like YooKassa's (`2d4f8d2a-000f-5000-8000-1b2c3d4e5f60`). */
function paymentId(): string {
  const hex = randomBytes(10).toString('hex');
  return `${hex.slice(0, 8)}-000f-5000-${((parseInt(hex[8] ?? '0', 16) & 0x3) | 0x8).toString(16)}${hex.slice(9, 12)}-${hex.slice(12, 20)}${randomBytes(2).toString('hex')}`;
}

/** JSON with sorted keys, so two bodies that mean the same have one fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
