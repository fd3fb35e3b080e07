import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  canTransitionRequest,
  orderErrorCodes,
  orderLimits,
  orderPagePath,
  PAYMENT_RETURNED_REASON,
  type CreateOrderBody,
  type Order,
  type OrderStatus,
  type PaymentTerm,
  type RefundRequestBody,
  type RequestState,
} from '@fed/contracts';
import { randomUUID } from 'node:crypto';
import { ApiException } from '../common/api-exception.filter';
import { CLOCK, type Clock } from '../common/clock';
import type { Caller } from '../common/caller';
import type { PaymentsUnderWay } from '../common/payments-under-way';
import { paymentDeclined, paymentSucceeded, refundMade } from '../notices/notice-drafts';
import { recordNotice } from '../notices/notices-store';
import { PaymentEvents, type PaymentChange } from '../payments/payment-events';
import {
  PAYMENT_PROVIDER,
  paymentProgressed,
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderPayment,
  type RefundInput,
} from '../payments/payment-provider';
import { PlatformClient, PlatformError } from '../platform/platform-client';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { cancellationMessage } from './cancellation-reasons';
import { paymentUnderWay, transition, type OrderEvent, type OrderTransition } from './order-machine';
import {
  clip,
  guardVersions,
  HOUR_MS,
  isUniqueViolation,
  OrdersStore,
  raiseGuards,
  receiptOf,
  type AttemptRow,
  type LineRow,
  type OrderRow,
} from './orders-store';

/** What an attempt froze when it opened: each line it pays and what for. */
interface FrozenLine {
  lineId: string;
  requestId: string;
  amount: number;
}

/** Another transaction changed the order between the read and the write: read again and decide again. */
class StaleOrder extends Error {}

/** Why a payment that succeeded is given back, in the payer's words (shown on the order under «Платёж возвращён»). */
const returnReasons = {
  canceled: 'Заказ был отменён до оплаты: его заявки оформлены в другом заказе.',
  amount: 'Сумма платежа не совпала с суммой заказа. Оплатите заказ ещё раз.',
  paidElsewhere: 'Заявка уже оплачена в другом заказе.',
  alreadyPaid: 'Заказ уже был оплачен другим платежом.',
} as const;

export const ORDERS_OPTIONS = Symbol('ORDERS_OPTIONS');

export interface OrdersOptions {
  /** The portal's public origin for the provider's `return_url`; `null`: the request's origin. */
  portalPublicUrl: string | null;
}

const notFound = (): never => {
  throw new ApiException(404, { code: orderErrorCodes.notFound, message: 'Заказ не найден' });
};

function tooMany(message: string, oldest: number | null, now: number): never {
  const seconds = Math.max(1, Math.ceil(((oldest ?? now) + HOUR_MS - now) / 1000));
  throw new ApiException(
    429,
    { code: orderErrorCodes.tooMany, message: `${message}: повторите через ${Math.ceil(seconds / 60)} мин` },
    { 'Retry-After': String(seconds) },
  );
}

/** A platform call that failed: the api's 502/504/429 for it. */
function platformFailure(error: unknown, reason: string): never {
  if (error instanceof PlatformError) throw error.toApiException(reason);
  throw error;
}

/**
 * Orders: what a login pays, made from the platform's payment terms (never from the browser), paid through
 * the payment port with one idempotence key per attempt stored before the call, and changed only by reads
 * of the provider (its notifications, read again, or the payer's return). Paid orders reach the platform by
 * its server-only scripts, idempotently, until it has heard.
 */
