import { ManualClock } from '@fed/calendar';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_NOTIFICATIONS_PATH } from '../config/payments-config';
import { PaymentEvents } from './payment-events';
import { PaymentProviderError, type ProviderPayment } from './payment-provider';
import { eventually, paymentInput, startPaymentsApp, type PaymentsApp } from './testing/payments-test-app';

/**
 * The payment port and the notification receiver through HTTP against the YooKassa twin the api mounts, as
 * `main` wires them. `TRUST_PROXY=1` so a test can come from another address (`X-Forwarded-For`); the twin's
 * own deliveries come from loopback with no such header.
 */
describe('payments against the YooKassa twin', () => {
  let t: PaymentsApp;

  beforeAll(async () => {
    t = await startPaymentsApp({ trustProxy: 1 });
  });
  afterAll(() => t.stop());
  afterEach(async () => {
    await t.switches({ failCalls: 0, delayMs: 0, notificationCopies: 1, holdNotifications: false });
  });

  const notify = (body: object, from?: string) => {
    const call = request(t.base).post(PAYMENT_NOTIFICATIONS_PATH);
    return (from ? call.set('X-Forwarded-For', from) : call).send(body);
  };

  describe('idempotence keys', () => {
    it('makes one payment of the same Idempotence-Key sent twice', async () => {
      const input = paymentInput();
      const first = await t.provider.create(input);
      const second = await t.provider.create(input);
      expect(second.id).toBe(first.id);
      expect(t.paymentsOfOrder(input.orderId)).toBe(1);
      expect(first).toMatchObject({
        status: 'pending',
        paid: false,
        amount: 150_000,
        orderId: input.orderId,
        test: true,
        confirmationUrl: `/sandbox/yookassa/checkout/${first.id}`,
      });
    });

    it('passes on the provider’s refusal of a used key with a changed body', async () => {
      const input = paymentInput();
      await t.provider.create(input);
      const refused = await t.provider.create({ ...input, amount: 100_000 }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(PaymentProviderError);
      expect(refused).toMatchObject({
        kind: 'rejected',
        message: 'Idempotence key duplicated',
        details: { status: 400, code: 'invalid_request', parameter: 'Idempotence-Key' },
        outcomeUnknown: false,
      });
      expect((refused as PaymentProviderError).toApiException().getStatus()).toBe(400);
      expect(t.paymentsOfOrder(input.orderId)).toBe(1);
    });

    it('makes one payment when the provider answers 500 after doing it, then the repeat succeeds', async () => {
      await t.switches({ failCalls: 1, failStage: 'after' });
      const input = paymentInput();
      const payment = await t.provider.create(input);
      expect(payment.status).toBe('pending');
      expect(t.paymentsOfOrder(input.orderId)).toBe(1);
      expect((await t.provider.create(input)).id).toBe(payment.id);
    });

    it('makes one payment when the provider answers 500 before doing it', async () => {
      await t.switches({ failCalls: 1, failStage: 'before' });
      const input = paymentInput();
      await t.provider.create(input);
      expect(t.paymentsOfOrder(input.orderId)).toBe(1);
    });

    it('makes one payment when the first answer is too slow and the repeat gets it', async () => {
      await t.switches({ delayMs: t.config.payments.timeoutMs + 500, delayCalls: 1 });
      const input = paymentInput();
      const payment = await t.provider.create(input);
      expect(payment.status).toBe('pending');
      expect(t.paymentsOfOrder(input.orderId)).toBe(1);
    });

    it('reports an unknown outcome when 500s outlast the repeats; the same key later finds the one payment', async () => {
      await t.switches({ failCalls: 3, failStage: 'after' });
      const input = paymentInput();
      const failed = await t.provider.create(input).catch((error: unknown) => error);
      expect(failed).toMatchObject({ kind: 'unavailable', outcomeUnknown: true });
      expect((failed as PaymentProviderError).toApiException().getStatus()).toBe(502);
      const later = await t.provider.create(input);
      expect(later.status).toBe('pending');
      expect(t.paymentsOfOrder(input.orderId)).toBe(1);
    });
  });

  describe('the notification receiver', () => {
    it('believes the read, not the body: a forged succeeded for a canceled payment changes nothing', async () => {
      const payment = await t.provider.create(paymentInput());
      t.recorder.knows(payment);
      await t.payOnPage(payment, '5555 5555 5555 4444');
      await eventually(() => t.recorder.deliveriesOf(payment.id).length === 1);
      expect(t.recorder.appliedTo(payment.id)).toEqual([{ id: payment.id, status: 'canceled', refunded: 0 }]);

      const forged = await notify({
        type: 'notification',
        event: 'payment.succeeded',
        object: {
          id: payment.id,
          status: 'succeeded',
          paid: true,
          amount: { value: '1500.00', currency: 'RUB' },
        },
      }).expect(200);
      expect(forged.body).toEqual({ outcome: 'emitted' });
      const deliveries = t.recorder.deliveriesOf(payment.id);
      expect(deliveries).toHaveLength(2);
      expect(deliveries[1]?.payment).toMatchObject({
        status: 'canceled',
        paid: false,
        cancellation: { party: 'payment_network', reason: 'insufficient_funds' },
      });
      expect(t.recorder.appliedTo(payment.id)).toEqual([{ id: payment.id, status: 'canceled', refunded: 0 }]);
      expect((await t.provider.get(payment.id))?.status).toBe('canceled');
    });

    it('answers 200 to an unknown id and changes nothing, so the provider stops', async () => {
      const before = t.recorder.deliveries.length;
      const answer = await notify({
        type: 'notification',
        event: 'payment.succeeded',
        object: { id: '2d4f8d2a-000f-5000-8000-000000000000', status: 'succeeded' },
      }).expect(200);
      expect(answer.body).toEqual({ outcome: 'unknown_object' });
      await notify({
        type: 'notification',
        event: 'refund.succeeded',
        object: { id: 'no-such-refund' },
      }).expect(200);
      expect(t.recorder.deliveries.length).toBe(before);
    });

    it('refuses a notification from an address outside the configured ranges: 403, nothing read', async () => {
      const payment = await t.provider.create(paymentInput());
      const before = t.recorder.deliveries.length;
      const refused = await notify(
        { type: 'notification', event: 'payment.succeeded', object: { id: payment.id, status: 'succeeded' } },
        '203.0.113.7',
      ).expect(403);
      expect(refused.body).toMatchObject({ statusCode: 403, code: 'forbidden' });
      // Even an address that calls itself YooKassa's but is not in the sandbox's (loopback) ranges.
      await notify(
        { type: 'notification', event: 'payment.succeeded', object: { id: payment.id } },
        '185.71.76.1',
      ).expect(403);
      expect(t.recorder.deliveries.length).toBe(before);
      expect((await t.provider.get(payment.id))?.status).toBe('pending');
    });

    it('refuses what is not a notification with a 400', async () => {
      const answer = await notify({ event: 'payment.succeeded', object: {} }).expect(400);
      expect(answer.body).toMatchObject({ statusCode: 400 });
    });

    describe('takes only ids of YooKassa’s shape, before any lookup', () => {
      const notification = (id: string, event = 'payment.succeeded') => ({
        type: 'notification',
        event,
        object: { id, status: 'succeeded' },
      });
      /** Every read the receiver asks of the provider while `run` runs. */
      const readsDuring = async (run: () => Promise<void>) => {
        const get = vi.spyOn(t.provider, 'get');
        const getRefund = vi.spyOn(t.provider, 'getRefund');
        try {
          await run();
          return [...get.mock.calls, ...getRefund.mock.calls];
        } finally {
          get.mockRestore();
          getRefund.mockRestore();
        }
      };

      it.each([
        ['a lone surrogate', '2d4f8d2a-000f-5000-8000-\ud800'],
        ['a NUL', '2d4f8d2a-000f-5000-8000-\u0000'],
        ['a newline', '2d4f8d2a-000f-5000-8000\n-forged log line'],
        ['a space', '2d4f8d2a 000f'],
        ['65 characters', 'a'.repeat(65)],
        ['nothing', ''],
      ])('refuses an id with %s: 400 naming object.id, nothing read', async (_, id) => {
        for (const event of ['payment.succeeded', 'refund.succeeded']) {
          const reads = await readsDuring(async () => {
            const answer = await notify(notification(id, event));
            expect(answer.status).toBe(400);
            expect(answer.body).toMatchObject({
              statusCode: 400,
              code: 'validation_failed',
              message: 'Это не уведомление платёжного сервиса',
              fieldErrors: { 'object.id': [expect.stringMatching(/от 1 до 64 печатных символов ASCII/)] },
            });
          });
          expect(reads).toEqual([]);
        }
      });

      it('refuses an event YooKassa does not have: 400 naming event, nothing read', async () => {
        const reads = await readsDuring(async () => {
          const answer = await notify(notification('2d4f8d2a-000f-5000-8000-000000000000', 'payment.paid'));
          expect(answer.status).toBe(400);
          expect(answer.body).toMatchObject({
            code: 'validation_failed',
            fieldErrors: { event: ['Неизвестное событие платёжного сервиса'] },
          });
        });
        expect(reads).toEqual([]);
      });

      it('answers a 64-character id it does not know as usual: 200 unknown_object, quoted in the log', async () => {
        const warn = vi.spyOn(Logger.prototype, 'warn');
        try {
          // Printable ASCII that means something in a URL or in JSON: it stays one path segment and one log token.
          const id = `../"x"\\?#%2F&=${'z'.repeat(50)}`;
          expect(id).toHaveLength(64);
          for (const event of ['payment.succeeded', 'refund.succeeded']) {
            const answer = await notify(notification(id, event));
            expect(answer.status).toBe(200);
            expect(answer.body).toEqual({ outcome: 'unknown_object' });
          }
          const logged = warn.mock.calls.map(([message]) => String(message));
          expect(logged.filter((line) => line.includes(JSON.stringify(id)))).toHaveLength(2);
        } finally {
          warn.mockRestore();
        }
      });

      it('answers `.` and `..` as ids it does not know without asking the provider for a path above them', async () => {
        for (const id of ['.', '..']) {
          const reads = await readsDuring(async () => {
            const payment = await notify(notification(id)).expect(200);
            expect(payment.body).toEqual({ outcome: 'unknown_object' });
            const refund = await notify(notification(id, 'refund.succeeded')).expect(200);
            expect(refund.body).toEqual({ outcome: 'unknown_object' });
          });
          // The port is asked, and answers "unknown" without a call that would resolve to /v3/ or /v3/payments.
          expect(reads).toEqual([[id], [id]]);
        }
      });

      it('answers 200 ignored_event to YooKassa’s events it does not handle, so YooKassa stops', async () => {
        const reads = await readsDuring(async () => {
          const answer = await notify(
            notification('po-285e5ee7-0022-5000-8000-01516a44b147', 'payout.succeeded'),
          );
          expect(answer.status).toBe(200);
          expect(answer.body).toEqual({ outcome: 'ignored_event' });
        });
        expect(reads).toEqual([]);
      });
    });

    it('applies one change of a notification delivered three times and out of order', async () => {
      await t.switches({ notificationCopies: 3, holdNotifications: true });
      const payment = await t.provider.create(paymentInput({ capture: false }));
      t.recorder.knows(payment);
      await t.payOnPage(payment);
      const captured = await t.provider.capture(payment.id, { idempotenceKey: `capture-${payment.id}` });
      expect(captured.status).toBe('succeeded');
      expect(t.recorder.deliveriesOf(payment.id)).toEqual([]);
      // waiting_for_capture ×3, then succeeded ×3, released newest first: succeeded arrives before waiting.
      const released = await t.releaseHeld();
      expect(released.body.released).toBe(6);
      await eventually(() => t.recorder.deliveriesOf(payment.id).length === 6);
      expect(t.recorder.deliveriesOf(payment.id).map((change) => change.event)).toEqual([
        'payment.succeeded',
        'payment.succeeded',
        'payment.succeeded',
        'payment.waiting_for_capture',
        'payment.waiting_for_capture',
        'payment.waiting_for_capture',
      ]);
      // Every delivery carries what the read says now, and only the first one is news to the listener.
      expect(new Set(t.recorder.deliveriesOf(payment.id).map((change) => change.payment.status))).toEqual(
        new Set(['succeeded']),
      );
      expect(t.recorder.appliedTo(payment.id)).toEqual([
        { id: payment.id, status: 'succeeded', refunded: 0 },
      ]);
    });

    it('reads a refund and its payment again: refunded once, however often told', async () => {
      await t.switches({ notificationCopies: 2 });
      const payment = await t.provider.create(paymentInput());
      t.recorder.knows(payment);
      await t.payOnPage(payment);
      await eventually(() => t.recorder.deliveriesOf(payment.id).length === 2);
      const refund = await t.provider.refund({
        paymentId: payment.id,
        amount: 150_000,
        idempotenceKey: `refund-${payment.id}`,
      });
      expect(refund).toMatchObject({ paymentId: payment.id, status: 'succeeded', amount: 150_000 });
      expect(await t.provider.getRefund(refund.id)).toEqual(refund);
      await eventually(() => t.recorder.deliveriesOf(payment.id).length === 4);
      const told = t.recorder.deliveriesOf(payment.id).slice(2);
      expect(told.map((change) => [change.event, change.refund?.id, change.payment.refundedAmount])).toEqual([
        ['refund.succeeded', refund.id, 150_000],
        ['refund.succeeded', refund.id, 150_000],
      ]);
      expect(t.recorder.appliedTo(payment.id)).toEqual([
        { id: payment.id, status: 'succeeded', refunded: 0 },
        { id: payment.id, status: 'succeeded', refunded: 150_000 },
      ]);
    });

    it('answers an error while a listener fails, so the provider delivers again', async () => {
      let failures = 1;
      const unsubscribe = t.app.get(PaymentEvents).subscribe(() => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('the order store is down');
        }
      });
      try {
        const payment = await t.provider.create(paymentInput());
        t.recorder.knows(payment);
        await t.payOnPage(payment);
        // The first delivery failed in the listener above (after the recorder saw it); the retry comes a second later.
        await eventually(() => t.recorder.deliveriesOf(payment.id).length === 2, 15_000);
        expect(t.recorder.appliedTo(payment.id)).toEqual([
          { id: payment.id, status: 'succeeded', refunded: 0 },
        ]);
      } finally {
        unsubscribe();
      }
    });
  });

  describe('the twin’s card page under the api’s CSP', () => {
    it('is served with the api’s strict CSP and needs none of what it forbids', async () => {
      const payment = await t.provider.create(paymentInput());
      const page = await request(t.base)
        .get(payment.confirmationUrl ?? '')
        .expect(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(page.text).not.toMatch(/<script|\son\w+=/i);
      expect(page.text).toContain(`action="/sandbox/yookassa/checkout/${payment.id}"`);
    });
  });
});

