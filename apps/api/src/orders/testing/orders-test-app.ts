import type { INestApplication } from '@nestjs/common';
import {
  platformScriptModules,
  platformScripts,
  type BrowserScriptName,
  type PlatformScriptInput,
  type RequestView,
} from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { AppWiring } from '../../app/app.module';
import { createApp } from '../../app/create-app';
import type { AppConfig } from '../../config/app-config';
import { sandboxTestConfig } from '../../config/testing/test-config';
import { PlatformClient } from '../../platform/platform-client';
import { AUTH_DB, type AuthDb } from '../../store/auth-database';
import type { AuthDatabaseTarget } from '../../store/create-auth-database';
import { freePort } from '@fed/sandbox-fixtures/free-port';
import { MembershipRemindersJob } from '../membership-reminders.job';

/** The card YooKassa's documentation gives for a successful test payment, and one the twin declines. */
export const PAYING_CARD = '5555 5555 5555 4477';
export const DECLINED_CARD = '5555 5555 5555 4444';

/**
 * The whole api in a sandbox with the demo federation, listening on a free port: the platform twin, the
 * YooKassa twin (notifying the api's own receiver) and the SMS outbox mounted as `main` mounts them. The
 * reminder job does not run by itself (`runDue`/`run` in tests). `database`: the api's store (default in-memory SQLite);
 * `wiring.clock`: the one clock of the api and its twins (default the process clock).
 */
