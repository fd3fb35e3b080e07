import Database from 'better-sqlite3';
import { join } from 'node:path';
import { preparePrivateDatabase } from '@fed/sandbox-common';
import type { ListedCollection, ListPosition, ListQuery } from './yookassa-lists';
import type { ReceiptInput } from './yookassa-requests';

export const YOOKASSA_DATABASE_FILE = 'yookassa.sqlite';

export type PaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type CancellationParty = 'merchant' | 'yoo_money' | 'payment_network';
export type CancellationReason =
  | 'canceled_by_merchant'
  | 'expired_on_confirmation'
  | 'expired_on_capture'
  | 'insufficient_funds'
  | 'general_decline';

export interface StoredCard {
  first6: string;
  last4: string;
  expiryMonth: string;
  expiryYear: string;
}

/** A payment as the twin keeps it (money in kopecks, times in ms); `yookassa-objects.ts` renders YooKassa's shape. */
export interface StoredPayment {
  id: string;
  shopId: string;
  status: PaymentStatus;
  /** What is paid: the requested amount, or the captured part after a partial capture. */
  amountKopecks: number;
  refundedKopecks: number;
  capture: boolean;
  description: string | null;
  metadata: Record<string, string>;
  receipt: ReceiptInput | null;
  returnUrl: string;
  createdAt: number;
  /** When a pending payment expires unconfirmed. */
  confirmationExpiresAt: number;
  /** When a `waiting_for_capture` payment expires uncaptured. */
  captureExpiresAt: number | null;
  capturedAt: number | null;
  card: StoredCard | null;
  cancellation: { party: CancellationParty; reason: CancellationReason } | null;
}

export interface StoredRefund {
  id: string;
  shopId: string;
  paymentId: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amountKopecks: number;
  description: string | null;
  receipt: ReceiptInput | null;
  createdAt: number;
}

/** An API answer remembered under its idempotence key. */
export interface RememberedAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface QueuedNotification {
  seq: number;
  url: string;
  body: string;
  createdAt: number;
  attempts: number;
}

/** A page of a list: its objects and, when more remain, where the next page starts. */
export interface ListedPage<T> {
  items: T[];
  next: ListPosition | null;
}

/** A piece of a WHERE clause and the values of its placeholders. */
type Condition = [sql: string, ...values: Array<string | number>];

/**
 * The columns the lists filter and order by, in a file made before the twin had lists: added and filled from
 * each row's JSON, so a sandbox keeps its payments. Then the lists' indexes: a shop's objects by creation time
 * (SQLite puts the rowid after the columns of every index, so the order of creation comes with it).
 */
function addListingColumns(db: Database.Database): void {
  const columnsOf = (table: string) =>
    new Set(
      db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
        .all()
        .map((column) => column.name),
    );
  db.transaction(() => {
    const payments = columnsOf('payments');
    if (!payments.has('shop_id')) db.exec('ALTER TABLE payments ADD COLUMN shop_id TEXT');
    if (!payments.has('created_at')) db.exec('ALTER TABLE payments ADD COLUMN created_at INTEGER');
    db.exec(`UPDATE payments SET shop_id = json_extract(data, '$.shopId'), created_at = json_extract(data, '$.createdAt')
             WHERE shop_id IS NULL OR created_at IS NULL`);
    const refunds = columnsOf('refunds');
    if (!refunds.has('shop_id')) db.exec('ALTER TABLE refunds ADD COLUMN shop_id TEXT');
    if (!refunds.has('status')) db.exec('ALTER TABLE refunds ADD COLUMN status TEXT');
    if (!refunds.has('created_at')) db.exec('ALTER TABLE refunds ADD COLUMN created_at INTEGER');
    db.exec(`UPDATE refunds SET shop_id = json_extract(data, '$.shopId'), status = json_extract(data, '$.status'),
               created_at = json_extract(data, '$.createdAt')
             WHERE shop_id IS NULL OR status IS NULL OR created_at IS NULL`);
    db.exec(`
      CREATE INDEX IF NOT EXISTS payments_listing ON payments (shop_id, created_at);
      CREATE INDEX IF NOT EXISTS refunds_listing ON refunds (shop_id, created_at);
      CREATE INDEX IF NOT EXISTS refunds_of_payment ON refunds (payment_id);
    `);
  })();
}

/** Every table of the twin in one SQLite file; payments and refunds are kept as JSON beside their indexed columns. */
export class YookassaStore {
  private constructor(private readonly db: Database.Database) {}

