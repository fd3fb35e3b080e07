import { ManualClock } from '@fed/calendar';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseInstant } from './yookassa-lists';
import { YOOKASSA_DATABASE_FILE, YookassaStore, type StoredPayment } from './yookassa-store';
import {
  OTHER_SHOP,
  SHOP,
  paymentBody,
  payOnPage,
  startTwin,
  type TwinTestApp,
} from './testing/twin-test-app';

const START = '2026-06-17T09:00:00.000Z';
const SECOND = 1000;

interface ListAnswer {
  type: string;
  items: Array<{ id: string; status: string; created_at: string; [key: string]: unknown }>;
  next_cursor?: string;
}

/**
 * `GET /v3/payments` and `GET /v3/refunds` as YooKassa API v3 has them: `{type: 'list', items, next_cursor}`,
 * newest first, filtered by `created_at.*`, `status` (and `payment_id` for refunds), paged by `limit` and an
 * opaque cursor. Each test gets a fresh twin on a clock it moves by hand, so creation times are exact.
 */
describe('the YooKassa twin lists payments and refunds', () => {
  let t: TwinTestApp;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock(START);
    t = await startTwin({ clock });
  });
  afterEach(() => t.close());

  const create = async (overrides: Record<string, unknown> = {}, shop = SHOP) =>
    (await t.api.post('/payments', paymentBody(overrides), undefined, shop).expect(200)).body as {
      id: string;
    };
  /** Creates `count` payments, one a second (or all in one instant with `step` 0), oldest first. */
  const createMany = async (count: number, step = SECOND) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      ids.push((await create()).id);
      clock.advance(step);
    }
    return ids;
  };
  const list = async (path: string, query: Record<string, string> = {}, shop = SHOP) => {
    const answer = await t.api.get(path, shop).query(query).expect(200);
    return answer.body as ListAnswer;
  };
  /** Every page, following `next_cursor`; `between` runs before each next page is asked for. */
  const pageThrough = async (
    path: string,
    query: Record<string, string>,
    between: () => Promise<void> = async () => undefined,
  ) => {
    const pages: ListAnswer[] = [await list(path, query)];
    for (let cursor = pages[0]?.next_cursor; cursor !== undefined; cursor = pages.at(-1)?.next_cursor) {
      await between();
      pages.push(await list(path, { ...query, cursor }));
      if (pages.length > 100) throw new Error('the cursors do not end');
    }
    return pages;
  };
  const idsOf = (pages: ListAnswer[]) => pages.flatMap((page) => page.items.map((item) => item.id));
  const refund = (paymentId: string, value = '1500.00') =>
    t.api
      .post('/refunds', {
        payment_id: paymentId,
        amount: { value, currency: 'RUB' },
        ...(value === '1500.00'
          ? {}
          : {
              receipt: {
                customer: { phone: '79990000001' },
                items: [
                  {
                    description: 'Возврат части взноса',
                    quantity: 1,
                    amount: { value, currency: 'RUB' },
                    vat_code: 1,
                    payment_subject: 'service',
                    payment_mode: 'full_payment',
                  },
                ],
              },
            }),
      })
      .expect(200)
      .then((answer) => answer.body as { id: string; payment_id: string });

  describe('GET /v3/payments', () => {
    it('answers a list object, newest first, each payment as GET /v3/payments/{id} gives it', async () => {
      const [oldest, middle, newest] = await createMany(3);
      const answer = await list('/payments');
      expect(answer.type).toBe('list');
      expect(answer.next_cursor).toBeUndefined();
      expect(answer.items.map((item) => item.id)).toEqual([newest, middle, oldest]);
      for (const item of answer.items) {
        expect(item).toEqual((await t.api.get(`/payments/${item.id}`).expect(200)).body);
      }
      expect(answer.items[0]).toMatchObject({
        status: 'pending',
        amount: { value: '1500.00', currency: 'RUB' },
        metadata: { orderId: 'o-1' },
        created_at: '2026-06-17T09:00:02.000Z',
      });
    });

    it('gives 10 by default, 1 to 100 with limit, and next_cursor only while more remain', async () => {
      const ids = (await createMany(12)).reverse();
      const first = await list('/payments');
      expect(first.items.map((item) => item.id)).toEqual(ids.slice(0, 10));
      expect(first.next_cursor).toEqual(expect.any(String));
      const rest = await list('/payments', { cursor: first.next_cursor ?? '' });
      expect(rest.items.map((item) => item.id)).toEqual(ids.slice(10));
      expect(rest.next_cursor).toBeUndefined();
      expect((await list('/payments', { limit: '1' })).items.map((item) => item.id)).toEqual(ids.slice(0, 1));
      expect((await list('/payments', { limit: '100' })).items.map((item) => item.id)).toEqual(ids);
      // Exactly a page left: no cursor to an empty page.
      const exact = await list('/payments', { limit: '12' });
      expect(exact.items).toHaveLength(12);
      expect(exact.next_cursor).toBeUndefined();
    });

    it('filters by created_at.gte, .gt, .lte and .lt, in any zone and to a fraction of a millisecond', async () => {
      const [at0, at1, at2, at3] = await createMany(4);
      const at = (seconds: number) => `2026-06-17T09:00:0${seconds}.000Z`;
      const ids = async (query: Record<string, string>) =>
        (await list('/payments', query)).items.map((item) => item.id);
      expect(await ids({ 'created_at.gte': at(1) })).toEqual([at3, at2, at1]);
      expect(await ids({ 'created_at.gt': at(1) })).toEqual([at3, at2]);
      expect(await ids({ 'created_at.lte': at(2) })).toEqual([at2, at1, at0]);
      expect(await ids({ 'created_at.lt': at(2) })).toEqual([at1, at0]);
      expect(await ids({ 'created_at.gte': at(1), 'created_at.lt': at(3) })).toEqual([at2, at1]);
      // The same instants in Moscow time, and bounds between two milliseconds.
      expect(await ids({ 'created_at.gte': '2026-06-17T12:00:01+03:00' })).toEqual([at3, at2, at1]);
      expect(await ids({ 'created_at.gte': '2026-06-17T09:00:00.999500Z' })).toEqual([at3, at2, at1]);
      expect(await ids({ 'created_at.lte': '2026-06-17T09:00:01.000500Z' })).toEqual([at1, at0]);
      expect(await ids({ 'created_at.gt': at(3) })).toEqual([]);
    });

    it('filters by status', async () => {
      const pending = await create();
      const paid = await create();
      await payOnPage(t.http, paid.id).expect(200);
      const declined = await create();
      await payOnPage(t.http, declined.id, '5555 5555 5555 4444').expect(200);
      const ids = async (status: string) =>
        (await list('/payments', { status })).items.map((item) => item.id);
      expect(await ids('succeeded')).toEqual([paid.id]);
      expect(await ids('canceled')).toEqual([declined.id]);
      expect(await ids('pending')).toEqual([pending.id]);
      expect(await ids('waiting_for_capture')).toEqual([]);
    });

    it('lists what has expired by now as canceled, as GET /v3/payments/{id} would', async () => {
      const payment = await create();
      clock.advance(2 * 3_600_000);
      expect((await list('/payments', { status: 'canceled' })).items.map((item) => item.id)).toEqual([
        payment.id,
      ]);
      expect((await list('/payments', { status: 'pending' })).items).toEqual([]);
    });

    it('shows a shop only its own payments', async () => {
      const mine = await create();
      const theirs = await create({}, OTHER_SHOP);
      expect((await list('/payments')).items.map((item) => item.id)).toEqual([mine.id]);
      expect((await list('/payments', {}, OTHER_SHOP)).items.map((item) => item.id)).toEqual([theirs.id]);
    });

    it('needs the shop’s Basic credentials', async () => {
      const refused = await request(t.http).get('/sandbox/yookassa/v3/payments').expect(401);
      expect(refused.body).toMatchObject({ type: 'error', code: 'invalid_credentials' });
      await request(t.http).get('/sandbox/yookassa/v3/refunds').expect(401);
    });
  });

  describe('paging through cursors', () => {
    it('gives every payment once, none skipped, while payments are created between pages', async () => {
      // The newest eight share one instant, the clock's now: the order of creation settles the ties, and the
      // first pages end inside that instant.
      const before = [...(await createMany(9)), ...(await createMany(8, 0))];
      const created: string[] = [];
      const pages = await pageThrough('/payments', { limit: '3' }, async () => {
        // While the client pages: a payment in the very instant of the cursor, then one a second later.
        created.push((await create()).id);
        clock.advance(SECOND);
        created.push((await create()).id);
      });
      const listed = idsOf(pages);
      expect(new Set(listed).size).toBe(listed.length);
      expect(listed).toEqual([...before].reverse());
      expect(pages.map((page) => page.items.length)).toEqual([3, 3, 3, 3, 3, 2]);
      expect(created).toHaveLength(10);
      // A new listing starts with them.
      expect(idsOf(await pageThrough('/payments', { limit: '100' }))).toEqual(
        [...before, ...created].reverse(),
      );
    });

    it('keeps the filters of each page, which the client passes again with the cursor', async () => {
      await createMany(3);
      const inWindow = await createMany(7);
      await createMany(3);
      const pages = await pageThrough('/payments', {
        limit: '3',
        'created_at.gte': '2026-06-17T09:00:03.000Z',
        'created_at.lt': '2026-06-17T09:00:10.000Z',
      });
      expect(idsOf(pages)).toEqual([...inWindow].reverse());
      expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    });
  });

  describe('GET /v3/refunds', () => {
    it('lists refunds newest first, each as GET /v3/refunds/{id} gives it, by payment_id and status', async () => {
      const first = await create();
      const second = await create();
      await payOnPage(t.http, first.id).expect(200);
      await payOnPage(t.http, second.id).expect(200);
      const part = await refund(first.id, '500.00');
      clock.advance(SECOND);
      const whole = await refund(second.id);
      clock.advance(SECOND);
      const rest = await refund(first.id, '1000.00');

      const all = await list('/refunds');
      expect(all.type).toBe('list');
      expect(all.items.map((item) => item.id)).toEqual([rest.id, whole.id, part.id]);
      for (const item of all.items) {
        expect(item).toEqual((await t.api.get(`/refunds/${item.id}`).expect(200)).body);
      }
      expect(all.items[2]).toMatchObject({
        payment_id: first.id,
        status: 'succeeded',
        amount: { value: '500.00', currency: 'RUB' },
      });
      expect((await list('/refunds', { payment_id: first.id })).items.map((item) => item.id)).toEqual([
        rest.id,
        part.id,
      ]);
      expect((await list('/refunds', { payment_id: 'no-such-payment' })).items).toEqual([]);
      expect((await list('/refunds', { status: 'succeeded' })).items).toHaveLength(3);
      expect((await list('/refunds', { status: 'canceled' })).items).toEqual([]);
      expect(
        (await list('/refunds', { 'created_at.gte': '2026-06-17T09:00:01.000Z' })).items.map(
          (item) => item.id,
        ),
      ).toEqual([rest.id, whole.id]);
      expect((await list('/refunds', {}, OTHER_SHOP)).items).toEqual([]);
      const pages = await pageThrough('/refunds', { limit: '2' });
      expect(idsOf(pages)).toEqual([rest.id, whole.id, part.id]);
      expect(pages[0]?.next_cursor).toEqual(expect.any(String));
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['payments', { limit: '0' }, 'limit'],
      ['payments', { limit: '101' }, 'limit'],
      ['payments', { limit: '1.5' }, 'limit'],
      ['payments', { limit: 'ten' }, 'limit'],
      ['payments', { limit: '' }, 'limit'],
      ['payments', { limit: '-1' }, 'limit'],
      ['payments', { 'created_at.gte': 'yesterday' }, 'created_at.gte'],
      ['payments', { 'created_at.gt': '2026-06-17' }, 'created_at.gt'],
      ['payments', { 'created_at.lte': '2026-02-30T00:00:00Z' }, 'created_at.lte'],
      ['payments', { 'created_at.lt': '2026-06-17T25:00:00Z' }, 'created_at.lt'],
      ['payments', { 'created_at.gte': '2026-06-17T09:00:00' }, 'created_at.gte'],
      ['payments', { 'created_at.gte': '1781686800000' }, 'created_at.gte'],
      ['payments', { status: 'paid' }, 'status'],
      ['payments', { status: '' }, 'status'],
      ['refunds', { status: 'waiting_for_capture' }, 'status'],
      ['refunds', { payment_id: 'x'.repeat(65) }, 'payment_id'],
      ['refunds', { payment_id: 'пл\u0000атёж' }, 'payment_id'],
      ['payments', { payment_id: 'anything' }, 'payment_id'],
      ['payments', { 'captured_at.gte': '2026-06-17T09:00:00Z' }, 'captured_at.gte'],
      ['payments', { cursor: 'not a cursor' }, 'cursor'],
      ['payments', { cursor: '' }, 'cursor'],
      ['payments', { cursor: Buffer.from('payments:1:x').toString('base64url') }, 'cursor'],
      ['payments', { cursor: 'x'.repeat(129) }, 'cursor'],
    ])('GET /v3/%s with %o: 400 invalid_request naming %s', async (collection, query, parameter) => {
      const answer = await t.api.get(`/${collection}`).query(query).expect(400);
      expect(answer.body).toMatchObject({ type: 'error', code: 'invalid_request', parameter });
      expect(answer.body.id).toEqual(expect.any(String));
      expect(answer.body.description).toEqual(expect.any(String));
    });

    it('refuses a parameter given twice, a malformed escape and a refunds cursor on payments, never a 500', async () => {
      const twice = await t.api.get('/payments?limit=1&limit=2').expect(400);
      expect(twice.body).toMatchObject({ code: 'invalid_request', parameter: 'limit' });
      const bracketed = await t.api.get('/payments?status[a]=succeeded').expect(400);
      expect(bracketed.body).toMatchObject({ code: 'invalid_request', parameter: 'status[a]' });
      const escape = await t.api.get('/payments?status=%E0%A4%A').expect(400);
      expect(escape.body).toMatchObject({ code: 'invalid_request', parameter: 'status' });
      const surrogate = await t.api.get('/refunds?payment_id=%ED%A0%80').expect(400);
      expect(surrogate.body).toMatchObject({ code: 'invalid_request', parameter: 'payment_id' });

      const first = await create();
      await payOnPage(t.http, first.id).expect(200);
      await refund(first.id, '500.00');
      await refund(first.id, '500.00');
      const refundsCursor = (await list('/refunds', { limit: '1' })).next_cursor ?? '';
      expect(refundsCursor).not.toBe('');
      const foreign = await t.api.get('/payments').query({ cursor: refundsCursor }).expect(400);
      expect(foreign.body).toMatchObject({ code: 'invalid_request', parameter: 'cursor' });
    });
  });
});

