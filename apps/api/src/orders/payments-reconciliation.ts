import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from '../common/clock';
import { PolledSchedule } from '../common/polled-schedule';
import {
  PAYMENT_PROVIDER,
  paymentProgressed,
  type CreatePaymentInput,
  type Kopecks,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderPayment,
  type ProviderRefund,
} from '../payments/payment-provider';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import type { AttemptRow } from './orders-store';
import { OrdersService } from './orders.service';

export const RECONCILIATION_OPTIONS = Symbol('RECONCILIATION_OPTIONS');

export interface ReconciliationOptions {
  /** How often it runs by itself; 0: never (tests and the one-shot command call {@link PaymentsReconciliationJob.run}). */
  intervalMs: number;
  /** How many days back each run lists the provider's payments and refunds (by their creation time). */
  windowDays: number;
}

/** The job's row in `job_leases`. */
export const RECONCILIATION_LEASE = 'payments-reconciliation';
/**
 * How long a runner holds the lease without renewing it. It renews after every payment it repairs, so this only
 * bounds how long a runner that died keeps the others out.
 */
export const RECONCILIATION_LEASE_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Orders whose money came (some of it may have been refunded since, by our own refunds). */
const PAID_STATUSES = ['paid', 'partially_refunded', 'refunded'];

/** What a run put right by itself, each with the ids it concerns. */
export type ReconciliationRepair =
  | {
      /** A finished payment we had not heard of (a notification lost), applied as a notification would be. */
      kind: 'payment_applied';
      paymentId: string;
      orderId: string;
      status: PaymentStatus;
      message: string;
    }
  | {
      /** The payment applied was not owed (its order canceled, another sum, paid elsewhere): given back whole. */
      kind: 'payment_returned';
      returnId: string;
      paymentId: string;
      orderId: string;
      message: string;
    }
  | {
      /** A return (a payment given back whole) left unmade by a failed call, made now. */
      kind: 'return_made';
      returnId: string;
      paymentId: string;
      orderId: string;
      message: string;
    }
  | {
      /** A paid order the platform had not heard of, told now. */
      kind: 'platform_told';
      orderId: string;
      message: string;
    };

/** What a run found and cannot put right: for a person to look at. */
export type ReconciliationFinding =
  | {
      /** A payment that succeeded at the provider and no order of ours made (nor gave back). */
      kind: 'payment_without_order';
      paymentId: string;
      amount: Kopecks;
      message: string;
    }
  | {
      /** A payment of an order that is not paid by it (canceled, or paid by another payment), not given back. */
      kind: 'payment_not_owed';
      paymentId: string;
      orderId: string;
      orderStatus: string;
      message: string;
    }
  | {
      /** The provider took another sum than the attempt asked for, and it was not given back. */
      kind: 'amount_mismatch';
      paymentId: string;
      orderId: string;
      expected: Kopecks;
      paid: Kopecks;
      message: string;
    }
  | {
      /** A return the provider refused (its refund canceled): the money is still with us. */
      kind: 'return_refused';
      returnId: string;
      paymentId: string;
      orderId: string;
      message: string;
    }
  | {
      /** An order paid here whose payment the provider does not have as succeeded. */
      kind: 'paid_order_without_payment';
      orderId: string;
      paymentId: string | null;
      /** What the provider says of the payment: its status, `unknown` (no such id) or `null` (no payment id). */
      providerStatus: PaymentStatus | 'unknown' | null;
      message: string;
    }
  | {
      /** A refund at the provider that none of ours made: done by hand in the provider's cabinet or API. */
      kind: 'unknown_refund';
      refundId: string;
      paymentId: string;
      amount: Kopecks;
      message: string;
    }
  | {
      /** A refund of ours the provider made whose answer was never recorded (the line is not marked refunded). */
      kind: 'refund_unrecorded';
      refundId: string;
      paymentId: string;
      orderId: string;
      message: string;
    };

