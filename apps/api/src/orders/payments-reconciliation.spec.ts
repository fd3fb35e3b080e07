import { DEFAULT_TEST_INSTANT, runningClockFrom } from '@fed/calendar';
import { orderSchema, ordersPaths, payOrderAnswerSchema, type Order, type RequestView } from '@fed/contracts';
import { demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePaymentsOnce } from '../app/reconcile-payments';
import { freshDatabase, storeDialects } from '../auth/testing/auth-test-app';
import { CLOCK, type Clock } from '../common/clock';
import { ConfigError, loadConfig } from '../config/app-config';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/payment-provider';
import { freePort } from '@fed/sandbox-fixtures/free-port';
import { OrdersService } from './orders.service';
import {
  PaymentsReconciliationJob,
  RECONCILIATION_LEASE,
  type ReconciliationFinding,
  type ReconciliationReport,
} from './payments-reconciliation';
import { applyToEvent, eventually, startOrdersApp, type OrdersApp } from './testing/orders-test-app';

const DAY = 24 * 60 * 60 * 1000;

/** The report's entries about one payment (other tests' payments are in the same window). */
const about = <T extends { kind: string }>(entries: readonly T[], paymentId: string) =>
  entries.filter((entry) => 'paymentId' in entry && entry.paymentId === paymentId);

/**
 * The reconciliation with the payment provider through the real twins the api mounts (the demo federation, the
 * YooKassa twin), as orders.spec drives orders: the payer's browser on the card page, the twin's switches for
 * what goes wrong, the store read back after each run.
 */
