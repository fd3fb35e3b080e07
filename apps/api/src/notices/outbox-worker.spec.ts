import { ManualClock } from '@fed/calendar';
import type { NoticeKind } from '@fed/contracts';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, storeDialects } from '../auth/testing/auth-test-app';
import type { AuthDb } from '../store/auth-database';
import {
  createAuthDatabase,
  migrateAuthDatabase,
  type AuthDatabaseTarget,
} from '../store/create-auth-database';
import type { NoticeDraft } from './notice-drafts';
import { recordNotice } from './notices-store';
import {
  DEFAULT_OUTBOX_OPTIONS,
  OutboxWorker,
  type ChannelResult,
  type ChannelSender,
  type OutgoingNotice,
} from './outbox-worker';

const LOGIN = 'login-1';
const PHONE = '+79990000001';
const EMAIL = 'parent@example.ru';
const ATHLETE = 'c0de0001-0000-4000-8000-000000000001';

/** Moscow is UTC+3: 20:00Z is 23:00 in Moscow, 06:00Z is 09:00. */
const MOSCOW_NOON = '2026-06-17T09:00:00.000Z';
const MOSCOW_23 = '2026-06-17T20:00:00.000Z';
const MOSCOW_NEXT_09 = '2026-06-18T06:00:00.000Z';

/** A channel that records what it was given and answers as told (ok unless `fail` says otherwise). */
class RecordingChannel implements ChannelSender {
  readonly sent: OutgoingNotice[] = [];
  fail: (() => ChannelResult | null) | null = null;
  /** Waits this long inside a send (an interleaving point for the races). */
  delayMs = 0;

  async send(notice: OutgoingNotice): Promise<ChannelResult> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const failure = this.fail?.() ?? null;
    if (failure) return failure;
    this.sent.push(notice);
    return { ok: true };
  }

  sendsOf(noticeId: string): number {
    return this.sent.filter((entry) => entry.notice.id === noticeId).length;
  }
}

function draft(kind: NoticeKind, key: string): NoticeDraft {
  return {
    dedupeKey: `${kind}:${key}`,
    kind,
    recipientId: ATHLETE,
    recipientName: 'Соколов Андрей Викторович',
    title: 'Деньги возвращены',
    text: 'Возвращено 1 500 ₽',
    link: '/order/1',
  };
}

async function seedLogin(db: AuthDb, now: number): Promise<void> {
  await db
    .insertInto('logins')
    .values({ id: LOGIN, phone: PHONE, primary_type: 'sportsman', created_at: now, updated_at: now })
    .execute();
  await db.insertInto('notice_contacts').values({ login_id: LOGIN, email: EMAIL, updated_at: now }).execute();
}

async function write(db: AuthDb, kind: NoticeKind, key: string, now: number): Promise<string> {
  const id = await db.transaction().execute((trx) => recordNotice(trx, draft(kind, key), LOGIN, now));
  if (id === null) throw new Error('the notice was already written');
  return id;
}

const outboxOf = (db: AuthDb, noticeId: string) =>
  db.selectFrom('outbox').selectAll().where('notice_id', '=', noticeId).orderBy('channel').execute();