export interface ReconciliationReport {
  /** The creation times checked: from (included) to (excluded), ISO 8601. */
  window: { from: string; to: string };
  /** How many payments and refunds the provider listed in the window. */
  payments: number;
  refunds: number;
  repaired: ReconciliationRepair[];
  raised: ReconciliationFinding[];
  /** Another runner held the lease until then: this one checked nothing. `null` when it ran. */
  skipped: { leaseUntil: string } | null;
}

/** An id as logs and messages quote it: never mistaken for the words around it, whatever it holds. */
const q = (id: string) => JSON.stringify(id);
const rubles = (amount: Kopecks) => `${(amount / 100).toFixed(2)} RUB`;
const iso = (ms: number) => new Date(ms).toISOString();
const finished = (status: PaymentStatus) => status === 'succeeded' || status === 'canceled';

/** What an attempt last applied, in `paymentProgressed`'s terms (`null`: nothing yet). */
function knownOf(attempt: AttemptRow): Pick<ProviderPayment, 'status' | 'refundedAmount'> | null {
  if (attempt.status === 'creating' || attempt.status === 'rejected') return null;
  return { status: attempt.status as PaymentStatus, refundedAmount: Number(attempt.refunded_amount) };
}

/** What the attempt asked the provider for: frozen when it opened, or (older attempts) its stored request. */
function askedOf(attempt: AttemptRow): Kopecks {
  if (attempt.amount !== null) return Number(attempt.amount);
  return (JSON.parse(attempt.request) as Pick<CreatePaymentInput, 'amount'>).amount;
}

/**
 * Reconciliation with the payment provider. Notifications get lost and calls fail half-way, so every
 * `intervalMs` (and once by `npm run payments:reconcile`) the provider's payments and refunds of the last
 * `windowDays` days are listed and compared with the store:
 *
 * - every succeeded payment belongs to one attempt of ours whose order it paid, for the sum the attempt asked,
 *   or was given back whole;
 * - every order paid in the window has its payment succeeded at the provider;
 * - every refund at the provider is one of ours (a line's refund or a return).
 *
 * What can be put right safely is put right through the orders service, as the lost notification or the next
 * call would have: a finished payment applied (`applyRead`, a compare-and-set, so a late notification changes
 * nothing after it), returns made (`settleReturns`), the platform told (`tellPlatformPending`). The rest is
 * raised: logged as a warning and returned in the report. One runner at a time across the api's instances: a
 * lease row in `job_leases` taken by a compare-and-set, so two instances never repair or raise the same twice.
 */
