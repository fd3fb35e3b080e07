import type { NoticeKind, OptionalNoticeChannel } from '@fed/contracts';
import { PostgresAdapter, sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { productSendLimits } from '../auth/auth-constants';
import { inQuietHours, quietHoursEnd } from '../sms/quiet-hours';
import type { AuthDb } from '../store/auth-database';
import { defaultEnabled, type NoticePayload, type NoticeRow, type OutboxRow } from './notices-store';

/** A channel's sender: one notice to one address. Never throws for a refusal; throws only for a bug. */
export interface ChannelSender {
  send(notice: OutgoingNotice): Promise<ChannelResult>;
}

export interface OutgoingNotice {
  notice: NoticeRow;
  payload: NoticePayload;
  /** The phone (E.164) or the e-mail address. */
  address: string;
  loginId: string;
}

export type ChannelResult =
  | { ok: true }
  /** `permanent`: trying again cannot help (a number the gateway has no route to); the row gives up. */
  | { ok: false; error: string; permanent?: boolean };

export interface OutboxWorkerOptions {
  /** How long a claimed row is this worker's; past it another may take it (this one died). */
  leaseMs: number;
  /** Rows claimed at once. */
  batch: number;
  /** The first retry's wait; each next one twice the last, up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Attempts before a row gives up (`failed`); the notice stays in the portal. */
  maxAttempts: number;
  /** Notice SMS one phone may get in 24 hours: the daily ceiling the auth codes have. */
  smsPerPhonePerDay: number;
  /**
   * How long a row done with (sent, given up, skipped) is kept before {@link OutboxWorker.prune} deletes it:
   * long past the daily ceiling's 24 hours and a support question about a letter; the notice itself stays.
   */
  keepDoneMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = {
  // Well past the slowest send (the SMS gateway's 10 s, the mail server's 15 s per step).
  leaseMs: 120_000,
  batch: 20,
  backoffBaseMs: 30_000,
  backoffMaxMs: 6 * 3_600_000,
  maxAttempts: 12,
  smsPerPhonePerDay: productSendLimits.sendsPerPhonePerDay,
  keepDoneMs: 30 * 24 * 3_600_000,
};

const DAY_MS = 24 * 3_600_000;

export interface OutboxRun {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
  /** Put off without an attempt: quiet hours, the phone's daily ceiling. */
  held: number;
  /** Rows whose lease this worker had lost when it finished (another took them): nothing recorded. */
  lost: number;
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(
  attempts: number,
  options: Pick<OutboxWorkerOptions, 'backoffBaseMs' | 'backoffMaxMs'>,
): number {
  return Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the outbox: claims due rows with a lease (one statement: PostgreSQL `FOR UPDATE SKIP LOCKED`, SQLite's
 * one writer), sends each by its channel and records the outcome only while it still holds the lease
 * (`lease_holder` = this worker), so a worker that died, or lost its lease, never overwrites another's record.
 * A failure waits 30 s, 1 min, 2 min… (at most 6 h) and gives up after 12 attempts; the notice itself stays.
 * Several workers — instances of the api, or a restarted one — may run over one store: each row is sent by
 * the one that holds it.
 */
export class OutboxWorker {
  /** This worker's name in the leases it takes. */
  readonly holder = randomUUID();
  private readonly postgres: boolean;

  constructor(
    private readonly db: AuthDb,
    private readonly channels: Partial<Record<OptionalNoticeChannel, ChannelSender>>,
    private readonly now: () => number,
    private readonly options: OutboxWorkerOptions = DEFAULT_OUTBOX_OPTIONS,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Takes up to `batch` due rows nobody holds: each is this worker's until `now + leaseMs`. */
  async claim(limit = this.options.batch): Promise<OutboxRow[]> {
    const now = this.now();
    const until = now + this.options.leaseMs;
    const free = sql`state = 'due' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})`;
    // The inner select picks the rows; in PostgreSQL it locks them and skips those another claim is locking,
    // and the outer condition is checked again on the row as it is when updated. SQLite runs one writer at a
    // time: the statement is the whole claim.
    const pick = this.postgres
      ? sql`SELECT id FROM outbox WHERE ${free} ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`
      : sql`SELECT id FROM outbox WHERE ${free} ORDER BY next_attempt_at LIMIT ${limit}`;
    const claimed = await sql<OutboxRow>`
      UPDATE outbox SET locked_until = ${until}, lease_holder = ${this.holder}, attempts = attempts + 1,
        updated_at = ${now}
      WHERE id IN (${pick}) AND ${free}
      RETURNING *`.execute(this.db);
    return claimed.rows.map((row) => ({
      ...row,
      attempts: Number(row.attempts),
      next_attempt_at: Number(row.next_attempt_at),
      locked_until: row.locked_until === null ? null : Number(row.locked_until),
    }));
  }

  /**
   * Deletes the rows done with for longer than `keepDoneMs` (by their last change); due and held rows are never
   * touched. Any instance may run it at any time: a row deleted twice is deleted once. Answers how many went.
   */
  async prune(): Promise<number> {
    const result = await this.db
      .deleteFrom('outbox')
      .where('state', 'in', ['sent', 'failed', 'skipped'])
      .where('updated_at', '<', this.now() - this.options.keepDoneMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Claims and sends what is due, until nothing is. */
  async runOnce(): Promise<OutboxRun> {
    const run: OutboxRun = { sent: 0, retried: 0, failed: 0, skipped: 0, held: 0, lost: 0 };
    for (let round = 0; round < 50; round += 1) {
      const rows = await this.claim();
      if (rows.length === 0) break;
      for (const row of rows) {
        const outcome = await this.deliver(row);
        run[outcome] += 1;
      }
    }
    return run;
  }

  /** One claimed row: decided, sent, recorded under the lease. */
  async deliver(row: OutboxRow): Promise<keyof OutboxRun> {
    const channel = row.channel as OptionalNoticeChannel;
    const notice = await this.db
      .selectFrom('notices')
      .selectAll()
      .where('id', '=', row.notice_id)
      .executeTakeFirst();
    if (!notice?.login_id) return this.finish(row, { state: 'skipped', last_error: 'no login' }, 'skipped');
    const kind = notice.kind as NoticeKind;
    const wanted = await this.db
      .selectFrom('notice_preferences')
      .select('enabled')
      .where('login_id', '=', notice.login_id)
      .where('kind', '=', kind)
      .where('channel', '=', channel)
      .executeTakeFirst();
    if (!(wanted ? wanted.enabled === 1 : defaultEnabled(kind, channel))) {
      return this.finish(row, { state: 'skipped', last_error: 'turned off' }, 'skipped');
    }
    const address = await this.addressOf(notice.login_id, channel);
    if (!address) return this.finish(row, { state: 'skipped', last_error: 'no address' }, 'skipped');
    const sender = this.channels[channel];
    if (!sender)
      return this.finish(row, { state: 'skipped', last_error: 'channel not configured' }, 'skipped');
    const now = this.now();
    if (channel === 'sms') {
      // A backoff may have carried an SMS into the night: it waits for the morning, no attempt spent.
      if (inQuietHours(now)) return this.holdUntil(row, quietHoursEnd(now).getTime());
      const ceiling = await this.smsCeiling(notice.login_id, now);
      if (ceiling !== null) return this.holdUntil(row, ceiling);
    }
    // The last look before the send: a worker that stalled past its lease (the row may be another's by now)
    // sends nothing. The lease is far longer than a send may take, so a lease held here outlives the send.
    if (!(await this.stillHeld(row, now))) return 'lost';
    const result = await sender.send({
      notice,
      payload: JSON.parse(notice.payload) as NoticePayload,
      address,
      loginId: notice.login_id,
    });
    const after = this.now();
    if (result.ok) return this.finish(row, { state: 'sent', sent_at: after, last_error: null }, 'sent');
    if (result.permanent || row.attempts >= this.options.maxAttempts) {
      return this.finish(row, { state: 'failed', last_error: result.error }, 'failed');
    }
    return this.finish(
      row,
      {
        state: 'due',
        next_attempt_at: after + backoffMs(row.attempts, this.options),
        last_error: result.error,
      },
      'retried',
    );
  }

  private async addressOf(loginId: string, channel: OptionalNoticeChannel): Promise<string | null> {
    if (channel === 'sms') {
      const login = await this.db
        .selectFrom('logins')
        .select('phone')
        .where('id', '=', loginId)
        .executeTakeFirst();
      return login?.phone ?? null;
    }
    const contact = await this.db
      .selectFrom('notice_contacts')
      .select('email')
      .where('login_id', '=', loginId)
      .executeTakeFirst();
    return contact?.email ?? null;
  }

  /** When the login's phone may get the next notice SMS, or `null` when it may now. */
  private async smsCeiling(loginId: string, now: number): Promise<number | null> {
    const sent = await this.db
      .selectFrom('outbox')
      .innerJoin('notices', 'notices.id', 'outbox.notice_id')
      .select('outbox.sent_at')
      .where('notices.login_id', '=', loginId)
      .where('outbox.channel', '=', 'sms')
      .where('outbox.state', '=', 'sent')
      .where('outbox.sent_at', '>', now - DAY_MS)
      .orderBy('outbox.sent_at')
      .execute();
    if (sent.length < this.options.smsPerPhonePerDay) return null;
    const oldest = Number(sent[sent.length - this.options.smsPerPhonePerDay]?.sent_at ?? now);
    return oldest + DAY_MS;
  }

  private async stillHeld(row: OutboxRow, now: number): Promise<boolean> {
    const held = await this.db
      .selectFrom('outbox')
      .select('id')
      .where('id', '=', row.id)
      .where('lease_holder', '=', this.holder)
      .where('state', '=', 'due')
      .where('locked_until', '>', now)
      .executeTakeFirst();
    return held !== undefined;
  }

  /** Put off to `at` without spending an attempt. */
  private holdUntil(row: OutboxRow, at: number): Promise<keyof OutboxRun> {
    return this.finish(row, { state: 'due', next_attempt_at: at, attempts: row.attempts - 1 }, 'held');
  }

  /** Records the outcome and lets the lease go, only while this worker still holds it. */
  private async finish(
    row: OutboxRow,
    patch: Partial<Pick<OutboxRow, 'state' | 'sent_at' | 'last_error' | 'next_attempt_at' | 'attempts'>>,
    outcome: keyof OutboxRun,
  ): Promise<keyof OutboxRun> {
    const done = await this.db
      .updateTable('outbox')
      .set({ ...patch, locked_until: null, lease_holder: null, updated_at: this.now() })
      .where('id', '=', row.id)
      .where('lease_holder', '=', this.holder)
      .where('state', '=', 'due')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 0 ? 'lost' : outcome;
  }
}