@Injectable()
export class OrdersService implements OnModuleInit, OnModuleDestroy, PaymentsUnderWay {
  private readonly logger = new Logger('Orders');
  private readonly store: OrdersStore;
  private readonly now: () => number;
  private unsubscribe: (() => void) | null = null;

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    private readonly platform: PlatformClient,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly events: PaymentEvents,
    @Inject(ORDERS_OPTIONS) private readonly options: OrdersOptions,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.store = new OrdersStore(db);
    this.now = () => clock.now();
  }

  onModuleInit(): void {
    // A throw here makes the receiver answer an error, and the provider delivers again.
    this.unsubscribe = this.events.subscribe((change) => this.onPaymentChange(change));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  // ——— reading ———

  /** The caller's order, or 404 for anyone else's (the organizer's too) and for none. */
  private async own(caller: Caller, orderId: string): Promise<OrderRow> {
    const order = await this.store.order(orderId);
    if (!order || order.payer_login_id !== caller.loginId) return notFound();
    return order;
  }

  async list(caller: Caller): Promise<{ result: Order[]; total: number }> {
    const orders = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('payer_login_id', '=', caller.loginId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    const result = await Promise.all(orders.map((order) => this.store.view(order)));
    return { result, total: result.length };
  }

  /**
   * The order as the provider says it is now: while an attempt is open its payment is read and applied (the
   * payer's return), and a paid order the platform has not heard of yet is told again.
   */
  async get(caller: Caller, orderId: string): Promise<Order> {
    let order = await this.own(caller, orderId);
    const open = await this.store.openAttempt(order.id);
    if (open?.provider_payment_id) {
      const payment = await this.readPayment(open.provider_payment_id);
      if (payment) await this.applyRead(payment);
      order = (await this.store.order(order.id)) ?? order;
    }
    if (order.status === 'paid' && order.platform_synced_at === null) {
      await this.tellPlatform(order).catch((error: unknown) =>
        this.logger.warn(
          `Order ${order.id}: the platform has not heard of the payment yet (${String(error)})`,
        ),
      );
    }
    return this.store.view((await this.store.order(order.id)) ?? order);
  }

  /**
   * Takes the request for a change on the platform (other programs, another package, a withdrawal): `false`
   * while an order holding it has a payment the provider may still complete. An attempt whose payment ended
   * without a notification yet is read first, so it no longer counts. Until {@link endRequestChange}, no attempt
   * opens on the request — the check and the change are one step for an attempt, with no window between them.
   */
  async beginRequestChange(requestId: string): Promise<{ taken: boolean; paid: boolean }> {
    await this.readOpenAttemptsOf(requestId);
    return this.db.transaction().execute(async (trx) => {
      await raiseGuards(trx, [requestId], this.now());
      const holders = await trx
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select('orders.status as status')
        .where('order_lines.request_id', '=', requestId)
        .where('order_lines.held', '=', 1)
        .where('order_lines.state', '=', 'active')
        .execute();
      const paid = holders.some(
        (holder) => holder.status === 'paid' || holder.status === 'partially_refunded',
      );
      if (holders.some((holder) => paymentUnderWay(holder.status as OrderStatus)))
        return { taken: false, paid };
      await raiseGuards(trx, [requestId], this.now(), 'begin');
      return { taken: true, paid };
    });
  }

  /** The change taken by {@link beginRequestChange} is over (done or failed): attempts may open again. */
  async endRequestChange(requestId: string): Promise<void> {
    await this.db.transaction().execute((trx) => raiseGuards(trx, [requestId], this.now(), 'end'));
  }

  /** The open attempts of the orders holding the request, read from the provider and applied. */
  private async readOpenAttemptsOf(requestId: string): Promise<void> {
    const holders = await this.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select('orders.id as id')
      .where('order_lines.request_id', '=', requestId)
      .where('order_lines.held', '=', 1)
      .where('orders.status', 'in', ['new', 'pending'])
      .distinct()
      .execute();
    for (const { id } of holders) {
      const open = await this.store.openAttempt(id);
      if (!open?.provider_payment_id) continue;
      const payment = await this.readPayment(open.provider_payment_id);
      if (payment) await this.applyRead(payment);
    }
  }

  private async readPayment(id: string): Promise<ProviderPayment | null> {
    try {
      return await this.provider.get(id);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error.toApiException();
      throw error;
    }
  }

  // ——— creating ———

  /** The platform's terms of these requests, each of one of the caller's athletes (404 otherwise). */
  private async terms(caller: Caller, requestIds: readonly string[]): Promise<PaymentTerm[]> {
    let answer;
    try {
      answer = await this.platform.runScript('getPaymentTerms', { requestIds: [...requestIds] });
    } catch (error) {
      return platformFailure(error, 'условия оплаты не получены');
    }
    const terms = answer.result;
    for (const id of requestIds) {
      const term = terms.find((entry) => entry.requestId === id);
      if (!term || !caller.sportsmanIds.includes(term.sportsmanId)) {
        throw new ApiException(404, { code: 'not_found', message: 'Заявка не найдена' });
      }
    }
    for (const term of terms) {
      if (!caller.sportsmanIds.includes(term.sportsmanId)) {
        throw new ApiException(404, { code: 'not_found', message: 'Заявка не найдена' });
      }
      if (!term.payable) {
        throw new ApiException(400, {
          code: orderErrorCodes.notPayable,
          message: `${term.title}: ${term.reason ?? 'оплатить нельзя'}`,
        });
      }
      if (term.amount.currency !== 'RUB') {
        throw new ApiException(400, {
          code: orderErrorCodes.notPayable,
          message: 'Оплата принимается в рублях',
        });
      }
    }
    return terms;
  }

  async create(caller: Caller, body: CreateOrderBody): Promise<{ order: Order; created: boolean }> {
    const now = this.now();
    const window = await this.store.ordersSince(caller.loginId, now - HOUR_MS);
    if (window.count >= orderLimits.ordersPerLoginPerHour)
      tooMany('Слишком много заказов за час', window.oldest, now);
    const terms = await this.terms(caller, body.requestIds);
    const requestIds = terms.map((term) => term.requestId);
    // A concurrent create of the same requests loses at the unique index and then finds the winner's order.
    for (let round = 0; round < 3; round += 1) {
      const existing = await this.releaseHolders(caller, requestIds);
      if (existing) {
        // A price changed meanwhile (a photo package chosen anew): an order nobody is paying follows it now.
        if (existing.status === 'new' && !(await this.store.openAttempt(existing.id))) {
          const held = (await this.store.lines(existing.id)).filter((line) => line.held === 1);
          await this.refreshAmounts(existing, held, terms);
        }
        const current = (await this.store.order(existing.id)) ?? existing;
        return { order: await this.store.view(current), created: false };
      }
      try {
        const order = await this.insert(caller, terms);
        return { order: await this.store.view(order), created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new ApiException(409, {
      code: orderErrorCodes.inProgress,
      message: 'Эти заявки сейчас оформляются в другом заказе: обновите страницу',
    });
  }

  /**
   * Orders that hold any of these requests: the caller's open order of exactly these requests is the answer;
   * any other open order without a payment under way gives them up (canceled); one with a payment under way
   * is a 409 until the provider says how it ended.
   */
  private async releaseHolders(caller: Caller, requestIds: readonly string[]): Promise<OrderRow | null> {
    const holders = await this.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['orders.id as id'])
      .where('order_lines.request_id', 'in', [...requestIds])
      .where('order_lines.held', '=', 1)
      .distinct()
      .execute();
    for (const { id } of holders) {
      let order = await this.store.order(id);
      if (!order) continue;
      const held = (await this.store.lines(order.id)).filter((line) => line.held === 1);
      const same =
        held.length === requestIds.length && held.every((line) => requestIds.includes(line.request_id));
      if (
        same &&
        order.payer_login_id === caller.loginId &&
        (order.status === 'new' || order.status === 'pending')
      ) {
        return order;
      }
      const open = await this.store.openAttempt(order.id);
      if (open?.provider_payment_id) {
        const payment = await this.readPayment(open.provider_payment_id);
        if (payment) await this.applyRead(payment);
        order = (await this.store.order(order.id)) ?? order;
      }
      const inProgress = (status: string): never => {
        throw new ApiException(409, {
          code: orderErrorCodes.inProgress,
          message:
            status === 'paid' || status === 'partially_refunded'
              ? 'Заявка уже оплачена'
              : 'Заявка уже в заказе, оплата которого не завершена: завершите её или дождитесь отмены',
        });
      };
      // Given up only where the machine allows it (not while a payment may still complete), decided on the
      // order as it is inside the transaction that cancels it: an attempt opening at the same moment either
      // finds it canceled or keeps it.
      await this.db.transaction().execute(async (trx) => {
        await raiseGuards(
          trx,
          held.map((line) => line.request_id),
          this.now(),
        );
        const current = await this.store.order(order.id, trx);
        if (!current || current.status === 'canceled') return;
        if (current.status !== 'new' || (await this.store.openAttempt(current.id, trx))) {
          return inProgress(current.status);
        }
        await this.moveByMachine(trx, current, 'released');
        await trx.updateTable('order_lines').set({ held: null }).where('order_id', '=', current.id).execute();
      });
    }
    return null;
  }

  /**
   * Moves the order by `event` as the machine says (`order-machine.ts`), by a compare-and-set on the version it
   * was read at, with `patch` written in the same update. `null`: a request the machine refuses in this state
   * (nothing written). Throws {@link StaleOrder} when another transaction changed the order meanwhile.
   */
  private async moveByMachine(
    trx: AuthDb,
    order: OrderRow,
    event: OrderEvent,
    patch: Partial<Omit<OrderRow, 'id' | 'status' | 'version'>> = {},
  ): Promise<OrderTransition | null> {
    const step = transition(order.status as OrderStatus, event);
    if (step === null) return null;
    const changed = await trx
      .updateTable('orders')
      .set({ ...patch, status: step.to, version: Number(order.version) + 1, updated_at: this.now() })
      .where('id', '=', order.id)
      .where('version', '=', Number(order.version))
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) throw new StaleOrder(order.id);
    return step;
  }

  private async insert(caller: Caller, terms: readonly PaymentTerm[]): Promise<OrderRow> {
    const login = await this.db
      .selectFrom('logins')
      .select('phone')
      .where('id', '=', caller.loginId)
      .executeTakeFirst();
    if (!login) throw new ApiException(401, { code: 'unauthorized', message: 'Войдите, чтобы продолжить' });
    const now = this.now();
    const orderId = randomUUID();
    const lines = terms.map((term, position) => ({
      id: randomUUID(),
      order_id: orderId,
      position,
      kind: term.kind,
      request_id: term.requestId,
      sportsman_id: term.sportsmanId,
      sportsman_name: term.sportsmanName,
      title: term.title,
      details: term.details,
      amount: term.amount.cents,
      competition_id: term.competitionId,
      season: term.season,
      state: 'active',
      held: 1,
      refunded_at: null,
    }));
    const order = {
      id: orderId,
      payer_login_id: caller.loginId,
      payer_phone: login.phone,
      status: 'new',
      description: clip(
        lines.length === 1
          ? (lines[0]?.title ?? '')
          : `Оплата: ${lines.map((line) => line.title).join('; ')}`,
      ),
      amount: lines.reduce((sum, line) => sum + line.amount, 0),
      receipt: JSON.stringify(receiptOf(login.phone, lines)),
      failure_reason: null,
      failure_message: null,
      failure_at: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
      platform_synced_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await raiseGuards(
        trx,
        lines.map((line) => line.request_id),
        now,
      );
      await trx.insertInto('orders').values(order).execute();
      await trx.insertInto('order_lines').values(lines).execute();
    });
    return (await this.store.order(orderId)) as OrderRow;
  }

  // ——— paying ———

  /**
   * The provider's page for the order: the open attempt's payment while it is pending (a double click, a
   * reload, a second tab), the same request repeated under the same key while its outcome is unknown, or a
   * new attempt with a new key once the last one was declined or expired.
   */
  async pay(
    caller: Caller,
    orderId: string,
    requestOrigin: string,
  ): Promise<{ order: Order; confirmationUrl: string }> {
    let order = await this.own(caller, orderId);
    for (let round = 0; round < 3; round += 1) {
      if (order.status !== 'new' && order.status !== 'pending') {
        throw new ApiException(409, {
          code: orderErrorCodes.notOpen,
          message: order.status === 'paid' ? 'Заказ уже оплачен' : 'Заказ закрыт: оплачивать нечего',
        });
      }
      let attempt = await this.store.openAttempt(order.id);
      if (attempt?.provider_payment_id) {
        const payment = await this.readPayment(attempt.provider_payment_id);
        if (payment) await this.applyRead(payment);
        attempt = await this.store.openAttempt(order.id);
        order = (await this.store.order(order.id)) ?? order;
        if (attempt?.status === 'pending' && attempt.confirmation_url) {
          return { order: await this.store.view(order), confirmationUrl: attempt.confirmation_url };
        }
        if (attempt) {
          throw new ApiException(409, {
            code: orderErrorCodes.notOpen,
            message: 'Платёж ожидает подтверждения: обновите страницу через минуту',
          });
        }
        continue;
      }
      if (!attempt) attempt = await this.openAttempt(caller, order, requestOrigin);
      if (!attempt) {
        order = (await this.store.order(order.id)) ?? order;
        continue;
      }
      const payment = await this.createPayment(attempt);
      order = (await this.store.order(order.id)) ?? order;
      if (payment.status === 'pending' && payment.confirmationUrl) {
        return { order: await this.store.view(order), confirmationUrl: payment.confirmationUrl };
      }
    }
    throw new ApiException(409, {
      code: orderErrorCodes.notOpen,
      message: 'Заказ изменился: обновите страницу',
    });
  }

  /**
   * A new attempt: the lines checked with the platform again (a deadline may have passed, a fee changed), then,
   * in ONE transaction — the requests' guards raised, the order read again and moved `new` → `pending` by a
   * compare-and-set, its lines and amount frozen as the platform gave them, and a fresh key with the exact
   * request stored BEFORE any call. The transaction refuses when a request was changed since the platform was
   * read (its guard moved: read it again) or is being changed now (409). `undefined` when a concurrent call
   * opened one first or the order moved (the caller reads it again).
   */
  private async openAttempt(
    caller: Caller,
    order: OrderRow,
    requestOrigin: string,
  ): Promise<AttemptRow | undefined> {
    const now = this.now();
    const window = await this.store.attemptsSince(order.id, now - HOUR_MS);
    if (window.count >= orderLimits.paymentsPerOrderPerHour) {
      tooMany('Слишком много попыток оплаты за час', window.oldest, now);
    }
    const lines = (await this.store.lines(order.id)).filter((line) => line.held === 1);
    const requestIds = lines.map((line) => line.request_id);
    for (let round = 0; round < 3; round += 1) {
      // Read before the platform: a change of a request after this read moves its guard, and the attempt refuses.
      const versions = await guardVersions(this.db, requestIds);
      const terms = await this.terms(caller, requestIds);
      if (terms.length !== lines.length) {
        throw new ApiException(400, {
          code: orderErrorCodes.notPayable,
          message: 'Состав заказа изменился: оформите заказ заново',
        });
      }
      const frozen: FrozenLine[] = lines.map((line) => ({
        lineId: line.id,
        requestId: line.request_id,
        amount: terms.find((term) => term.requestId === line.request_id)?.amount.cents ?? line.amount,
      }));
      const amount = frozen.reduce((sum, line) => sum + line.amount, 0);
      const attemptId = randomUUID();
      const input: CreatePaymentInput = {
        orderId: order.id,
        amount,
        description: order.description,
        receipt: receiptOf(
          order.payer_phone,
          lines.map((line) => ({
            ...line,
            amount: frozen.find((entry) => entry.lineId === line.id)?.amount ?? line.amount,
          })),
        ),
        returnUrl: `${this.options.portalPublicUrl ?? requestOrigin}${orderPagePath(order.id)}`,
        idempotenceKey: randomUUID(),
        capture: true,
        metadata: { attemptId },
      };
      const opened = await this.db
        .transaction()
        .execute(async (trx) => {
          const guards = await raiseGuards(trx, requestIds, this.now());
          if (guards.some((guard) => guard.beingChanged)) {
            throw new ApiException(409, {
              code: orderErrorCodes.inProgress,
              message: 'Заявка сейчас изменяется: обновите страницу и оплатите заказ ещё раз',
            });
          }
          if (guards.some((guard) => guard.version !== versions.get(guard.requestId)))
            return 'reread' as const;
          const current = await this.store.order(order.id, trx);
          if (!current || current.status !== 'new' || (await this.store.openAttempt(order.id, trx))) {
            return 'moved' as const;
          }
          for (const line of frozen) {
            await trx
              .updateTable('order_lines')
              .set({ amount: line.amount })
              .where('id', '=', line.lineId)
              .execute();
          }
          const fresh = await this.store.lines(order.id, trx);
          const step = await this.moveByMachine(trx, current, 'attempt_opened', {
            amount,
            receipt: JSON.stringify(receiptOf(order.payer_phone, fresh)),
          });
          if (step === null) return 'moved' as const;
          await trx
            .insertInto('order_payments')
            .values({
              id: attemptId,
              order_id: order.id,
              idempotence_key: input.idempotenceKey,
              request: JSON.stringify(input),
              provider_payment_id: null,
              status: 'creating',
              confirmation_url: null,
              cancellation_party: null,
              cancellation_reason: null,
              open: 1,
              amount,
              lines: JSON.stringify(frozen),
              captured_amount: null,
              created_at: now,
              updated_at: now,
            })
            .execute();
          return 'opened' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof StaleOrder || isUniqueViolation(error)) return 'moved' as const;
          throw error;
        });
      if (opened === 'moved') return undefined;
      if (opened === 'opened') return this.store.openAttempt(order.id);
    }
    throw new ApiException(409, {
      code: orderErrorCodes.inProgress,
      message: 'Заявки заказа сейчас изменяются: обновите страницу и оплатите заказ ещё раз',
    });
  }

  /**
   * A fee changed on the platform while nothing was being paid: the order's lines and sum follow it — in one
   * transaction, on the order as it is then, and only while it is `new` with no attempt (an attempt froze its own).
   */
  private async refreshAmounts(
    order: OrderRow,
    lines: readonly LineRow[],
    terms: readonly PaymentTerm[],
  ): Promise<void> {
    const priced = lines.map((line) => ({
      line,
      cents: terms.find((term) => term.requestId === line.request_id)?.amount.cents ?? line.amount,
    }));
    if (priced.every(({ line, cents }) => cents === line.amount)) return;
    await this.db
      .transaction()
      .execute(async (trx) => {
        await raiseGuards(
          trx,
          lines.map((line) => line.request_id),
          this.now(),
        );
        const current = await this.store.order(order.id, trx);
        if (!current || current.status !== 'new' || (await this.store.openAttempt(order.id, trx))) return;
        for (const { line, cents } of priced) {
          await trx.updateTable('order_lines').set({ amount: cents }).where('id', '=', line.id).execute();
        }
        const fresh = (await this.store.lines(order.id, trx)).filter((line) => line.held === 1);
        const changed = await trx
          .updateTable('orders')
          .set({
            amount: fresh.reduce((sum, line) => sum + Number(line.amount), 0),
            receipt: JSON.stringify(receiptOf(order.payer_phone, fresh)),
            version: Number(current.version) + 1,
            updated_at: this.now(),
          })
          .where('id', '=', order.id)
          .where('version', '=', Number(current.version))
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) throw new StaleOrder(order.id);
      })
      .catch((error: unknown) => {
        // Someone else moved the order meanwhile: what they wrote stands.
        if (!(error instanceof StaleOrder)) throw error;
      });
  }

  /** Sends the attempt's stored request under its stored key and applies the answer. */
  private async createPayment(attempt: AttemptRow): Promise<ProviderPayment> {
    const input = JSON.parse(attempt.request) as CreatePaymentInput;
    let payment: ProviderPayment;
    try {
      payment = await this.provider.create(input);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      if (error.kind === 'rejected') {
        // A definite refusal: nothing was made; the attempt closes and the order is payable again.
        await this.closeRejected(attempt);
      }
      // Otherwise the outcome is unknown: the attempt stays open with its key, and the next press repeats it.
      throw error.toApiException();
    }
    await this.db
      .updateTable('order_payments')
      .set({ provider_payment_id: payment.id, updated_at: this.now() })
      .where('id', '=', attempt.id)
      .where('provider_payment_id', 'is', null)
      .execute();
    await this.applyRead(payment);
    return payment;
  }

  /** The attempt the provider definitely refused closes, and its order moves back as the machine says. */
  private async closeRejected(attempt: AttemptRow): Promise<void> {
    for (let round = 0; round < 5; round += 1) {
      try {
        await this.db.transaction().execute(async (trx) => {
          const changed = await trx
            .updateTable('order_payments')
            .set({ status: 'rejected', open: null, updated_at: this.now() })
            .where('id', '=', attempt.id)
            .where('status', '=', 'creating')
            .executeTakeFirst();
          if (Number(changed.numUpdatedRows) === 0) return;
          const order = await this.store.order(attempt.order_id, trx);
          if (order) await this.moveByMachine(trx, order, 'attempt_rejected');
        });
        return;
      } catch (error) {
        if (!(error instanceof StaleOrder)) throw error;
      }
    }
  }

  // ——— applying what the provider says ———

  private async onPaymentChange(change: PaymentChange): Promise<void> {
    const applied = await this.applyRead(change.payment);
    if (applied === null) return;
    const order = await this.store.order(applied);
    if (order?.status === 'paid' && order.platform_synced_at === null) await this.tellPlatform(order);
  }

  /**
   * Applies a READ of the provider to the attempt that made the payment and to its order, once: a
   * compare-and-set on the attempt's known status and refunded amount, so a repeated, older or raced read
   * changes nothing; the order moves as the machine says, by a compare-and-set on its version in the same
   * transaction. Money that came where nothing is owed is given back whole (a `payment_returns` row written in
   * that transaction, the provider's refund made after it). Returns the order's id, or `null` for a payment no
   * order made.
   */
  async applyRead(payment: ProviderPayment): Promise<string | null> {
    for (let round = 0; round < 5; round += 1) {
      const attempt = await this.store.attemptOf(payment.id, payment.metadata['attemptId']);
      if (!attempt || (payment.orderId !== null && payment.orderId !== attempt.order_id)) {
        if (round === 0) this.logger.warn(`Payment ${JSON.stringify(payment.id)} belongs to no order here`);
        return null;
      }
      const known =
        attempt.status === 'creating' || attempt.status === 'rejected'
          ? null
          : { status: attempt.status as PaymentStatus, refundedAmount: attempt.refunded_amount };
      if (!paymentProgressed(known, payment)) return attempt.order_id;
      let outcome: { returnId: string | null; why: keyof typeof returnReasons | null } | null;
      try {
        outcome = await this.db.transaction().execute(async (trx) => {
          const open = payment.status === 'pending' || payment.status === 'waiting_for_capture';
          const changed = await trx
            .updateTable('order_payments')
            .set({
              provider_payment_id: payment.id,
              status: payment.status,
              refunded_amount: payment.refundedAmount,
              confirmation_url: payment.confirmationUrl,
              cancellation_party: payment.cancellation?.party ?? null,
              cancellation_reason: payment.cancellation?.reason ?? null,
              open: open ? 1 : null,
              ...(payment.status === 'succeeded' ? { captured_amount: payment.amount } : {}),
              updated_at: this.now(),
            })
            .where('id', '=', attempt.id)
            .where('status', '=', attempt.status)
            .where('refunded_amount', '=', attempt.refunded_amount)
            .executeTakeFirst();
          if (Number(changed.numUpdatedRows) === 0) return null;
          // A refund of a payment already applied moves the attempt's refunded sum only.
          if (attempt.status === payment.status) return { returnId: null, why: null };
          const order = await this.store.order(attempt.order_id, trx);
          if (!order) return { returnId: null, why: null };
          return this.moveOrder(trx, order, attempt, payment);
        });
      } catch (error) {
        if (error instanceof StaleOrder) continue;
        throw error;
      }
      if (outcome === null) continue;
      this.logger.log(
        `Order ${JSON.stringify(attempt.order_id)}: payment ${JSON.stringify(payment.id)} ${payment.status}`,
      );
      if (outcome.returnId !== null) {
        this.logger.warn(
          `Order ${JSON.stringify(attempt.order_id)}: payment ${JSON.stringify(payment.id)} succeeded where ` +
            `nothing is owed (${outcome.why ?? 'unowed'}); it is given back whole`,
        );
        await this.settleReturn(outcome.returnId).catch((error: unknown) =>
          this.logger.warn(
            `Return of payment ${JSON.stringify(payment.id)} not made yet (${String(error)}); the reconciliation retries it`,
          ),
        );
      }
      return attempt.order_id;
    }
    return null;
  }

  /**
   * What the provider's word does to the order (inside the attempt's transaction): the machine's event for it —
   * a success is owed only on an order that is still to be paid, for the amount the attempt froze, for requests
   * no other order has paid — and, where the machine says give it back, the return written.
   */
  private async moveOrder(
    trx: AuthDb,
    order: OrderRow,
    attempt: AttemptRow,
    payment: ProviderPayment,
  ): Promise<{ returnId: string | null; why: keyof typeof returnReasons | null }> {
    const now = this.now();
    const stillToPay = order.status === 'new' || order.status === 'pending';
    let event: OrderEvent;
    let why: keyof typeof returnReasons | null = null;
    switch (payment.status) {
      case 'pending':
      case 'waiting_for_capture':
        event = 'payment_pending';
        break;
      case 'canceled':
        event = 'payment_canceled';
        break;
      case 'succeeded':
        why = await this.whyNotOwed(trx, order, attempt, payment);
        event = why === null || why === 'canceled' ? 'payment_succeeded' : 'payment_unowed';
        break;
    }
    const step = transition(order.status as OrderStatus, event);
    const givesBack = step?.effect === 'refund_payment';
    if (givesBack) why ??= 'canceled';
    const patch: Partial<OrderRow> = givesBack
      ? {
          failure_reason: PAYMENT_RETURNED_REASON,
          failure_message: returnReasons[why ?? 'canceled'],
          failure_at: now,
        }
      : event === 'payment_succeeded' && stillToPay
        ? { paid_at: now, failure_reason: null, failure_message: null, failure_at: null }
        : event === 'payment_canceled' && stillToPay
          ? {
              failure_reason: payment.cancellation?.reason ?? 'canceled',
              failure_message: cancellationMessage(payment.cancellation?.reason),
              failure_at: now,
            }
          : {};
    await this.moveByMachine(trx, order, event, patch);
    // The payer hears of it in the same transaction as the order moves: both are stored, or neither.
    if (!givesBack && stillToPay && (event === 'payment_succeeded' || event === 'payment_canceled')) {
      const [first] = await this.store.lines(order.id, trx);
      const facts = {
        attemptId: attempt.id,
        orderId: order.id,
        description: order.description,
        amount: payment.amount,
        recipientId: first?.sportsman_id ?? order.payer_login_id,
        recipientName: first?.sportsman_name ?? '',
      };
      await recordNotice(
        trx,
        event === 'payment_succeeded'
          ? paymentSucceeded(facts)
          : paymentDeclined({ ...facts, message: cancellationMessage(payment.cancellation?.reason) }),
        order.payer_login_id,
        now,
      );
    }
    if (!givesBack) return { returnId: null, why: null };
    const stored = JSON.parse(attempt.request) as CreatePaymentInput;
    const returnId = randomUUID();
    const input: RefundInput = {
      paymentId: payment.id,
      amount: payment.amount,
      description: clip(`Возврат: ${order.description}`, 250),
      idempotenceKey: randomUUID(),
      // The payment's own receipt where it is what was paid; otherwise the provider's full return reuses it.
      ...(attempt.amount !== null && Number(attempt.amount) === payment.amount
        ? { receipt: stored.receipt }
        : {}),
    };
    const written = await trx
      .insertInto('payment_returns')
      .values({
        id: returnId,
        order_id: order.id,
        attempt_id: attempt.id,
        provider_payment_id: payment.id,
        idempotence_key: input.idempotenceKey,
        request: JSON.stringify(input),
        provider_refund_id: null,
        amount: payment.amount,
        reason: returnReasons[why ?? 'canceled'],
        status: 'creating',
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column('attempt_id').doNothing())
      .executeTakeFirst();
    return { returnId: Number(written.numInsertedOrUpdatedRows ?? 0) > 0 ? returnId : null, why };
  }

  /** Why a payment that succeeded is not owed, or `null` when it is (see {@link moveOrder}). */
  private async whyNotOwed(
    trx: AuthDb,
    order: OrderRow,
    attempt: AttemptRow,
    payment: ProviderPayment,
  ): Promise<keyof typeof returnReasons | null> {
    if (order.status === 'canceled') return 'canceled';
    if (order.status !== 'new' && order.status !== 'pending') return 'alreadyPaid';
    const owed = attempt.amount !== null ? Number(attempt.amount) : Number(order.amount);
    if (payment.amount !== owed) return 'amount';
    const requestIds = attempt.lines
      ? (JSON.parse(attempt.lines) as FrozenLine[]).map((line) => line.requestId)
      : (await this.store.lines(order.id, trx)).map((line) => line.request_id);
    if (requestIds.length === 0) return null;
    const elsewhere = await trx
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select('orders.id as id')
      .where('order_lines.request_id', 'in', requestIds)
      .where('order_lines.state', '=', 'active')
      .where('orders.id', '!=', order.id)
      .where('orders.status', 'in', ['paid', 'partially_refunded'])
      .executeTakeFirst();
    return elsewhere ? 'paidElsewhere' : null;
  }

  /** Makes one return at the provider under its stored key (repeatable), and records the provider's answer. */
  private async settleReturn(returnId: string): Promise<void> {
    const row = await this.db
      .selectFrom('payment_returns')
      .selectAll()
      .where('id', '=', returnId)
      .executeTakeFirst();
    if (!row || row.status !== 'creating') return;
    let made;
    try {
      made = await this.provider.refund(JSON.parse(row.request) as RefundInput);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error.toApiException();
      throw error;
    }
    await this.db
      .updateTable('payment_returns')
      .set({ provider_refund_id: made.id, status: made.status, updated_at: this.now() })
      .where('id', '=', row.id)
      .where('status', '=', 'creating')
      .execute();
  }

  /** Returns the provider has not made yet (a failed call, an instance that stopped): made now. */
  async settleReturns(): Promise<number> {
    const waiting = await this.db
      .selectFrom('payment_returns')
      .select('id')
      .where('status', '=', 'creating')
      .limit(100)
      .execute();
    let made = 0;
    for (const { id } of waiting) {
      try {
        await this.settleReturn(id);
        made += 1;
      } catch (error) {
        this.logger.warn(`Return ${JSON.stringify(id)} still not made (${String(error)})`);
      }
    }
    return made;
  }

  /**
   * Tells the platform the order's requests are paid (`markRequestsPaid`, idempotent for this order) and
   * marks it heard; a request withdrawn while its payment was on the card page is refunded at once.
   */
  async tellPlatform(order: OrderRow): Promise<void> {
    const attempt = await this.payingAttempt(order.id);
    if (!attempt?.provider_payment_id) return;
    const lines = (await this.store.lines(order.id)).filter((line) => line.state === 'active');
    if (lines.length > 0) {
      const answer = await this.platform.runScript('markRequestsPaid', {
        requestIds: lines.map((line) => line.request_id),
        orderId: order.id,
        paymentId: attempt.provider_payment_id,
      });
      for (const outcome of answer.result.filter((entry) => entry.outcome === 'refused')) {
        const line = lines.find((entry) => entry.request_id === outcome.requestId);
        if (!line) continue;
        this.logger.warn(`Order ${order.id}: a paid line was refused by the platform; refunding it`);
        await this.refundLine(order, line, attempt.provider_payment_id, null);
      }
    }
    await this.db
      .updateTable('orders')
      .set({ platform_synced_at: this.now() })
      .where('id', '=', order.id)
      .where('platform_synced_at', 'is', null)
      .execute();
  }

  /** Paid orders the platform has not heard of (a failed call): told again, by the orders job. */
  async tellPlatformPending(): Promise<number> {
    const orders = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', ['paid', 'partially_refunded', 'refunded'])
      .where('platform_synced_at', 'is', null)
      .limit(100)
      .execute();
    let told = 0;
    for (const order of orders) {
      try {
        await this.tellPlatform(order);
        told += 1;
      } catch (error) {
        this.logger.warn(`Order ${order.id}: the platform still has not heard (${String(error)})`);
      }
    }
    return told;
  }

  // ——— refunds ———

  /**
   * A paid application withdrawn by its athlete before the registration deadline (`cancelled`), or rejected
   * by its event's organizer (`rejected`, with a reason): its line refunded through the provider (the key
   * stored first), then the platform told (`refundRequest`). Every step is repeatable: a retry after a
   * failure finishes what is left, never refunds twice.
   */
  async refundRequest(caller: Caller, requestId: string, body: RefundRequestBody): Promise<Order | null> {
    const state = body.state ?? 'cancelled';
    if (state === 'rejected' && !body.reason) {
      throw new ApiException(400, {
        code: 'validation_failed',
        message: 'Укажите причину отклонения',
        fieldErrors: { reason: ['Укажите причину отклонения'] },
      });
    }
    const found = await this.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .selectAll('order_lines')
      .where('order_lines.request_id', '=', requestId)
      .where('orders.status', 'in', ['paid', 'partially_refunded', 'refunded'])
      .orderBy('orders.created_at', 'desc')
      .executeTakeFirst();
    const refuse = (message: string): never => {
      throw new ApiException(400, { code: orderErrorCodes.notRefundable, message });
    };
    // No paid order of it, or not a party to it: the same 404, so nobody learns what others paid.
    const unknown = (): never => {
      throw new ApiException(404, {
        code: orderErrorCodes.notFound,
        message: 'Оплата этой заявки не найдена',
      });
    };
    if (!found) return unknown();
    const order = (await this.store.order(found.order_id)) as OrderRow;
    const party =
      state === 'cancelled'
        ? order.payer_login_id === caller.loginId && caller.sportsmanIds.includes(found.sportsman_id)
        : await this.organizes(caller, found.competition_id);
    if (!party) return unknown();
    let view;
    try {
      view = (await this.platform.runScript('getApplicationById', { id: requestId })).data;
    } catch (error) {
      return platformFailure(error, 'заявка не прочитана');
    }
    const refund = await this.db
      .selectFrom('order_refunds')
      .selectAll()
      .where('line_id', '=', found.id)
      .executeTakeFirst();
    if (!refund) {
      if (view.payment_status !== 'paid') refuse('Заявка не оплачена: возвращать нечего');
      // Photos and videos are returned while the event has not begun (nothing was filmed yet); they are the
      // athlete's to cancel, never the organizer's to reject.
      const photos = view.nomenclature_type === 'photo_video' && state === 'cancelled';
      if (view.nomenclature_type !== 'competition' && !photos) refuse('Вернуть можно только стартовый взнос');
      if (!canTransitionRequest(view.requestState as RequestState, state)) {
        refuse(
          state === 'cancelled' ? 'Эту заявку сейчас нельзя отменить' : 'Эту заявку сейчас нельзя отклонить',
        );
      }
      if (photos && view.competitionDate !== null && this.now() >= new Date(view.competitionDate).getTime()) {
        refuse('Мероприятие уже началось: заказ фото и видео не возвращается');
      }
      if (
        !photos &&
        state === 'cancelled' &&
        view.registrationDeadline !== null &&
        this.now() > new Date(view.registrationDeadline).getTime()
      ) {
        refuse('Приём заявок закрыт: после этого срока взнос не возвращается');
      }
    }
    const paymentId = await this.paidPaymentId(order.id);
    await this.refundLine(order, found, paymentId, { state, reason: body.reason ?? null });
    // The organizer learns the request is refunded, never the payer's order.
    if (order.payer_login_id !== caller.loginId) return null;
    return this.store.view((await this.store.order(order.id)) as OrderRow);
  }

  private async organizes(caller: Caller, competitionId: string | null): Promise<boolean> {
    if (caller.organizationId === null || competitionId === null) return false;
    try {
      const event = await this.platform.runScript('getEventById', { id: competitionId });
      return event.data.organizer.includes(caller.organizationId);
    } catch {
      return false;
    }
  }

  /** The attempt whose payment paid the order: succeeded and not given back (a returned one paid nothing). */
  private payingAttempt(orderId: string): Promise<AttemptRow | undefined> {
    return this.db
      .selectFrom('order_payments')
      .selectAll('order_payments')
      .leftJoin('payment_returns', 'payment_returns.attempt_id', 'order_payments.id')
      .where('order_payments.order_id', '=', orderId)
      .where('order_payments.status', '=', 'succeeded')
      .where('payment_returns.id', 'is', null)
      .executeTakeFirst();
  }

  private async paidPaymentId(orderId: string): Promise<string> {
    const attempt = await this.payingAttempt(orderId);
    if (!attempt?.provider_payment_id) throw new Error(`Order ${orderId} is paid without a payment`);
    return attempt.provider_payment_id;
  }

  /**
   * One line's refund: the refund row (key and request) stored first, the provider's refund made or found
   * under that key, the line and the order marked once, then — when `platform` says how — the platform told.
   * `platform: null`: the platform already refused the line (nothing to tell it).
   */
  private async refundLine(
    order: OrderRow,
    line: LineRow,
    paymentId: string,
    platform: { state: 'cancelled' | 'rejected'; reason: string | null } | null,
  ): Promise<void> {
    const now = this.now();
    let refund = await this.db
      .selectFrom('order_refunds')
      .selectAll()
      .where('line_id', '=', line.id)
      .executeTakeFirst();
    if (!refund) {
      const full = line.amount === order.amount;
      const input: RefundInput = {
        paymentId,
        amount: line.amount,
        description: clip(`Возврат: ${line.title}`, 250),
        idempotenceKey: randomUUID(),
        // A partial refund needs its own receipt; a full one reuses the payment's.
        ...(full ? {} : { receipt: receiptOf(order.payer_phone, [line]) }),
      };
      try {
        await this.db
          .insertInto('order_refunds')
          .values({
            id: randomUUID(),
            order_id: order.id,
            line_id: line.id,
            idempotence_key: input.idempotenceKey,
            request: JSON.stringify(input),
            provider_refund_id: null,
            amount: line.amount,
            status: 'creating',
            target_state: platform?.state ?? 'none',
            reason: platform?.reason ?? null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      refund = await this.db
        .selectFrom('order_refunds')
        .selectAll()
        .where('line_id', '=', line.id)
        .executeTakeFirstOrThrow();
    }
    if (refund.status === 'creating') {
      const refundId = refund.id;
      let made;
      try {
        made = await this.provider.refund(JSON.parse(refund.request) as RefundInput);
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error.toApiException();
        throw error;
      }
      await this.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('order_refunds')
          .set({ provider_refund_id: made.id, status: made.status, updated_at: this.now() })
          .where('id', '=', refundId)
          .where('status', '=', 'creating')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return;
        await this.markRefunded(trx, order.id, line.id);
      });
      refund = await this.db
        .selectFrom('order_refunds')
        .selectAll()
        .where('id', '=', refundId)
        .executeTakeFirstOrThrow();
    }
    if (refund.status === 'canceled') {
      throw new ApiException(502, { code: 'bad_gateway', message: 'Платёжный сервис отказал в возврате' });
    }
    if (refund.target_state !== 'none' && refund.status !== 'done' && refund.provider_refund_id) {
      try {
        await this.platform.runScript('refundRequest', {
          requestId: line.request_id,
          refundId: refund.provider_refund_id,
          state: refund.target_state as 'cancelled' | 'rejected',
          ...(refund.reason ? { reason: refund.reason } : {}),
        });
      } catch (error) {
        return platformFailure(error, 'деньги возвращены, но заявка ещё не отменена: повторите');
      }
      await this.db
        .updateTable('order_refunds')
        .set({ status: 'done', updated_at: this.now() })
        .where('id', '=', refund.id)
        .execute();
    }
  }

  /** The line refunded and the order's refunded sum and status moved, once (inside the refund's transaction). */
  private async markRefunded(trx: AuthDb, orderId: string, lineId: string): Promise<void> {
    const now = this.now();
    const changed = await trx
      .updateTable('order_lines')
      .set({ state: 'refunded', refunded_at: now, held: null })
      .where('id', '=', lineId)
      .where('state', '=', 'active')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    const lines = await this.store.lines(orderId, trx);
    const refunded = lines.filter((line) => line.state === 'refunded');
    await trx
      .updateTable('orders')
      .set({
        refunded_amount: refunded.reduce((sum, line) => sum + line.amount, 0),
        status: refunded.length === lines.length ? 'refunded' : 'partially_refunded',
        updated_at: now,
      })
      .where('id', '=', orderId)
      .execute();
    const line = lines.find((entry) => entry.id === lineId);
    const order = await this.store.order(orderId, trx);
    if (line && order) {
      await recordNotice(
        trx,
        refundMade({
          lineId,
          orderId,
          title: line.title,
          amount: line.amount,
          recipientId: line.sportsman_id,
          recipientName: line.sportsman_name,
        }),
        order.payer_login_id,
        now,
      );
    }
  }
}
