import { Inject, Injectable } from '@nestjs/common';
import { PostgresAdapter, sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { CLOCK, type Clock } from '../common/clock';
import { AuthHasher } from './auth-hasher';

export interface RateLimit {
  bucket: string;
  limit: number;
  windowMs: number;
}

/** What a limit saw of one subject: hits in the window, the newest and the oldest of them. */
export interface RateWindow {
  count: number;
  newest: number | null;
  oldest: number | null;
}

/**
 * Sliding-window limits kept in the auth store (`rate_events`), so they hold across api instances.
 * Counting and recording are one step: {@link serialised} runs them in a transaction that no other call
 * for the same subject runs alongside (a PostgreSQL advisory lock per subject; SQLite runs one
 * transaction at a time), so a burst of parallel requests cannot pass a limit.
 */
@Injectable()
export class RateLimiterService {
  private readonly postgres: boolean;

  constructor(
    /** The store itself, for checks outside a {@link serialised} step. */
    @Inject(AUTH_DB) readonly store: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly hasher: AuthHasher,
  ) {
    this.postgres = store.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Runs `work` in a transaction serialised with every other one that names any of `subjects`
   * (e.g. `ip:…`, `phone:…`): check-then-record inside it cannot race.
   */
  async serialised<T>(subjects: readonly string[], work: (trx: AuthDb) => Promise<T>): Promise<T> {
    const keys = [...new Set(subjects.map((subject) => this.hasher.subject('lock', subject)))].sort();
    return this.store.transaction().execute(async (trx) => {
      if (this.postgres) {
        // In one order for every caller, so two transactions never wait for each other's second lock.
        for (const key of keys)
          await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      }
      return work(trx);
    });
  }

  /** Hits of `rule` by `subject` within its window (as seen by `db`, e.g. a {@link serialised} transaction). */
  async window(db: AuthDb, rule: RateLimit, subject: string): Promise<RateWindow> {
    const since = this.clock.now() - rule.windowMs;
    const row = await db
      .selectFrom('rate_events')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.max('created_at').as('newest'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .where('bucket', '=', rule.bucket)
      .where('subject_hash', '=', this.hasher.subject(rule.bucket, subject))
      .where('created_at', '>', since)
      .executeTakeFirst();
    return {
      count: Number(row?.count ?? 0),
      newest: row?.newest === null || row?.newest === undefined ? null : Number(row.newest),
      oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
    };
  }

  /** Seconds until `subject` may act again under `rule` (0: now). Records nothing. */
  async retryAfterSeconds(db: AuthDb, rule: RateLimit, subject: string): Promise<number> {
    if (rule.limit <= 0) return Math.ceil(rule.windowMs / 1000);
    const since = this.clock.now() - rule.windowMs;
    // The hit that must leave the window before one more fits: the limit-th newest.
    const blocking = await db
      .selectFrom('rate_events')
      .select('created_at')
      .where('bucket', '=', rule.bucket)
      .where('subject_hash', '=', this.hasher.subject(rule.bucket, subject))
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .offset(rule.limit - 1)
      .limit(1)
      .executeTakeFirst();
    return blocking === undefined ? 0 : this.secondsUntil(Number(blocking.created_at) + rule.windowMs);
  }

  /** Records one hit; answers its id (for {@link forget}). */
  async record(db: AuthDb, rule: RateLimit, subject: string): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto('rate_events')
      .values({
        id,
        bucket: rule.bucket,
        subject_hash: this.hasher.subject(rule.bucket, subject),
        created_at: this.clock.now(),
      })
      .execute();
    return id;
  }

  /** Takes back hits that did not happen after all (a code the SMS gateway did not send). */
  async forget(ids: readonly string[]): Promise<void> {
    if (ids.length > 0)
      await this.store
        .deleteFrom('rate_events')
        .where('id', 'in', [...ids])
        .execute();
  }

  /**
   * Checks and records one hit atomically; answers the seconds to wait when the limit is reached
   * (nothing recorded then), else 0.
   */
  hit(rule: RateLimit, subject: string): Promise<number> {
    return this.serialised([`${rule.bucket}:${subject}`], async (trx) => {
      const wait = await this.retryAfterSeconds(trx, rule, subject);
      if (wait === 0) await this.record(trx, rule, subject);
      return wait;
    });
  }

  /** Seconds from now until `time` (at least 1). */
  secondsUntil(time: number): number {
    return Math.max(1, Math.ceil((time - this.clock.now()) / 1000));
  }

  async prune(olderThanMs: number): Promise<void> {
    await this.store
      .deleteFrom('rate_events')
      .where('created_at', '<', this.clock.now() - olderThanMs)
      .execute();
  }
}