export async function startOrdersApp(
  overrides: Partial<AppConfig> = {},
  database?: AuthDatabaseTarget,
  wiring: AppWiring = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'api-orders-'));
  const port = await freePort();
  const config = sandboxTestConfig(join(dir, 'sandbox'), {
    port,
    seed: 'demo',
    portalDistDir: dir,
    orders: { portalPublicUrl: 'https://portal.example', reminderIntervalMs: 0 },
    ...overrides,
  });
  if (database) config.auth = { ...config.auth, database };
  const app: INestApplication = await createApp(config, wiring);
  await app.listen(port, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  const shop = `Basic ${Buffer.from(`${config.payments.shopId}:${config.payments.secretKey}`).toString('base64')}`;
  const yookassaFile = join(dir, 'sandbox', 'yookassa.sqlite');
  const twinDb = new Database(yookassaFile, { fileMustExist: true });
  twinDb.pragma('busy_timeout = 5000');
  const extensions = sandboxPublicConfig.extensions;
  const tokens = new Map<string, string>();

  /**
   * Signs a demo phone in (once per phone: the code comes from the outbox); `again`: a new sign-in, for a test
   * whose clock moved past the token's life.
   */
  async function signIn(phone: string, again = false): Promise<string> {
    const known = tokens.get(phone);
    if (known && !again) return known;
    await request(base).post('/api/auth/LoginUser').send({ phone }).expect(200);
    const latest = await request(base).get('/sandbox/sms/latest').query({ phone }).expect(200);
    const code = /\b(\d{6})\b/.exec(String(latest.body.text))?.[1];
    const confirmed = await request(base)
      .post('/api/auth/LoginUserConfirm')
      .send({ phone, code })
      .expect(200);
    const token = String(confirmed.body.data.Token);
    tokens.set(phone, token);
    return token;
  }

  const as = (token: string) => ({
    get: (path: string) => request(base).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object = {}) =>
      request(base).post(path).set('Authorization', `Bearer ${token}`).send(body),
    /** A platform script through the proxy, as the portal calls it. */
    script: <N extends BrowserScriptName>(name: N, input: PlatformScriptInput<N>) => {
      const path = `/api/extensions/${extensions[platformScriptModules[name]]}/script/${name}`;
      const script = platformScripts[name];
      if (script.method === 'GET') {
        const url = `${path}?data=${encodeURIComponent(JSON.stringify(input))}`;
        return request(base)
          .get(`/api/proxy?url=${encodeURIComponent(url)}`)
          .set('Authorization', `Bearer ${token}`);
      }
      return request(base)
        .post(`/api/proxy?url=${encodeURIComponent(path)}`)
        .set('Authorization', `Bearer ${token}`)
        .send(input as object);
    },
  });

  return {
    app,
    base,
    config,
    /** The YooKassa twin's database file: the provider's books, read as they are. */
    yookassaFile,
    signIn,
    as,
    /** The api's own platform client (the server's token): what the platform says, bypassing the proxy. */
    platform: app.get(PlatformClient),
    store: app.get<AuthDb>(AUTH_DB),
    reminders: app.get(MembershipRemindersJob),
    switches: (change: object) =>
      request(base).post('/sandbox/yookassa/control').set('Authorization', shop).send(change).expect(200),
    /** Every switch of the twin back as it starts: no failures, no delay, one copy of each notification. */
    resetSwitches: () =>
      request(base)
        .post('/sandbox/yookassa/control')
        .set('Authorization', shop)
        .send({ failCalls: 0, delayMs: 0, notificationCopies: 1, holdNotifications: false })
        .expect(200),
    releaseHeld: () =>
      request(base).post('/sandbox/yookassa/control/release').set('Authorization', shop).expect(200),
    /** Payments the twin holds for an order: what "one payment" is checked against. */
    paymentsOfOrder: (orderId: string) =>
      (
        twinDb
          .prepare(
            "SELECT COUNT(*) AS count FROM payments WHERE json_extract(data, '$.metadata.orderId') = ?",
          )
          .get(orderId) as { count: number }
      ).count,
    /** Refunds the twin made of a payment. */
    refundsOfPayment: (paymentId: string) =>
      (
        twinDb.prepare('SELECT COUNT(*) AS count FROM refunds WHERE payment_id = ?').get(paymentId) as {
          count: number;
        }
      ).count,
    /** The payer left the card page long ago: the twin's next tick cancels it `expired_on_confirmation`. */
    expirePayment: (paymentId: string) =>
      twinDb.prepare('UPDATE payments SET expires_at = 0 WHERE id = ?').run(paymentId),
    /** Pays (or declines) on the twin's card page, as the payer's browser does. */
    payOnPage: (confirmationUrl: string, card = PAYING_CARD) =>
      request(base)
        .post(new URL(confirmationUrl, base).pathname)
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

export type OrdersApp = Awaited<ReturnType<typeof startOrdersApp>>;

/** A signed-in client of the test app (`OrdersApp['as']`). */
export type OrdersClient = ReturnType<OrdersApp['as']>;

/**
 * Applies an athlete to an event through the proxy, as the portal does, with the first program open to them
 * (and a membership request to pay with it, when given). Returns the application and every program open to the
 * athlete, in the platform's order.
 */
export async function applyToEvent(
  who: OrdersClient,
  sportsmanId: string,
  competitionId: string,
  membershipRequestId?: string,
): Promise<{ request: RequestView; openPrograms: string[] }> {
  const eligibility = platformScripts.getApplicationEligibility.output.parse(
    (await who.script('getApplicationEligibility', { sportsmanId, competitionId }).expect(200)).body,
  ).data;
  const openPrograms = eligibility.programs.filter((entry) => entry.eligible).map((entry) => entry.programId);
  const [first] = openPrograms;
  if (!first) throw new Error('no program is open to the athlete');
  const created = await who.script('createApplication', {
    sportsmanId,
    competitionId,
    programIds: [first],
    coach: null,
    acceptOffer: true,
    ...(membershipRequestId ? { membershipRequestId } : {}),
  });
  if (created.status !== 200) {
    throw new Error(
      `the platform refused the application: ${created.status} ${JSON.stringify(created.body)}`,
    );
  }
  return { request: platformScripts.createApplication.output.parse(created.body).data, openPrograms };
}

/** Waits until `check` holds (notifications are asynchronous), failing after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > until) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