describe.each(storeDialects)('the notices outbox ($dialect)', ({ dialect, available }) => {
  let target: AuthDatabaseTarget;
  let drop: () => Promise<void>;
  let dir: string;
  let db: AuthDb;
  let clock: ManualClock;
  let sms: RecordingChannel;
  let email: RecordingChannel;
  const dbs: AuthDb[] = [];
  /** Another connection to the same store: what a second api instance has. */
  const connect = (): AuthDb => {
    const opened = createAuthDatabase(target);
    dbs.push(opened);
    return opened;
  };
  const worker = (over: AuthDb = db) => new OutboxWorker(over, { sms, email }, () => clock.now());

  beforeEach(async () => {
    if (!available) return;
    dir = mkdtempSync(join(tmpdir(), 'notices-outbox-'));
    if (dialect === 'sqlite') {
      // A file, not memory: two connections must see one store.
      target = { kind: 'sqlite', file: join(dir, 'store.sqlite') };
      drop = () => Promise.resolve();
    } else {
      ({ target, drop } = await freshDatabase(dialect));
    }
    db = connect();
    await migrateAuthDatabase(db);
    clock = new ManualClock(MOSCOW_NOON);
    await seedLogin(db, clock.now());
    sms = new RecordingChannel();
    email = new RecordingChannel();
  }, 30_000);
  afterEach(async () => {
    if (!available) return;
    for (const opened of dbs.splice(0)) await opened.destroy();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it.skipIf(!available)('writes a notice once per change: the same key again writes nothing', async () => {
    const id = await write(db, 'refund_made', 'line-1', clock.now());
    const again = await db
      .transaction()
      .execute((trx) => recordNotice(trx, draft('refund_made', 'line-1'), LOGIN, clock.now()));
    expect(again).toBeNull();
    expect((await outboxOf(db, id)).map((row) => row.channel)).toEqual(['email', 'sms']);
    // A kind that is not urgent never gets an SMS row.
    const quiet = await write(db, 'payment_succeeded', 'attempt-1', clock.now());
    expect((await outboxOf(db, quiet)).map((row) => row.channel)).toEqual(['email']);
  });

  it.skipIf(!available)('sends each channel once, and a second run sends nothing', async () => {
    const id = await write(db, 'application_returned', 'r1:t1', clock.now());
    expect(await worker().runOnce()).toMatchObject({ sent: 2 });
    expect(await worker().runOnce()).toMatchObject({ sent: 0 });
    expect([sms.sendsOf(id), email.sendsOf(id)]).toEqual([1, 1]);
    expect(sms.sent[0]?.address).toBe(PHONE);
    expect(email.sent[0]?.address).toBe(EMAIL);
    expect((await outboxOf(db, id)).every((row) => row.state === 'sent' && row.lease_holder === null)).toBe(
      true,
    );
  });

  it.skipIf(!available)(
    'prunes rows done with for 30 days, never a due one, and keeps the notices themselves',
    async () => {
      const DAY = 24 * 3_600_000;
      const sent = await write(db, 'application_returned', 'r9:t1', clock.now());
      expect(await worker().runOnce()).toMatchObject({ sent: 2 });
      // One that keeps failing stays due, however old.
      email.fail = () => ({ ok: false, error: 'mailbox full' });
      const failing = await write(db, 'payment_succeeded', 'attempt-9', clock.now());
      await worker().runOnce();
      clock.advance(29 * DAY);
      expect(await worker().prune()).toBe(0);
      clock.advance(2 * DAY);
      // Two instances pruning at once delete each row once.
      const [first, second] = await Promise.all([worker().prune(), worker(connect()).prune()]);
      expect(first + second).toBe(2);
      expect(await outboxOf(db, sent)).toEqual([]);
      expect((await outboxOf(db, failing)).map((row) => row.state)).toEqual(['due']);
      const kept = await db.selectFrom('notices').select('id').where('id', 'in', [sent, failing]).execute();
      expect(kept).toHaveLength(2);
    },
  );

  it.skipIf(!available)('holds an SMS due at 23:00 Moscow until 09:00; the e-mail goes at once', async () => {
    clock.set(MOSCOW_23);
    const id = await write(db, 'application_rejected', 'r2:t1', clock.now());
    const smsRow = (await outboxOf(db, id)).find((row) => row.channel === 'sms');
    expect(new Date(Number(smsRow?.next_attempt_at)).toISOString()).toBe(MOSCOW_NEXT_09);
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    expect([sms.sendsOf(id), email.sendsOf(id)]).toEqual([0, 1]);
    clock.set('2026-06-18T05:59:00.000Z'); // 08:59 Moscow
    await worker().runOnce();
    expect(sms.sendsOf(id)).toBe(0);
    clock.set(MOSCOW_NEXT_09);
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    expect(sms.sendsOf(id)).toBe(1);
  });

  it.skipIf(!available)(
    'puts off an SMS whose retry falls in the night to 09:00 without spending an attempt',
    async () => {
      const id = await write(db, 'refund_made', 'line-night', clock.now());
      // Due, but the worker only gets to it at 22:30 Moscow (a long outage).
      clock.set('2026-06-17T19:30:00.000Z');
      expect(await worker().runOnce()).toMatchObject({ sent: 1, held: 1 });
      const row = (await outboxOf(db, id)).find((entry) => entry.channel === 'sms');
      expect(row).toMatchObject({ state: 'due', attempts: 0 });
      expect(new Date(Number(row?.next_attempt_at)).toISOString()).toBe(MOSCOW_NEXT_09);
    },
  );

  it.skipIf(!available)(
    'retries a failing channel with exponential backoff, then sends once; the notice stays',
    async () => {
      const id = await write(db, 'payment_succeeded', 'attempt-2', clock.now());
      let failures = 3;
      email.fail = () => (failures-- > 0 ? { ok: false, error: 'smtp 451' } : null);
      const waits: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        expect(await worker().runOnce()).toMatchObject({ retried: 1 });
        const [row] = await outboxOf(db, id);
        waits.push(Number(row?.next_attempt_at) - clock.now());
        expect(row).toMatchObject({ state: 'due', attempts: round + 1, last_error: 'smtp 451' });
        // Not due before its time.
        expect(await worker().runOnce()).toMatchObject({ sent: 0, retried: 0 });
        clock.set(Number(row?.next_attempt_at));
      }
      expect(waits).toEqual([30_000, 60_000, 120_000]);
      expect(await worker().runOnce()).toMatchObject({ sent: 1 });
      expect(email.sendsOf(id)).toBe(1);
      expect(
        await db.selectFrom('notices').select('id').where('id', '=', id).executeTakeFirst(),
      ).toBeDefined();
    },
  );

  it.skipIf(!available)(
    'gives up after the last attempt or a permanent refusal, keeping the notice',
    async () => {
      const permanent = await write(db, 'refund_made', 'line-bad-number', clock.now());
      sms.fail = () => ({ ok: false, error: 'smsru invalid_phone', permanent: true });
      await worker().runOnce();
      expect((await outboxOf(db, permanent)).find((row) => row.channel === 'sms')).toMatchObject({
        state: 'failed',
      });

      const stubborn = await write(db, 'payment_succeeded', 'attempt-3', clock.now());
      email.fail = () => ({ ok: false, error: 'smtp ECONNREFUSED' });
      for (let round = 0; round < DEFAULT_OUTBOX_OPTIONS.maxAttempts; round += 1) {
        await worker().runOnce();
        clock.advance(DEFAULT_OUTBOX_OPTIONS.backoffMaxMs);
      }
      expect((await outboxOf(db, stubborn))[0]).toMatchObject({
        state: 'failed',
        attempts: DEFAULT_OUTBOX_OPTIONS.maxAttempts,
      });
      expect(
        await db.selectFrom('notices').select('id').where('id', '=', stubborn).executeTakeFirst(),
      ).toBeDefined();
    },
  );

  it.skipIf(!available)('skips what the login turned off and what has no address, at send time', async () => {
    const id = await write(db, 'refund_made', 'line-off', clock.now());
    await db
      .insertInto('notice_preferences')
      .values({ login_id: LOGIN, kind: 'refund_made', channel: 'email', enabled: 0, updated_at: clock.now() })
      .execute();
    await db.updateTable('notice_contacts').set({ email: null }).execute();
    expect(await worker().runOnce()).toMatchObject({ sent: 1, skipped: 1 });
    expect((await outboxOf(db, id)).find((row) => row.channel === 'email')).toMatchObject({
      state: 'skipped',
      last_error: 'turned off',
    });
  });

  it.skipIf(!available)('keeps notice SMS within the phone’s daily ceiling, holding the rest', async () => {
    const limit = DEFAULT_OUTBOX_OPTIONS.smsPerPhonePerDay;
    for (let n = 0; n <= limit; n += 1) await write(db, 'refund_made', `ceiling-${n}`, clock.now());
    await worker().runOnce();
    expect(sms.sent).toHaveLength(limit);
    clock.advance(24 * 3_600_000);
    await worker().runOnce();
    expect(sms.sent).toHaveLength(limit + 1);
  });

  it.skipIf(!available)(
    'sends once after a crash between the claim and the send: the lease lapses, then another sends',
    async () => {
      const id = await write(db, 'application_returned', 'r3:t1', clock.now());
      // The first instance takes the lease and dies: it never sends, never lets go.
      const dying = worker(connect());
      const claimed = await dying.claim();
      expect(claimed.map((row) => row.notice_id)).toEqual([id, id]);
      // A restarted instance finds the rows held, until the lease lapses.
      const restarted = worker(connect());
      expect(await restarted.runOnce()).toMatchObject({ sent: 0 });
      clock.advance(DEFAULT_OUTBOX_OPTIONS.leaseMs);
      expect(await restarted.runOnce()).toMatchObject({ sent: 2 });
      expect([sms.sendsOf(id), email.sendsOf(id)]).toEqual([1, 1]);
      // Were the dead one to wake with its old claim, it finds the lease gone and sends nothing.
      for (const row of claimed) expect(await dying.deliver(row)).toBe('lost');
      expect([sms.sendsOf(id), email.sendsOf(id)]).toEqual([1, 1]);
    },
  );

  it.skipIf(!available)('sends once when two instances race over one store', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 12; n += 1) ids.push(await write(db, 'refund_made', `race-${n}`, clock.now()));
    sms.delayMs = 2;
    email.delayMs = 1;
    const [a, b] = [worker(connect()), worker(connect())];
    const runs = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(24);
    for (const id of ids) expect([sms.sendsOf(id), email.sendsOf(id)]).toEqual([1, 1]);
  });

  it.skipIf(!available)(
    'sends each row exactly once under any interleaving of claims, sends, crashes and time',
    async () => {
      type Step =
        | { kind: 'claim'; worker: number; limit: number }
        | { kind: 'deliver'; worker: number }
        | { kind: 'crash'; worker: number }
        | { kind: 'tick'; ms: number };
      const step: fc.Arbitrary<Step> = fc.oneof(
        fc.record({
          kind: fc.constant('claim' as const),
          worker: fc.nat(2),
          limit: fc.integer({ min: 1, max: 3 }),
        }),
        fc.record({ kind: fc.constant('deliver' as const), worker: fc.nat(2) }),
        fc.record({ kind: fc.constant('crash' as const), worker: fc.nat(2) }),
        fc.record({
          kind: fc.constant('tick' as const),
          ms: fc.constantFrom(1000, DEFAULT_OUTBOX_OPTIONS.leaseMs / 2),
        }),
      );
      const connections = [connect(), connect(), connect()];
      let round = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(step, { minLength: 1, maxLength: 25 }),
          fc.integer({ min: 1, max: 4 }),
          async (steps, notices) => {
            round += 1;
            const ids: string[] = [];
            for (let n = 0; n < notices; n += 1)
              ids.push(await write(db, 'refund_made', `prop-${round}-${n}`, clock.now()));
            let workers = connections.map((over) => worker(over));
            const hands = workers.map(() => [] as Awaited<ReturnType<OutboxWorker['claim']>>);
            // Steps run concurrently in pairs: two instances' calls interleave at every await.
            const run = async (one: Step) => {
              switch (one.kind) {
                case 'claim':
                  hands[one.worker]?.push(...(await (workers[one.worker] as OutboxWorker).claim(one.limit)));
                  break;
                case 'deliver': {
                  const row = hands[one.worker]?.shift();
                  if (row) await (workers[one.worker] as OutboxWorker).deliver(row);
                  break;
                }
                case 'crash':
                  // The process dies holding its leases: its claimed rows are never sent, never released.
                  hands[one.worker] = [];
                  workers = workers.map((old, index) =>
                    index === one.worker ? worker(connections[index]) : old,
                  );
                  break;
                case 'tick':
                  clock.advance(one.ms);
                  break;
              }
            };
            for (let index = 0; index < steps.length; index += 2) {
              await Promise.all(steps.slice(index, index + 2).map(run));
            }
            // Every instance restarts, the leases lapse, and a fresh worker drains what is left.
            clock.advance(DEFAULT_OUTBOX_OPTIONS.leaseMs + 1);
            await worker(connections[0]).runOnce();
            for (const id of ids) {
              expect([sms.sendsOf(id), email.sendsOf(id)]).toEqual([1, 1]);
              expect((await outboxOf(db, id)).map((row) => row.state)).toEqual(['sent', 'sent']);
            }
            // Stay within one day's SMS ceiling and out of the night.
            clock.set(MOSCOW_NOON);
            await db.updateTable('outbox').set({ sent_at: 0 }).where('state', '=', 'sent').execute();
          },
        ),
        { numRuns: 40 },
      );
    },
  );
});
