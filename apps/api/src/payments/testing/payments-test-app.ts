import type { INestApplication } from '@nestjs/common';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { AppWiring } from '../../app/app.module';
import { createApp } from '../../app/create-app';
import type { AppConfig } from '../../config/app-config';
import { sandboxTestConfig } from '../../config/testing/test-config';
import { freePort } from '@fed/sandbox-fixtures/free-port';
import { PaymentEvents, type PaymentChange } from '../payment-events';
import {
  PAYMENT_PROVIDER,
  paymentProgressed,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderPayment,
} from '../payment-provider';

/**
 * What an order service does with "payment changed" events, reduced to a record: every delivery it got, and
 * the changes it applied (only what `paymentProgressed` says is news).
 */
export class RecordingListener {
  readonly deliveries: PaymentChange[] = [];
  readonly applied: { id: string; status: string; refunded: number }[] = [];
  private readonly known = new Map<string, Pick<ProviderPayment, 'status' | 'refundedAmount'>>();

  /** What the order knew when it made the payment. */
  knows(payment: ProviderPayment): void {
    this.known.set(payment.id, payment);
  }

  readonly listener = (change: PaymentChange): void => {
    this.deliveries.push(change);
    const { payment } = change;
    if (!paymentProgressed(this.known.get(payment.id) ?? null, payment)) return;
    this.known.set(payment.id, payment);
    this.applied.push({ id: payment.id, status: payment.status, refunded: payment.refundedAmount });
  };

  deliveriesOf(id: string): PaymentChange[] {
    return this.deliveries.filter((change) => change.payment.id === id);
  }

  appliedTo(id: string) {
    return this.applied.filter((change) => change.id === id);
  }
}

/**
 * The whole api in a sandbox, listening on a free port: the YooKassa twin is mounted under /sandbox and the
 * payment port calls it over HTTP, as `main` wires it; the twin notifies the api's own receiver. `wiring.clock`
 * is the clock of the api and the twin (creation times, expiry, the twin's calls per second).
 */
export async function startPaymentsApp(overrides: Partial<AppConfig> = {}, wiring: AppWiring = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'api-payments-'));
  const port = await freePort();
  const config = sandboxTestConfig(join(dir, 'sandbox'), { port, portalDistDir: dir, ...overrides });
  const app: INestApplication = await createApp(config, wiring);
  await app.listen(port, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  const recorder = new RecordingListener();
  app.get(PaymentEvents).subscribe(recorder.listener);
  const shop = `Basic ${Buffer.from(`${config.payments.shopId}:${config.payments.secretKey}`).toString('base64')}`;
  const twinDb = new Database(join(dir, 'sandbox', 'yookassa.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  return {
    app,
    base,
    config,
    recorder,
    provider: app.get<PaymentProvider>(PAYMENT_PROVIDER),
    /** The twin's test switches (`docs/sandbox.md`). */
    switches: (change: object) =>
      request(base).post('/sandbox/yookassa/control').set('Authorization', shop).send(change).expect(200),
    releaseHeld: () =>
      request(base).post('/sandbox/yookassa/control/release').set('Authorization', shop).expect(200),
    /** How many payments the twin holds for an order: what "one payment" is checked against. */
    paymentsOfOrder: (orderId: string) =>
      (
        twinDb
          .prepare(
            "SELECT COUNT(*) AS count FROM payments WHERE json_extract(data, '$.metadata.orderId') = ?",
          )
          .get(orderId) as { count: number }
      ).count,
    /** Pays (or declines) on the twin's card page, as the payer's browser does. */
    payOnPage: (payment: ProviderPayment, card = '5555 5555 5555 4477') =>
      request(base)
        .post(new URL(payment.confirmationUrl ?? '', base).pathname)
        .type('form')
        .send({ card_number: card, card_expiry: '12/40', card_cvc: '123' })
        .expect(200),
    stop: async () => {
      twinDb.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type PaymentsApp = Awaited<ReturnType<typeof startPaymentsApp>>;

let orders = 0;

/** A payment of 1 500 ₽ for a new order, with its receipt and its own key. */
export function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  orders += 1;
  return {
    orderId: `order-${orders}-${Date.now()}`,
    amount: 150_000,
    description: 'Стартовый взнос: Кубок ФКЕ',
    receipt: {
      customer: { phone: '+79990000001' },
      lines: [
        {
          description: 'Стартовый взнос',
          quantity: 1,
          unitPrice: 150_000,
          vatCode: 1,
          paymentSubject: 'service',
          paymentMode: 'full_payment',
        },
      ],
    },
    returnUrl: 'http://127.0.0.1/order/1',
    idempotenceKey: `key-${orders}-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  };
}

/** Waits until `check` holds (deliveries are asynchronous), failing after `ms`. */
export async function eventually(check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
