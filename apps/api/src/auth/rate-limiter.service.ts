import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { AUTH_CLOCK, type AuthClock } from './auth-clock';
import { AuthHasher } from './auth-hasher';

export interface RateLimit {
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * Sliding-window limits kept in the auth store, so they hold across api instances.
 * Counting then inserting is not one atomic step: under a burst of parallel requests a limit may be
 * passed by the number of requests in flight, which bounds the overshoot to a handful.
 */
@Injectable()
export class RateLimiterService {
  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(AUTH_CLOCK) private readonly clock: AuthClock,
    private readonly hasher: AuthHasher,
  ) {}

  /** Seconds until the subject may act again, or 0 when it may act now. Records nothing. */
  async retryAfterSeconds(rule: RateLimit, subject: string): Promise<number> {
    const now = this.clock.now();
    const since = now - rule.windowMs;
    const hits = await this.db
      .selectFrom('rate_events')
      .select('created_at')
      .where('bucket', '=', rule.bucket)
      .where('subject_hash', '=', this.hasher.subject(rule.bucket, subject))
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(rule.limit)
      .execute();
    if (hits.length < rule.limit) return 0;
    const oldestCounted = hits[hits.length - 1]?.created_at ?? now;
    return Math.max(1, Math.ceil((oldestCounted + rule.windowMs - now) / 1000));
  }

  async record(rule: RateLimit, subject: string): Promise<void> {
    await this.db
      .insertInto('rate_events')
      .values({
        id: randomUUID(),
        bucket: rule.bucket,
        subject_hash: this.hasher.subject(rule.bucket, subject),
        created_at: this.clock.now(),
      })
      .execute();
  }

  /** Checks and records one hit; answers the seconds to wait when the limit is reached (nothing recorded then). */
  async hit(rule: RateLimit, subject: string): Promise<number> {
    const wait = await this.retryAfterSeconds(rule, subject);
    if (wait > 0) return wait;
    await this.record(rule, subject);
    return 0;
  }

  async prune(olderThanMs: number): Promise<void> {
    await this.db
      .deleteFrom('rate_events')
      .where('created_at', '<', this.clock.now() - olderThanMs)
      .execute();
  }
}
