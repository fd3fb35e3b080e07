import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_NOTIFICATIONS_PATH } from '../config/payments-config';
import { PaymentEvents } from './payment-events';
import { PaymentProviderError } from './payment-provider';
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
