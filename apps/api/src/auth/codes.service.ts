import { Inject, Injectable, Logger } from '@nestjs/common';
import { AUTH_CODE_LENGTH, type CodeSentResponse } from '@fed/contracts';
import { randomInt, randomUUID } from 'node:crypto';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { CLOCK, type Clock } from '../common/clock';
import { authLimits, DAY_MS, HOUR_MS, sendLimitsOf, type SendLimits } from './auth-constants';
import { authErrors } from './auth-errors';
import { AuthHasher } from './auth-hasher';
import { codeMessage, type AuthSmsSender } from './auth-sms';
import { AUTH_CONFIG, AUTH_SMS_SENDER } from './auth-tokens';
import type { AuthConfig } from '../config/auth-config';
import { AuditService } from './audit.service';
import { RateLimiterService, type RateLimit } from './rate-limiter.service';

export type CodePurpose =
  'login' | 'register_user' | 'register_organization' | 'change_phone_old' | 'change_phone_new';

export interface CodeToIssue {
  phone: string;
  purpose: CodePurpose;
  /** JSON-serialisable data the confirm step needs (a pending registration, the other phone). */
  payload?: unknown;
}

export interface CheckedCode {
  id: string;
  purpose: CodePurpose;
  payload: unknown;
}

/** A uniformly random six-digit code from the operating system's CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** AUTH_CODE_LENGTH)).padStart(AUTH_CODE_LENGTH, '0');
}

/** A code row written and still to be sent, with the phone's counted hits (taken back if it is not sent). */
interface PendingSend {
  id: string;
  entry: CodeToIssue;
  code: string;
  hits: string[];
}

/**
 * One-time confirmation codes: random, stored as keyed hashes, valid five minutes, used once, dead after
 * five wrong tries. Sending is limited per phone (resend timer, daily ceiling), per phone and address
 * together (a lock that grows 1, 2, 5, 15 minutes) and per address (`SendLimits`), all counted in one
 * serialised step with the code row, so parallel requests cannot pass a limit.
 */