describe('the twin’s store lists a file made before it had lists', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'yookassa-store-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('adds the listing columns, fills them from each row and lists the old payments and refunds', () => {
    const payment = (id: string, createdAt: number): StoredPayment => ({
      id,
      shopId: SHOP.shopId,
      status: 'succeeded',
      amountKopecks: 150_000,
      refundedKopecks: 0,
      capture: true,
      description: null,
      metadata: { orderId: id },
      receipt: null,
      returnUrl: 'https://portal.example/order/1',
      createdAt,
      confirmationExpiresAt: createdAt,
      captureExpiresAt: null,
      capturedAt: createdAt,
      card: null,
      cancellation: null,
    });
    const at = parseInstant(START) ?? 0;
    const old = new Database(join(dataDir, YOOKASSA_DATABASE_FILE));
    old.exec(`
      CREATE TABLE payments (id TEXT PRIMARY KEY, status TEXT NOT NULL, expires_at INTEGER, data TEXT NOT NULL);
      CREATE TABLE refunds (id TEXT PRIMARY KEY, payment_id TEXT NOT NULL, data TEXT NOT NULL);
    `);
    const insert = old.prepare('INSERT INTO payments (id, status, expires_at, data) VALUES (?, ?, NULL, ?)');
    for (const [id, createdAt] of [
      ['old-1', at],
      ['old-2', at + SECOND],
    ] as const) {
      insert.run(id, 'succeeded', JSON.stringify(payment(id, createdAt)));
    }
    old.prepare('INSERT INTO refunds (id, payment_id, data) VALUES (?, ?, ?)').run(
      'refund-1',
      'old-1',
      JSON.stringify({
        id: 'refund-1',
        shopId: SHOP.shopId,
        paymentId: 'old-1',
        status: 'succeeded',
        amountKopecks: 150_000,
        description: null,
        receipt: null,
        createdAt: at,
      }),
    );
    old.close();

    const store = YookassaStore.open(dataDir);
    try {
      const query = { createdAt: [], status: null, paymentId: null, limit: 10, after: null };
      expect(store.listPayments(SHOP.shopId, query).items.map((item) => item.id)).toEqual(['old-2', 'old-1']);
      expect(store.listPayments(SHOP.shopId, { ...query, status: 'succeeded' }).items).toHaveLength(2);
      expect(
        store.listRefunds(SHOP.shopId, { ...query, paymentId: 'old-1' }).items.map((item) => item.id),
      ).toEqual(['refund-1']);
      expect(store.listPayments(OTHER_SHOP.shopId, query).items).toEqual([]);
    } finally {
      store.close();
    }
    // Opened again, nothing is added twice.
    YookassaStore.open(dataDir).close();
  });
});