/**
 * `listPayments` and `listRefunds` through every page of the twin's `GET /v3/payments` and `GET /v3/refunds`, on
 * a clock the test moves: a second between calls keeps the twin's calls per second in bounds, and creation
 * times exact.
 */
describe('listing the provider’s payments and refunds', () => {
  const SECOND = 1000;
  let t: PaymentsApp;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock('2026-06-17T09:00:00.000Z');
    t = await startPaymentsApp({}, { clock });
    // The twin keeps its notifications: the receiver's reads would otherwise take the failures the tests set.
    await t.switches({ holdNotifications: true });
  });
  afterAll(() => t.stop());
  // Each test's objects a minute after the last test's.
  beforeEach(() => clock.advance(60 * SECOND));

  const at = (instant: string) => new Date(instant);
  const create = async () => {
    const payment = await t.provider.create(paymentInput());
    clock.advance(SECOND);
    return payment;
  };

  it('reads every payment of a window through all the pages, each as get reads it, with its order id', async () => {
    const before = await create();
    const from = at('2026-06-17T09:01:01.000Z');
    // More than the 100 of one page.
    const inWindow: ProviderPayment[] = [];
    for (let index = 0; index < 104; index += 1) inWindow.push(await create());
    const to = at('2026-06-17T09:02:45.000Z');
    const after = await create();
    expect(inWindow[0]?.createdAt).toBe('2026-06-17T09:01:01.000Z');
    expect(inWindow.at(-1)?.createdAt).toBe('2026-06-17T09:02:44.000Z');

    const [paid, declined, refunded] = inWindow;
    if (!paid || !declined || !refunded) throw new Error('no payments made');
    await t.payOnPage(paid);
    await t.payOnPage(declined, '5555 5555 5555 4444');
    await t.payOnPage(refunded);
    await t.provider.refund({
      paymentId: refunded.id,
      amount: 150_000,
      idempotenceKey: `refund-${refunded.id}`,
    });

    const listed = await t.provider.listPayments({ createdFrom: from, createdTo: to });
    expect(listed.map((payment) => payment.id)).toEqual(inWindow.map((payment) => payment.id).reverse());
    for (const payment of [paid, declined, refunded, inWindow[50]]) {
      expect(listed.find((item) => item.id === payment?.id)).toEqual(await t.provider.get(payment?.id ?? ''));
    }
    expect(listed.find((item) => item.id === paid.id)).toMatchObject({
      status: 'succeeded',
      paid: true,
      amount: 150_000,
      refundedAmount: 0,
      orderId: paid.orderId,
      metadata: { orderId: paid.orderId },
      createdAt: paid.createdAt,
      capturedAt: expect.any(String),
    });
    expect(listed.find((item) => item.id === declined.id)).toMatchObject({
      status: 'canceled',
      cancellation: { reason: 'insufficient_funds' },
    });
    expect(listed.find((item) => item.id === refunded.id)).toMatchObject({
      status: 'succeeded',
      refundedAmount: 150_000,
      refundable: false,
    });

    // Without an end: up to now, the one made after the window too.
    const open = await t.provider.listPayments({ createdFrom: from });
    expect(open.map((payment) => payment.id)).toEqual([after.id, ...listed.map((payment) => payment.id)]);
    expect(open.map((payment) => payment.id)).not.toContain(before.id);
    expect(await t.provider.listPayments({ createdFrom: at('2026-06-18T00:00:00.000Z') })).toEqual([]);
    expect(await t.provider.listPayments({ createdFrom: from, createdTo: from })).toEqual([]);
  });

  it('reads every refund of a window, each as getRefund reads it', async () => {
    const payment = await create();
    await t.payOnPage(payment);
    const partReceipt = (amount: number) => ({
      customer: { phone: '+79990000001' },
      lines: [
        {
          description: 'Возврат части взноса',
          quantity: 1,
          unitPrice: amount,
          vatCode: 1,
          paymentSubject: 'service',
          paymentMode: 'full_payment',
        },
      ],
    });
    const from = at(payment.createdAt);
    clock.advance(SECOND);
    const first = await t.provider.refund({
      paymentId: payment.id,
      amount: 50_000,
      receipt: partReceipt(50_000),
      idempotenceKey: `refund-1-${payment.id}`,
    });
    clock.advance(SECOND);
    const to = new Date(clock.now());
    const second = await t.provider.refund({
      paymentId: payment.id,
      amount: 100_000,
      receipt: partReceipt(100_000),
      idempotenceKey: `refund-2-${payment.id}`,
    });

    const inWindow = await t.provider.listRefunds({ createdFrom: from, createdTo: to });
    expect(inWindow).toEqual([await t.provider.getRefund(first.id)]);
    expect(inWindow[0]).toMatchObject({ paymentId: payment.id, status: 'succeeded', amount: 50_000 });
    const all = await t.provider.listRefunds({ createdFrom: from });
    expect(all.map((refund) => refund.id)).toEqual([second.id, first.id]);
  });

  it('repeats a page the provider answered 500 and fails the whole list when the 500s outlast the repeats', async () => {
    const from = new Date(clock.now());
    const payment = await create();
    await t.switches({ failCalls: 1, failStage: 'before' });
    expect((await t.provider.listPayments({ createdFrom: from })).map((item) => item.id)).toEqual([
      payment.id,
    ]);
    await t.switches({ failCalls: 3, failStage: 'before' });
    const failed = await t.provider.listPayments({ createdFrom: from }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(PaymentProviderError);
    expect(failed).toMatchObject({ kind: 'unavailable' });
    await t.switches({ failCalls: 0 });
    expect(await t.provider.listRefunds({ createdFrom: from })).toEqual([]);
  });
});