describe.each(storeDialects)('payments reconciliation ($dialect)', ({ dialect, available }) => {
  let t: OrdersApp;
  let clock: Clock;
  let drop: () => Promise<void> = () => Promise.resolve();
  let family: ReturnType<OrdersApp['as']>;
  let job: PaymentsReconciliationJob;
  /** A second api instance's job: the same store and provider, its own runner. */
  let otherInstance: PaymentsReconciliationJob;

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(dialect);
    drop = fresh.drop;
    clock = runningClockFrom(DEFAULT_TEST_INSTANT);
    t = await startOrdersApp(
      // Not by itself: each test runs it when the state is set up.
      {
        orders: { portalPublicUrl: 'https://portal.example', reminderIntervalMs: 0, reconcileIntervalMs: 0 },
      },
      fresh.target,
      { clock },
    );
    family = t.as(await t.signIn(demoFamily.phone));
    job = t.app.get(PaymentsReconciliationJob);
    otherInstance = new PaymentsReconciliationJob(
      t.store,
      t.app.get<PaymentProvider>(PAYMENT_PROVIDER),
      t.app.get(OrdersService),
      { intervalMs: 0, windowDays: 3 },
      t.app.get<Clock>(CLOCK),
    );
  }, 60_000);
  afterAll(async () => {
    if (!available) return;
    await t.stop();
    await drop();
  });
  afterEach(async () => {
    if (!available) return;
    await t.resetSwitches();
  });

  const shop = () =>
    `Basic ${Buffer.from(`${t.config.payments.shopId}:${t.config.payments.secretKey}`).toString('base64')}`;
  const stored = (orderId: string) =>
    t.store.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const attemptOf = async (orderId: string) =>
    t.store
      .selectFrom('order_payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
  const platformRequest = async (id: string): Promise<RequestView> =>
    (await t.platform.runScript('getApplicationById', { id })).data;

  /** Applies an athlete of the family to an event, with the first program open to them. */
  const apply = async (sportsmanId: string, competitionId: string): Promise<RequestView> =>
    (await applyToEvent(family, sportsmanId, competitionId)).request;

  /** The order of one request and the provider's card page of its payment. */
  async function orderAndPage(requestId: string): Promise<{ order: Order; url: string }> {
    const order = orderSchema.parse(
      (await family.post(ordersPaths.orders, { requestIds: [requestId] }).expect(201)).body,
    );
    const paid = payOrderAnswerSchema.parse((await family.post(ordersPaths.pay(order.id)).expect(200)).body);
    return { order, url: paid.confirmationUrl };
  }

  const ran = (report: ReconciliationReport) => {
    expect(report.skipped).toBeNull();
    expect(Date.parse(report.window.to) - Date.parse(report.window.from)).toBe(3 * DAY);
    return report;
  };

  describe.skipIf(!available)('against the twins', () => {
    it('finds a payment whose notification never came: the order becomes paid and the platform is told', async () => {
      const application = await apply(demoFamily.parentId, demoCompetitions.clubOpen);
      const { order, url } = await orderAndPage(application.__id);
      await t.switches({ holdNotifications: true });
      await t.payOnPage(url);
      // The provider has the money; nothing here heard of it.
      const before = await attemptOf(order.id);
      const paymentId = before.provider_payment_id ?? '';
      expect(before.status).toBe('pending');
      expect((await stored(order.id)).status).toBe('pending');
      expect((await platformRequest(application.__id)).payment_status).toBe('unpaid');

      const report = ran(await job.run());
      expect(report.payments).toBeGreaterThanOrEqual(1);
      expect(report.repaired).toEqual([
        expect.objectContaining({
          kind: 'payment_applied',
          paymentId,
          orderId: order.id,
          status: 'succeeded',
        }),
        expect.objectContaining({ kind: 'platform_told', orderId: order.id }),
      ]);
      expect(report.repaired[0]?.message).toContain(JSON.stringify(paymentId));
      expect(report.raised).toEqual([]);

      const paid = await stored(order.id);
      expect(paid).toMatchObject({ status: 'paid', paid_at: expect.any(Number) });
      expect(paid.platform_synced_at).not.toBeNull();
      expect((await attemptOf(order.id)).status).toBe('succeeded');
      expect(await platformRequest(application.__id)).toMatchObject({
        payment_status: 'paid',
        payment_order: order.id,
      });

      // The notification, delivered at last, changes nothing; the next run has nothing to repair or raise.
      await t.switches({ holdNotifications: false });
      await t.releaseHeld();
      const again = ran(await job.run());
      expect(about(again.repaired, paymentId)).toEqual([]);
      expect(again.raised).toEqual([]);
      expect(await stored(order.id)).toMatchObject({ status: 'paid', paid_at: paid.paid_at });
      expect(t.paymentsOfOrder(order.id)).toBe(1);
    }, 30_000);

    it('raises a refund done by hand at the provider, naming it and its payment', async () => {
      const application = await apply(demoFamily.parentId, demoCompetitions.federationCup);
      const { order, url } = await orderAndPage(application.__id);
      await t.payOnPage(url);
      await eventually(async () => (await stored(order.id)).status === 'paid');
      const paymentId = (await attemptOf(order.id)).provider_payment_id ?? '';
      // Someone refunds it in the provider's cabinet: straight to the provider's API with the shop's key.
      const byHand = await request(t.base)
        .post('/sandbox/yookassa/v3/refunds')
        .set('Authorization', shop())
        .set('Idempotence-Key', randomUUID())
        .send({ payment_id: paymentId, amount: { value: (order.amount / 100).toFixed(2), currency: 'RUB' } })
        .expect(200);
      const refundId = String(byHand.body.id);
      // Its notification moves the attempt's refunded sum (nothing else): wait for it, so the run finds it done.
      await eventually(async () => Number((await attemptOf(order.id)).refunded_amount) === order.amount);

      const report = ran(await job.run());
      expect(report.refunds).toBeGreaterThanOrEqual(1);
      const raised: ReconciliationFinding[] = report.raised.filter(
        (finding) => finding.kind === 'unknown_refund' && finding.refundId === refundId,
      );
      expect(raised).toEqual([
        {
          kind: 'unknown_refund',
          refundId,
          paymentId,
          amount: order.amount,
          message: expect.stringContaining(`Refund ${JSON.stringify(refundId)}`),
        },
      ]);
      // The payment itself is accounted for (its order is paid), and nothing is "repaired" of a person's refund.
      expect(about(report.raised, paymentId).map((finding) => finding.kind)).toEqual(['unknown_refund']);
      expect(about(report.repaired, paymentId)).toEqual([]);

      expect(await stored(order.id)).toMatchObject({ status: 'paid', refunded_amount: 0 });
      expect(
        await t.store.selectFrom('order_refunds').selectAll().where('order_id', '=', order.id).execute(),
      ).toEqual([]);
      expect(t.refundsOfPayment(paymentId)).toBe(1);
    }, 30_000);

    it('gives back whole a payment whose order was canceled, and raises nothing once it is given back', async () => {
      const application = await apply(demoFamily.childIds[0], demoCompetitions.clubChildren);
      const { order, url } = await orderAndPage(application.__id);
      await t.switches({ holdNotifications: true });
      // While the payer is on the card page the order is canceled, as a lost race leaves it (its requests
      // given up); then the card page takes the money anyway.
      await t.store
        .updateTable('orders')
        .set((eb) => ({ status: 'canceled', version: eb('version', '+', 1) }))
        .where('id', '=', order.id)
        .execute();
      await t.store.updateTable('order_lines').set({ held: null }).where('order_id', '=', order.id).execute();
      await t.payOnPage(url);
      const paymentId = (await attemptOf(order.id)).provider_payment_id ?? '';

      const report = ran(await job.run());
      const returned = await t.store
        .selectFrom('payment_returns')
        .selectAll()
        .where('provider_payment_id', '=', paymentId)
        .executeTakeFirstOrThrow();
      expect(about(report.repaired, paymentId)).toEqual([
        expect.objectContaining({ kind: 'payment_applied', orderId: order.id, status: 'succeeded' }),
        expect.objectContaining({ kind: 'payment_returned', orderId: order.id, returnId: returned.id }),
      ]);
      expect(about(report.raised, paymentId)).toEqual([]);

      expect(returned).toMatchObject({
        order_id: order.id,
        amount: order.amount,
        status: 'succeeded',
        provider_refund_id: expect.any(String),
      });
      expect(await stored(order.id)).toMatchObject({ status: 'canceled', platform_synced_at: null });
      expect(t.refundsOfPayment(paymentId)).toBe(1);
      expect(await t.app.get<PaymentProvider>(PAYMENT_PROVIDER).get(paymentId)).toMatchObject({
        status: 'succeeded',
        refundedAmount: order.amount,
      });
      expect((await platformRequest(application.__id)).payment_status).toBe('unpaid');

      // Next run: the return's refund is one of ours, the payment is given back; the late notifications (the
      // payment's, then the return's, which moves the attempt's refunded sum) make no second return.
      await t.switches({ holdNotifications: false });
      await t.releaseHeld();
      await eventually(async () => Number((await attemptOf(order.id)).refunded_amount) === order.amount);
      const again = ran(await job.run());
      expect(about(again.raised, paymentId)).toEqual([]);
      expect(about(again.repaired, paymentId)).toEqual([]);
      expect(t.refundsOfPayment(paymentId)).toBe(1);
    }, 30_000);

    it('lets one of two runners at once run; the other reports it skipped', async () => {
      // The provider answers slowly, so the first runner still holds the lease when the second comes.
      await t.switches({ delayMs: 300, delayCalls: 2 });
      const reports = await Promise.all([job.run(), otherInstance.run()]);
      const done = reports.filter((report) => report.skipped === null);
      const skipped = reports.filter((report) => report.skipped !== null);
      expect(done).toHaveLength(1);
      expect(skipped).toEqual([
        {
          window: expect.any(Object),
          payments: 0,
          refunds: 0,
          repaired: [],
          raised: [],
          skipped: { leaseUntil: expect.any(String) },
        },
      ]);
      // The lease is given back at the end: the next runner, of either instance, runs.
      expect(await t.store.selectFrom('job_leases').selectAll().execute()).toEqual([]);
      expect((await otherInstance.run()).skipped).toBeNull();
      expect(await t.store.selectFrom('job_leases').selectAll().execute()).toEqual([]);
    }, 30_000);

    it('takes over a lease left to lapse by a runner that died, and keeps out while one is live', async () => {
      await t.store
        .insertInto('job_leases')
        .values({ name: RECONCILIATION_LEASE, holder: 'died', until: clock.now() - 1 })
        .execute();
      expect((await job.run()).skipped).toBeNull();
      expect(await t.store.selectFrom('job_leases').selectAll().execute()).toEqual([]);

      const until = clock.now() + 60_000;
      await t.store
        .insertInto('job_leases')
        .values({ name: RECONCILIATION_LEASE, holder: 'alive', until })
        .execute();
      const skipped = await job.run();
      expect(skipped.skipped).toEqual({ leaseUntil: new Date(until).toISOString() });
      expect(await t.store.selectFrom('job_leases').selectAll().execute()).toEqual([
        { name: RECONCILIATION_LEASE, holder: 'alive', until },
      ]);
      await t.store.deleteFrom('job_leases').execute();
    });
  });
});