@Injectable()
export class PaymentsReconciliationJob implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('PaymentsReconciliation');
  private readonly now: () => number;
  private readonly schedule: PolledSchedule;

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly orders: OrdersService,
    @Inject(RECONCILIATION_OPTIONS) private readonly options: ReconciliationOptions,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.now = () => clock.now();
    this.schedule = new PolledSchedule(this.options.intervalMs, this.now);
  }

  onModuleInit(): void {
    this.schedule.start(() =>
      this.runDue().catch((error: unknown) =>
        this.logger.warn(`Payments reconciliation failed: ${String(error)}`),
      ),
    );
  }

  onModuleDestroy(): void {
    this.schedule.stop();
  }

  /** Runs when `intervalMs` has passed since the last run (by the clock); `null` when it was not due. */
  async runDue(): Promise<ReconciliationReport | null> {
    if (this.schedule.takeDue() === null) return null;
    return this.run();
  }

  /**
   * One run now, if no other runner (of this or another instance) holds the lease; otherwise a report that says
   * it skipped. Throws when the provider cannot list (a part of a list would look like missing payments).
   */
  async run(): Promise<ReconciliationReport> {
    const holder = randomUUID();
    const to = this.now();
    const window = { from: to - this.options.windowDays * DAY_MS, to };
    const empty = { window: { from: iso(window.from), to: iso(window.to) }, payments: 0, refunds: 0 };
    const held = await this.takeLease(holder);
    if (held !== null) {
      this.logger.log(`Payments reconciliation skipped: another runner holds it until ${iso(held)}`);
      return { ...empty, repaired: [], raised: [], skipped: { leaseUntil: iso(held) } };
    }
    try {
      const report = await this.reconcile(holder, window);
      this.logger.log(
        `Payments reconciliation of ${report.window.from} to ${report.window.to}: ${report.payments} payments, ` +
          `${report.refunds} refunds, ${report.repaired.length} repaired, ${report.raised.length} raised`,
      );
      return report;
    } finally {
      await this.releaseLease(holder).catch((error: unknown) =>
        this.logger.warn(`Payments reconciliation: the lease was not released (${String(error)})`),
      );
    }
  }

  // ——— the lease ———

  /**
   * Takes the lease by one compare-and-set (an insert, or an update of a lapsed lease — SQLite and PostgreSQL
   * both run `ON CONFLICT … DO UPDATE … WHERE` as one statement), then reads who holds it. `null`: taken;
   * otherwise until when another runner holds it.
   */
  private async takeLease(holder: string): Promise<number | null> {
    const now = this.now();
    const until = now + RECONCILIATION_LEASE_MS;
    await this.db
      .insertInto('job_leases')
      .values({ name: RECONCILIATION_LEASE, holder, until })
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet({ holder, until }).where('job_leases.until', '<=', now),
      )
      .execute();
    const lease = await this.db
      .selectFrom('job_leases')
      .select(['holder', 'until'])
      .where('name', '=', RECONCILIATION_LEASE)
      .executeTakeFirst();
    if (lease?.holder === holder) return null;
    // Released between the two statements: the other run just ended; this one leaves it to the next interval.
    return lease ? Number(lease.until) : now;
  }

  /** Keeps the lease while working; throws when it lapsed and another runner took it (that one goes on). */
  private async renewLease(holder: string): Promise<void> {
    const renewed = await this.db
      .updateTable('job_leases')
      .set({ until: this.now() + RECONCILIATION_LEASE_MS })
      .where('name', '=', RECONCILIATION_LEASE)
      .where('holder', '=', holder)
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) === 0) {
      throw new Error('Payments reconciliation: the lease lapsed and another runner took it; stopping');
    }
  }

  private async releaseLease(holder: string): Promise<void> {
    await this.db
      .deleteFrom('job_leases')
      .where('name', '=', RECONCILIATION_LEASE)
      .where('holder', '=', holder)
      .execute();
  }

  // ——— the run ———

  private async reconcile(
    holder: string,
    window: { from: number; to: number },
  ): Promise<ReconciliationReport> {
    const range = { createdFrom: new Date(window.from), createdTo: new Date(window.to) };
    const payments = await this.provider.listPayments(range);
    const refunds = await this.provider.listRefunds(range);
    const repaired: ReconciliationRepair[] = [];
    const raised: ReconciliationFinding[] = [];

    // Repairs first, so that the checks read what the repairs left.
    for (const payment of payments) {
      const applied = await this.applyIfNews(payment);
      if (applied.length > 0) {
        repaired.push(...applied);
        await this.renewLease(holder);
      }
    }
    repaired.push(...(await this.readOpenAttempts(new Set(payments.map((payment) => payment.id)))));
    repaired.push(...(await this.makeReturns()));
    repaired.push(...(await this.tellPlatform()));
    await this.renewLease(holder);

    for (const payment of payments) {
      if (payment.status !== 'succeeded') continue;
      const finding = await this.checkPayment(payment);
      if (finding) raised.push(finding);
    }
    raised.push(...(await this.checkPaidOrders(window, payments)));
    for (const refund of refunds) {
      const finding = await this.checkRefund(refund);
      if (finding) raised.push(finding);
    }
    for (const finding of raised) this.logger.warn(`Payments reconciliation: ${finding.message}`);
    return {
      window: { from: iso(window.from), to: iso(window.to) },
      payments: payments.length,
      refunds: refunds.length,
      repaired,
      raised,
      skipped: null,
    };
  }

  /** The attempt that made the payment: by the payment's id, else by the attempt id it carries (ours). */
  private async attemptOf(payment: ProviderPayment): Promise<AttemptRow | undefined> {
    const byPayment = await this.db
      .selectFrom('order_payments')
      .selectAll()
      .where('provider_payment_id', '=', payment.id)
      .executeTakeFirst();
    const attemptId = payment.metadata['attemptId'];
    const attempt =
      byPayment ??
      (attemptId === undefined
        ? undefined
        : await this.db
            .selectFrom('order_payments')
            .selectAll()
            .where('id', '=', attemptId)
            .where('provider_payment_id', 'is', null)
            .executeTakeFirst());
    // A payment that names another order than its attempt's is no payment of that attempt.
    if (attempt && payment.orderId !== null && payment.orderId !== attempt.order_id) return undefined;
    return attempt;
  }

  /**
   * A finished payment its attempt does not know as it is (the notification never came, or the attempt is stuck
   * `creating`/`pending`): applied through the orders service, as the notification would have been — which gives
   * it back whole when nothing is owed for it (a return, reported with it).
   */
  private async applyIfNews(payment: ProviderPayment): Promise<ReconciliationRepair[]> {
    if (!finished(payment.status)) return [];
    const attempt = await this.attemptOf(payment);
    if (!attempt || !paymentProgressed(knownOf(attempt), payment)) return [];
    const orderId = await this.orders.applyRead(payment);
    if (orderId === null) return [];
    const after = await this.db
      .selectFrom('order_payments')
      .select(['status', 'refunded_amount'])
      .where('id', '=', attempt.id)
      .executeTakeFirst();
    // Another instance (or the late notification) may have applied it first: then there was nothing to repair.
    if (
      !after ||
      (after.status === attempt.status && Number(after.refunded_amount) === Number(attempt.refunded_amount))
    ) {
      return [];
    }
    const repaired: ReconciliationRepair[] = [
      {
        kind: 'payment_applied',
        paymentId: payment.id,
        orderId,
        status: payment.status,
        message:
          `Payment ${q(payment.id)} of order ${q(orderId)} was ${payment.status} at the provider but not here ` +
          `(its notification never came): applied`,
      },
    ];
    const given = await this.db
      .selectFrom('payment_returns')
      .select(['id', 'status'])
      .where('attempt_id', '=', attempt.id)
      .executeTakeFirst();
    if (given) {
      repaired.push({
        kind: 'payment_returned',
        returnId: given.id,
        paymentId: payment.id,
        orderId,
        message:
          `Payment ${q(payment.id)} of order ${q(orderId)} was not owed (see the order's failure reason): ` +
          `given back whole by return ${q(given.id)} (${given.status})`,
      });
    }
    return repaired;
  }

  /**
   * Attempts still open here whose payments were made before the window (so not listed): each payment read by
   * id, and applied when the provider has finished it.
   */
  private async readOpenAttempts(listed: ReadonlySet<string>): Promise<ReconciliationRepair[]> {
    const open = await this.db
      .selectFrom('order_payments')
      .select('provider_payment_id')
      .where('open', '=', 1)
      .where('provider_payment_id', 'is not', null)
      .execute();
    const repaired: ReconciliationRepair[] = [];
    for (const { provider_payment_id: paymentId } of open) {
      if (paymentId === null || listed.has(paymentId)) continue;
      const payment = await this.provider.get(paymentId);
      if (payment) repaired.push(...(await this.applyIfNews(payment)));
    }
    return repaired;
  }

  /** Returns left `creating` (the provider's refund not made or its answer lost): made under their stored keys. */
  private async makeReturns(): Promise<ReconciliationRepair[]> {
    const waiting = await this.db
      .selectFrom('payment_returns')
      .select(['id', 'order_id', 'provider_payment_id'])
      .where('status', '=', 'creating')
      .execute();
    if (waiting.length === 0) return [];
    await this.orders.settleReturns();
    const still = new Set(
      (
        await this.db
          .selectFrom('payment_returns')
          .select('id')
          .where(
            'id',
            'in',
            waiting.map((row) => row.id),
          )
          .where('status', '=', 'creating')
          .execute()
      ).map((row) => row.id),
    );
    return waiting
      .filter((row) => !still.has(row.id))
      .map((row) => ({
        kind: 'return_made' as const,
        returnId: row.id,
        paymentId: row.provider_payment_id,
        orderId: row.order_id,
        message:
          `Return ${q(row.id)} of payment ${q(row.provider_payment_id)} (order ${q(row.order_id)}) had not ` +
          `been made at the provider: made`,
      }));
  }

  /** Paid orders the platform has not heard of: told (the service's own retry), and reported by order. */
  private async tellPlatform(): Promise<ReconciliationRepair[]> {
    const unheard = () =>
      this.db
        .selectFrom('orders')
        .select('id')
        .where('status', 'in', PAID_STATUSES)
        .where('platform_synced_at', 'is', null)
        .execute();
    const before = await unheard();
    if (before.length === 0) return [];
    await this.orders.tellPlatformPending();
    const still = new Set((await unheard()).map((row) => row.id));
    return before
      .filter((row) => !still.has(row.id))
      .map((row) => ({
        kind: 'platform_told' as const,
        orderId: row.id,
        message: `Order ${q(row.id)} is paid but the platform had not heard of it: told`,
      }));
  }

  // ——— the checks ———

  /** The attempt whose payment paid the order: the first that succeeded and was not given back. */
  private async payingAttempt(
    orderId: string,
  ): Promise<{ id: string; provider_payment_id: string | null } | undefined> {
    const succeeded = await this.db
      .selectFrom('order_payments')
      .select(['id', 'provider_payment_id'])
      .where('order_id', '=', orderId)
      .where('status', '=', 'succeeded')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (succeeded.length === 0) return undefined;
    const returned = await this.db
      .selectFrom('payment_returns')
      .select('attempt_id')
      .where('order_id', '=', orderId)
      .execute();
    return succeeded.find((attempt) => !returned.some((row) => row.attempt_id === attempt.id));
  }

  /** A payment that succeeded: whose it is, whether it was owed, and for how much. */
  private async checkPayment(payment: ProviderPayment): Promise<ReconciliationFinding | null> {
    const returns = await this.db
      .selectFrom('payment_returns')
      .select(['id', 'order_id', 'status'])
      .where('provider_payment_id', '=', payment.id)
      .execute();
    const refused = returns.find((row) => row.status === 'canceled');
    // Given back whole: a return of ours under way or made, or the provider's own refunds adding up to it.
    const givenBack =
      returns.some((row) => row.status !== 'canceled') || payment.refundedAmount >= payment.amount;
    if (givenBack) return null;
    if (refused) {
      return {
        kind: 'return_refused',
        returnId: refused.id,
        paymentId: payment.id,
        orderId: refused.order_id,
        message:
          `Payment ${q(payment.id)} of order ${q(refused.order_id)} was to be given back, but the provider ` +
          `canceled the return ${q(refused.id)}: the money is still held`,
      };
    }
    const attempt = await this.attemptOf(payment);
    if (!attempt) {
      return {
        kind: 'payment_without_order',
        paymentId: payment.id,
        amount: payment.amount,
        message: `Payment ${q(payment.id)} of ${rubles(payment.amount)} succeeded at the provider, but no order here made it`,
      };
    }
    const order = await this.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('id', '=', attempt.order_id)
      .executeTakeFirstOrThrow();
    const notOwed = (why: string): ReconciliationFinding => ({
      kind: 'payment_not_owed',
      paymentId: payment.id,
      orderId: order.id,
      orderStatus: order.status,
      message: `Payment ${q(payment.id)} of ${rubles(payment.amount)} succeeded for order ${q(order.id)}, ${why}, and was not given back`,
    });
    if (!PAID_STATUSES.includes(order.status)) return notOwed(`which is ${order.status}`);
    if (attempt.status !== 'succeeded') return notOwed(`but its attempt here is ${attempt.status}`);
    // One payment pays an order: the first that succeeded and was kept; a later one is a second payment.
    const first = await this.payingAttempt(order.id);
    if (first && first.id !== attempt.id) return notOwed('which another payment had paid already');
    const expected = askedOf(attempt);
    if (payment.amount !== expected) {
      return {
        kind: 'amount_mismatch',
        paymentId: payment.id,
        orderId: order.id,
        expected,
        paid: payment.amount,
        message:
          `Payment ${q(payment.id)} of order ${q(order.id)} took ${rubles(payment.amount)} where its attempt ` +
          `asked ${rubles(expected)}, and was not given back`,
      };
    }
    return null;
  }

  /**
   * Orders paid here in the window: each one's payment must be succeeded at the provider. A payment the list did
   * not have (made before the window, or a clock apart) is read by id before anything is said of it.
   */
  private async checkPaidOrders(
    window: { from: number; to: number },
    payments: readonly ProviderPayment[],
  ): Promise<ReconciliationFinding[]> {
    const listed = new Map(payments.map((payment) => [payment.id, payment]));
    const orders = await this.db
      .selectFrom('orders')
      .select('id')
      .where('status', 'in', PAID_STATUSES)
      .where('paid_at', '>=', window.from)
      .where('paid_at', '<', window.to)
      .execute();
    const raised: ReconciliationFinding[] = [];
    for (const order of orders) {
      const attempt = await this.payingAttempt(order.id);
      const paymentId = attempt?.provider_payment_id ?? null;
      let status: PaymentStatus | 'unknown' | null = null;
      if (paymentId !== null) {
        const payment = listed.get(paymentId) ?? (await this.provider.get(paymentId));
        status = payment?.status ?? 'unknown';
      }
      if (status === 'succeeded') continue;
      raised.push({
        kind: 'paid_order_without_payment',
        orderId: order.id,
        paymentId,
        providerStatus: status,
        message:
          paymentId === null
            ? `Order ${q(order.id)} is paid here but has no succeeded payment`
            : `Order ${q(order.id)} is paid here by payment ${q(paymentId)}, which the provider ` +
              (status === 'unknown' ? 'does not know' : `has as ${String(status)}`),
      });
    }
    return raised;
  }

  /** A refund at the provider: one of ours (a line's refund or a return), or raised. */
  private async checkRefund(refund: ProviderRefund): Promise<ReconciliationFinding | null> {
    // A canceled refund moved no money.
    if (refund.status === 'canceled') return null;
    const ofLine = await this.db
      .selectFrom('order_refunds')
      .select('id')
      .where('provider_refund_id', '=', refund.id)
      .executeTakeFirst();
    const ofReturn = await this.db
      .selectFrom('payment_returns')
      .select('id')
      .where('provider_refund_id', '=', refund.id)
      .executeTakeFirst();
    if (ofLine || ofReturn) return null;
    // A line's refund whose call was made and whose answer was lost stays `creating` with no refund id.
    const unrecorded = await this.db
      .selectFrom('order_refunds')
      .innerJoin('order_payments', 'order_payments.order_id', 'order_refunds.order_id')
      .select('order_refunds.order_id as orderId')
      .where('order_refunds.status', '=', 'creating')
      .where('order_refunds.amount', '=', refund.amount)
      .where('order_payments.provider_payment_id', '=', refund.paymentId)
      .executeTakeFirst();
    if (unrecorded) {
      return {
        kind: 'refund_unrecorded',
        refundId: refund.id,
        paymentId: refund.paymentId,
        orderId: unrecorded.orderId,
        message:
          `Refund ${q(refund.id)} of payment ${q(refund.paymentId)} (order ${q(unrecorded.orderId)}) was made ` +
          `at the provider, but its answer was never recorded here: repeat the refund (the same key finds it)`,
      };
    }
    return {
      kind: 'unknown_refund',
      refundId: refund.id,
      paymentId: refund.paymentId,
      amount: refund.amount,
      message:
        `Refund ${q(refund.id)} of ${rubles(refund.amount)} of payment ${q(refund.paymentId)} was not made by ` +
        `the portal (done by hand at the provider?)`,
    };
  }
}