@Injectable()
export class CodesService {
  private readonly logger = new Logger('AuthCodes');
  readonly limits: SendLimits;
  private readonly perIp: RateLimit;
  private readonly confirmsPerIp: RateLimit;
  private readonly perPhone: RateLimit;
  private readonly perPairDay: RateLimit;
  private readonly perPairLock: RateLimit;

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUTH_SMS_SENDER) private readonly sms: AuthSmsSender,
    private readonly hasher: AuthHasher,
    private readonly limiter: RateLimiterService,
    private readonly audit: AuditService,
    @Inject(AUTH_CONFIG) config: AuthConfig,
  ) {
    this.limits = sendLimitsOf(config.codeSendLimits);
    this.perIp = { bucket: 'send:ip', limit: this.limits.sendsPerIpPerHour, windowMs: HOUR_MS };
    this.perPhone = { bucket: 'send:phone', limit: this.limits.sendsPerPhonePerDay, windowMs: DAY_MS };
    this.perPairDay = { bucket: 'send:pair', limit: this.limits.sendsPerPairPerDay, windowMs: DAY_MS };
    this.perPairLock = { ...this.perPairDay, windowMs: this.limits.pairLockWindowMs };
    this.confirmsPerIp = {
      bucket: 'confirm:ip',
      limit: this.limits.confirmsPerIpPer10Min,
      windowMs: 10 * 60_000,
    };
  }

  /** The answer of every send step. */
  sentAnswer(): CodeSentResponse {
    return {
      data: {
        codeLength: AUTH_CODE_LENGTH,
        expiresInSeconds: authLimits.codeTtlMs / 1000,
        resendAfterSeconds: this.limits.resendAfterMs / 1000,
      },
    };
  }

  /**
   * Issues codes for one request (one phone, or two for a phone change): every limit is checked and
   * counted, and the code rows written, in one step serialised per address and phone, so either every
   * code goes out or none does and the caller gets a 429 with `Retry-After`.
   */
  async issue(codes: readonly CodeToIssue[], ip: string): Promise<void> {
    const pair = (phone: string) => `${phone}|${ip}`;
    const subjects = [
      `send:ip:${ip}`,
      ...codes.flatMap(({ phone }) => [`send:phone:${phone}`, `send:pair:${pair(phone)}`]),
    ];
    const pending = await this.limiter.serialised(subjects, async (trx) => {
      const ipWait = await this.limiter.retryAfterSeconds(trx, this.perIp, ip);
      if (ipWait > 0) throw authErrors.tooManyRequests(ipWait);
      for (const { phone } of codes) {
        const resendWait = await this.resendWaitSeconds(trx, phone);
        if (resendWait > 0) throw authErrors.resendTooEarly(resendWait);
        const lockWait = Math.max(
          await this.pairLockSeconds(trx, pair(phone)),
          await this.limiter.retryAfterSeconds(trx, this.perPairDay, pair(phone)),
          await this.limiter.retryAfterSeconds(trx, this.perPhone, phone),
        );
        if (lockWait > 0) throw authErrors.tooManyCodes(lockWait);
      }
      await this.limiter.record(trx, this.perIp, ip);
      const written: PendingSend[] = [];
      for (const entry of codes) {
        const hits = [
          await this.limiter.record(trx, this.perPhone, entry.phone),
          await this.limiter.record(trx, this.perPairDay, pair(entry.phone)),
        ];
        written.push({ ...(await this.write(trx, entry, ip)), hits });
      }
      return written;
    });
    await this.prune();
    for (const send of pending) await this.send(send, ip);
  }

  /**
   * Checks a code against the newest live code of the phone for one of the purposes, without using it up.
   * A wrong code counts a try; the fifth wrong try kills the code.
   */
  async check(
    phone: string,
    purposes: readonly CodePurpose[],
    code: string,
    ip: string,
  ): Promise<CheckedCode> {
    const ipWait = await this.limiter.hit(this.confirmsPerIp, ip);
    if (ipWait > 0) throw authErrors.tooManyRequests(ipWait);
    const row = await this.db
      .selectFrom('auth_codes')
      .selectAll()
      .where('phone', '=', phone)
      .where('purpose', 'in', [...purposes])
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw authErrors.codeInvalid();
    if (row.attempts >= authLimits.codeMaxWrongAttempts) throw authErrors.codeAttemptsExceeded();
    if (row.expires_at <= this.clock.now()) throw authErrors.codeExpired();
    if (!this.hasher.equal(row.code_hash, this.hasher.code(row.id, code))) {
      const counted = await this.db
        .updateTable('auth_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('attempts', '<', authLimits.codeMaxWrongAttempts)
        .returning('attempts')
        .executeTakeFirst();
      const attempts = counted?.attempts ?? authLimits.codeMaxWrongAttempts;
      const dead = attempts >= authLimits.codeMaxWrongAttempts;
      await this.audit.record({
        event: dead ? 'code_dead' : 'code_wrong',
        phone,
        ip,
        details: { purpose: row.purpose, attempts },
      });
      if (dead) throw authErrors.codeAttemptsExceeded();
      throw authErrors.codeInvalid(authLimits.codeMaxWrongAttempts - attempts);
    }
    return {
      id: row.id,
      purpose: row.purpose as CodePurpose,
      payload: row.payload === null ? null : (JSON.parse(row.payload) as unknown),
    };
  }

  /** Uses a checked code up; false when a parallel request used it first. */
  async consume(codeId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('auth_codes')
      .set({ consumed_at: this.clock.now() })
      .where('id', '=', codeId)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a consumed code back, when the step it confirmed failed for a reason not the user's (platform down). */
  async release(codeId: string): Promise<void> {
    await this.db.updateTable('auth_codes').set({ consumed_at: null }).where('id', '=', codeId).execute();
  }

  private async resendWaitSeconds(db: AuthDb, phone: string): Promise<number> {
    const last = await db
      .selectFrom('auth_codes')
      .select('created_at')
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) return 0;
    const wait = last.created_at + this.limits.resendAfterMs - this.clock.now();
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  /** The growing lock of one phone for one address: the step for the codes it was sent lately. */
  private async pairLockSeconds(db: AuthDb, pair: string): Promise<number> {
    const recent = await this.limiter.window(db, this.perPairLock, pair);
    if (recent.count === 0 || recent.newest === null) return 0;
    const steps = this.limits.pairLockStepsMs;
    const step = steps[Math.min(recent.count, steps.length) - 1] ?? 0;
    const until = recent.newest + step;
    return until > this.clock.now() ? this.limiter.secondsUntil(until) : 0;
  }

  /** Writes a new code row (replacing the phone's earlier live codes of the same purpose). */
  private async write(db: AuthDb, entry: CodeToIssue, ip: string): Promise<Omit<PendingSend, 'hits'>> {
    const now = this.clock.now();
    await db
      .updateTable('auth_codes')
      .set({ consumed_at: now })
      .where('phone', '=', entry.phone)
      .where('purpose', '=', entry.purpose)
      .where('consumed_at', 'is', null)
      .execute();
    const id = randomUUID();
    const code = generateCode();
    await db
      .insertInto('auth_codes')
      .values({
        id,
        phone: entry.phone,
        purpose: entry.purpose,
        code_hash: this.hasher.code(id, code),
        payload: entry.payload === undefined ? null : JSON.stringify(entry.payload),
        ip_hash: this.hasher.subject('ip', ip),
        created_at: now,
        expires_at: now + authLimits.codeTtlMs,
      })
      .execute();
    return { id, entry, code };
  }

  private async send({ id, entry, code, hits }: PendingSend, ip: string): Promise<void> {
    try {
      await this.sms.send(entry.phone, codeMessage(code));
    } catch (error) {
      // The SMS port's errors name the gateway and its status only, never the number or the text.
      this.logger.warn(error instanceof Error ? error.message : 'SMS not sent');
      // Nobody got this code: drop it and its count on the phone, so no timer or lock holds the person back.
      await this.db.deleteFrom('auth_codes').where('id', '=', id).execute();
      await this.limiter.forget(hits);
      throw authErrors.smsUnavailable();
    }
    await this.audit.record({
      event: 'code_sent',
      phone: entry.phone,
      ip,
      details: { purpose: entry.purpose },
    });
  }

  private async prune(): Promise<void> {
    const before = this.clock.now() - authLimits.retentionMs;
    await this.db.deleteFrom('auth_codes').where('created_at', '<', before).execute();
    await this.limiter.prune(authLimits.retentionMs);
  }
}