describe('the reconciliation’s configuration and one-shot command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-reconcile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const sandboxEnv = (extra: Record<string, string> = {}) => ({
    SANDBOX_DATA_DIR: join(dir, 'sandbox'),
    AUTH_DATA_DIR: join(dir, 'auth'),
    PORTAL_DIST_DIR: dir,
    ...extra,
  });

  it('runs hourly over three days unless told otherwise, and names every bad variable in one message', () => {
    expect(loadConfig(sandboxEnv()).orders).toMatchObject({
      reconcileIntervalMs: 3_600_000,
      reconcileWindowDays: 3,
    });
    expect(
      loadConfig(sandboxEnv({ PAYMENTS_RECONCILE_INTERVAL_MS: '0', PAYMENTS_RECONCILE_WINDOW_DAYS: '7' }))
        .orders,
    ).toMatchObject({ reconcileIntervalMs: 0, reconcileWindowDays: 7 });
    let problems: string[] = [];
    try {
      loadConfig(
        sandboxEnv({ PAYMENTS_RECONCILE_INTERVAL_MS: '-1', PAYMENTS_RECONCILE_WINDOW_DAYS: '0', PORT: 'x' }),
      );
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PAYMENTS_RECONCILE_INTERVAL_MS: /),
        expect.stringMatching(/^PAYMENTS_RECONCILE_WINDOW_DAYS: /),
        expect.stringMatching(/^PORT: /),
      ]),
    );
  });

  it('runs once with the api’s own configuration, serving the sandbox’s twins itself when no api does', async () => {
    const port = await freePort();
    const report = await reconcilePaymentsOnce(
      sandboxEnv({ NODE_ENV: 'test', PORT: String(port), SANDBOX_SEED: 'none' }),
    );
    expect(report).toMatchObject({ payments: 0, refunds: 0, repaired: [], raised: [], skipped: null });
    // It closed what it opened: the port is free again.
    await new Promise<void>((resolve, reject) => {
      const server = createServer().once('error', reject);
      server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
    });
  }, 60_000);
});