  static open(dataDir: string): YookassaStore {
    const file = join(dataDir, YOOKASSA_DATABASE_FILE);
    preparePrivateDatabase(file);
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec(`
      CREATE TABLE IF NOT EXISTS payments (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        expires_at INTEGER,
        data TEXT NOT NULL,
        shop_id TEXT,
        created_at INTEGER
      );
      CREATE INDEX IF NOT EXISTS payments_expiry ON payments (expires_at) WHERE expires_at IS NOT NULL;
      CREATE TABLE IF NOT EXISTS refunds (
        id TEXT PRIMARY KEY,
        payment_id TEXT NOT NULL,
        data TEXT NOT NULL,
        shop_id TEXT,
        status TEXT,
        created_at INTEGER
      );
      CREATE TABLE IF NOT EXISTS idempotence_keys (
        shop_id TEXT NOT NULL,
        key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (shop_id, key)
      );
      CREATE TABLE IF NOT EXISTS notifications (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        url TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        next_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        held INTEGER NOT NULL DEFAULT 0,
        ord INTEGER NOT NULL,
        done_at INTEGER,
        given_up INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX IF NOT EXISTS notifications_due ON notifications (held, next_at) WHERE done_at IS NULL;
    `);
    addListingColumns(db);
    return new YookassaStore(db);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Runs `work` in one transaction, so a change and its notification are kept together or not at all. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  savePayment(payment: StoredPayment): void {
    const expiresAt =
      payment.status === 'pending'
        ? payment.confirmationExpiresAt
        : payment.status === 'waiting_for_capture'
          ? payment.captureExpiresAt
          : null;
    // An update keeps the row (and so its rowid, the payment's place in the order of creation the lists use).
    this.db
      .prepare(
        `INSERT INTO payments (id, status, expires_at, data, shop_id, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, expires_at = excluded.expires_at, data = excluded.data`,
      )
      .run(payment.id, payment.status, expiresAt, JSON.stringify(payment), payment.shopId, payment.createdAt);
  }

  payment(id: string): StoredPayment | null {
    const row = this.db.prepare<[string], { data: string }>('SELECT data FROM payments WHERE id = ?').get(id);
    return row ? (JSON.parse(row.data) as StoredPayment) : null;
  }

  /** Payments whose confirmation or capture time has passed. */
  expiredPayments(now: number): StoredPayment[] {
    return this.db
      .prepare<[number], { data: string }>(
        'SELECT data FROM payments WHERE expires_at IS NOT NULL AND expires_at <= ?',
      )
      .all(now)
      .map((row) => JSON.parse(row.data) as StoredPayment);
  }

  saveRefund(refund: StoredRefund): void {
    // An update, not INSERT OR REPLACE: a replaced row would get a new rowid and move in the refunds list.
    this.db
      .prepare(
        `INSERT INTO refunds (id, payment_id, data, shop_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, data = excluded.data`,
      )
      .run(
        refund.id,
        refund.paymentId,
        JSON.stringify(refund),
        refund.shopId,
        refund.status,
        refund.createdAt,
      );
  }

  /** A page of a shop's payments, newest first (see `yookassa-lists.ts`). */
  listPayments(shopId: string, query: ListQuery): ListedPage<StoredPayment> {
    return this.listPage(
      'payments',
      shopId,
      query,
      query.status === null ? [] : [['status = ?', query.status]],
    );
  }

  /** A page of a shop's refunds, newest first, of one payment when `query.paymentId` says so. */
  listRefunds(shopId: string, query: ListQuery): ListedPage<StoredRefund> {
    const conditions: Condition[] = [];
    if (query.status !== null) conditions.push(['status = ?', query.status]);
    if (query.paymentId !== null) conditions.push(['payment_id = ?', query.paymentId]);
    return this.listPage('refunds', shopId, query, conditions);
  }

  private listPage<T>(
    table: ListedCollection,
    shopId: string,
    query: ListQuery,
    filters: Condition[],
  ): ListedPage<T> {
    const conditions: Condition[] = [['shop_id = ?', shopId], ...filters];
    for (const bound of query.createdAt) conditions.push([`created_at ${bound.operator} ?`, bound.at]);
    if (query.after !== null) {
      const { createdAt, sequence } = query.after;
      conditions.push(['(created_at < ? OR (created_at = ? AND rowid < ?))', createdAt, createdAt, sequence]);
    }
    // One row more than the page: whether it exists says whether a next page does.
    const rows = this.db
      .prepare<unknown[], { sequence: number; created_at: number; data: string }>(
        `SELECT rowid AS sequence, created_at, data FROM ${table}
         WHERE ${conditions.map(([sql]) => sql).join(' AND ')}
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      )
      .all(...conditions.flatMap(([, ...values]) => values), query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => JSON.parse(row.data) as T),
      next:
        rows.length > query.limit && last ? { createdAt: last.created_at, sequence: last.sequence } : null,
    };
  }

  refund(id: string): StoredRefund | null {
    const row = this.db.prepare<[string], { data: string }>('SELECT data FROM refunds WHERE id = ?').get(id);
    return row ? (JSON.parse(row.data) as StoredRefund) : null;
  }

  /** The answer kept under a shop's key, unless it is older than `since`. */
  rememberedAnswer(shopId: string, key: string, since: number): RememberedAnswer | null {
    const row = this.db
      .prepare<[string, string, number], { fingerprint: string; status: number; body: string }>(
        'SELECT fingerprint, status, body FROM idempotence_keys WHERE shop_id = ? AND key = ? AND created_at > ?',
      )
      .get(shopId, key, since);
    return row
      ? { fingerprint: row.fingerprint, status: row.status, body: JSON.parse(row.body) as unknown }
      : null;
  }

  remember(shopId: string, key: string, answer: RememberedAnswer, now: number): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO idempotence_keys (shop_id, key, fingerprint, status, body, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(shopId, key, answer.fingerprint, answer.status, JSON.stringify(answer.body), now);
  }

  forgetAnswersBefore(since: number): void {
    this.db.prepare('DELETE FROM idempotence_keys WHERE created_at <= ?').run(since);
  }

  enqueueNotification(url: string, body: string, now: number, held: boolean): void {
    const { next } = this.db
      .prepare<[], { next: number }>('SELECT COALESCE(MAX(ord), 0) + 1 AS next FROM notifications')
      .get() ?? { next: 1 };
    this.db
      .prepare(
        'INSERT INTO notifications (url, body, created_at, next_at, held, ord) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(url, body, now, now, held ? 1 : 0, next);
  }

  /** Notifications due for delivery, in delivery order. */
  dueNotifications(now: number, limit: number): QueuedNotification[] {
    return this.db
      .prepare<
        [number, number],
        { seq: number; url: string; body: string; created_at: number; attempts: number }
      >(
        `SELECT seq, url, body, created_at, attempts FROM notifications
         WHERE done_at IS NULL AND held = 0 AND next_at <= ? ORDER BY ord LIMIT ?`,
      )
      .all(now, limit)
      .map((row) => ({
        seq: row.seq,
        url: row.url,
        body: row.body,
        createdAt: row.created_at,
        attempts: row.attempts,
      }));
  }

  /** The earliest time a notification is due, or `null` when none waits. */
  nextNotificationAt(): number | null {
    const row = this.db
      .prepare<[], { next: number | null }>(
        'SELECT MIN(next_at) AS next FROM notifications WHERE done_at IS NULL AND held = 0',
      )
      .get();
    return row?.next ?? null;
  }

  notificationDone(seq: number, now: number): void {
    this.db
      .prepare('UPDATE notifications SET done_at = ?, attempts = attempts + 1 WHERE seq = ?')
      .run(now, seq);
  }

  /** Retried for as long as the twin retries: dropped. */
  notificationGivenUp(seq: number, now: number): void {
    this.db
      .prepare('UPDATE notifications SET done_at = ?, given_up = 1, attempts = attempts + 1 WHERE seq = ?')
      .run(now, seq);
  }

  notificationFailed(seq: number, nextAt: number): void {
    this.db
      .prepare('UPDATE notifications SET attempts = attempts + 1, next_at = ? WHERE seq = ?')
      .run(nextAt, seq);
  }

  /** Releases held notifications newest first: their delivery order is the reverse of their events. */
  releaseHeldNotifications(now: number): number {
    return this.transaction(() => {
      const held = this.db
        .prepare<[], { seq: number }>(
          'SELECT seq FROM notifications WHERE held = 1 AND done_at IS NULL ORDER BY ord DESC',
        )
        .all();
      const { top } = this.db
        .prepare<[], { top: number }>('SELECT COALESCE(MAX(ord), 0) AS top FROM notifications')
        .get() ?? {
        top: 0,
      };
      const release = this.db.prepare(
        'UPDATE notifications SET held = 0, next_at = ?, ord = ? WHERE seq = ?',
      );
      held.forEach((row, index) => release.run(now, top + index + 1, row.seq));
      return held.length;
    });
  }

  notificationCounts(): { waiting: number; held: number; delivered: number; givenUp: number } {
    const row = this.db
      .prepare<[], { waiting: number; held: number; delivered: number; givenUp: number }>(
        `SELECT
           COALESCE(SUM(done_at IS NULL AND held = 0), 0) AS waiting,
           COALESCE(SUM(done_at IS NULL AND held = 1), 0) AS held,
           COALESCE(SUM(done_at IS NOT NULL AND given_up = 0), 0) AS delivered,
           COALESCE(SUM(given_up), 0) AS givenUp
         FROM notifications`,
      )
      .get();
    return row ?? { waiting: 0, held: 0, delivered: 0, givenUp: 0 };
  }
}
