import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { YookassaNotifier } from '../yookassa-notifier';
import type { YookassaTwinOptions } from '../yookassa-twin.options';
import { YookassaTwinModule } from '../yookassa-twin.module';
import { YookassaTwinService } from '../yookassa-twin.service';

export const SHOP = { shopId: '100500', secretKey: 'test_twin-secret-key-0123456789' };
export const OTHER_SHOP = { shopId: '100600', secretKey: 'test_other-secret-key-0123456789' };

export const basic = (shop: { shopId: string; secretKey: string }) =>
  `Basic ${Buffer.from(`${shop.shopId}:${shop.secretKey}`).toString('base64')}`;

/** A notification as the receiver got it. */
export interface Received {
  event: string;
  object: { id: string; status: string; [key: string]: unknown };
}

/**
 * A stand-in for the api's receiver: records what it gets and answers the statuses of `answers` in turn
 * (200 once they run out).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const status = answers.shift() ?? 200;
      if (status === 200) received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received);
      outgoing.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/notifications`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The twin alone in a Nest app, with a clock the test moves (`advance`) and notifications sent to `receiver`.
 * The tick is off: the test runs `tick()` when it wants expiry and deliveries to happen.
 */
export async function startTwin(options: Partial<YookassaTwinOptions> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yookassa-twin-'));
  let offset = 0;
  const moduleRef = await Test.createTestingModule({
    imports: [
      YookassaTwinModule.forRoot({
        dataDir,
        shops: [SHOP, OTHER_SHOP],
        rateLimitPerSecond: 10_000,
        notificationRetryBaseMs: 10,
        tickMs: 0,
        clock: { now: () => Date.now() + offset },
        ...options,
      }),
    ],
  }).compile();
  const app: INestApplication = moduleRef.createNestApplication({ logger: false });
  await app.init();
  const http = app.getHttpServer();
  const twin = app.get(YookassaTwinService);
  const notifier = app.get(YookassaNotifier);
  let keys = 0;
  const api = {
    post: (path: string, body: object, key: string | null = `key-${++keys}`, shop = SHOP) => {
      const call = request(http).post(`/sandbox/yookassa/v3${path}`).set('Authorization', basic(shop));
      return (key === null ? call : call.set('Idempotence-Key', key)).send(body);
    },
    get: (path: string, shop = SHOP) =>
      request(http).get(`/sandbox/yookassa/v3${path}`).set('Authorization', basic(shop)),
  };
  return {
    app,
    http,
    twin,
    api,
    dataDir,
    advance: (ms: number) => {
      offset += ms;
    },
    tick: () => notifier.tick(),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TwinTestApp = Awaited<ReturnType<typeof startTwin>>;

/** A valid payment body: 1500 ₽ for one entry fee with its receipt. */
export function paymentBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: { value: '1500.00', currency: 'RUB' },
    capture: true,
    confirmation: { type: 'redirect', return_url: 'https://portal.example/order/o-1' },
    description: 'Стартовый взнос: Кубок ФКЕ',
    metadata: { orderId: 'o-1' },
    receipt: {
      customer: { phone: '79990000001' },
      items: [
        {
          description: 'Стартовый взнос',
          quantity: '1.00',
          amount: { value: '1500.00', currency: 'RUB' },
          vat_code: 1,
          payment_subject: 'service',
          payment_mode: 'full_payment',
        },
      ],
    },
    ...overrides,
  };
}

/** Pays (or declines) a pending payment on the twin's card page, as the payer's browser does. */
export function payOnPage(http: TwinTestApp['http'], paymentId: string, card = '5555 5555 5555 4477') {
  return request(http)
    .post(`/sandbox/yookassa/checkout/${paymentId}`)
    .type('form')
    .send({ card_number: card, card_expiry: '12/40', card_cvc: '123' });
}
