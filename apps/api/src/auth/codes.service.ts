import { Inject, Injectable, Logger } from '@nestjs/common';
import { AUTH_CODE_LENGTH, type CodeSentResponse } from '@fed/contracts';
import { randomInt, randomUUID } from 'node:crypto';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { AUTH_CLOCK, type AuthClock } from './auth-clock';
import { authLimits, HOUR_MS } from './auth-constants';
import { authErrors } from './auth-errors';
import { AuthHasher } from './auth-hasher';
import { codeMessage, type AuthSmsSender } from './auth-sms';
import { AUTH_CONFIG, AUTH_SMS_SENDER } from './auth-tokens';
import type { AuthConfig, CodeSendLimits } from '../config/auth-config';
import { AuditService } from './audit.service';
import { RateLimiterService, type RateLimit } from './rate-limiter.service';

export type CodePurpose =
  'login' | 'register_user' | 'register_organization' | 'change_phone_old' | 'change_phone_new';

export interface CodeToIssue {
  phone: string;
  purpose: CodePurpose;
  /** JSON-serialisable data the confirm step needs (a pending registration, the other phone). */
  payload?: unknown;
  /**
   * False when the flow must answer as if a code went out but nobody may receive one (sign-in of an
   * unknown phone). A row is still written, with the hash of a code nobody knows, so resend timing,
   * limits and wrong-code answers look exactly the same.
   */
  deliver: boolean;
}

export interface CheckedCode {
  id: string;
  purpose: CodePurpose;
  payload: unknown;
}

const CONFIRM_PER_IP: RateLimit = {
  bucket: 'confirm:ip',
  limit: authLimits.confirmsPerIpPer10Min,
  windowMs: 10 * 60_000,
};

/** A uniformly random six-digit code from the operating system's CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** AUTH_CODE_LENGTH)).padStart(AUTH_CODE_LENGTH, '0');
}

/**
 * One-time confirmation codes: random, stored as keyed hashes, valid five minutes, used once, dead after
 * five wrong tries, one per phone per minute and five per phone per hour, and a per-IP send limit.
 */
@Injectable()
export class CodesService {
  private readonly logger = new Logger('AuthCodes');
  private readonly sendLimits: CodeSendLimits;
  private readonly sendPerIp: RateLimit;
  private readonly sendPerPhone: RateLimit;

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(AUTH_CLOCK) private readonly clock: AuthClock,
    @Inject(AUTH_SMS_SENDER) private readonly sms: AuthSmsSender,
    private readonly hasher: AuthHasher,
    private readonly limiter: RateLimiterService,
    private readonly audit: AuditService,
    @Inject(AUTH_CONFIG) config: AuthConfig,
  ) {
    this.sendLimits = config.codeSendLimits ?? authLimits;
    this.sendPerIp = { bucket: 'send:ip', limit: this.sendLimits.sendsPerIpPerHour, windowMs: HOUR_MS };
    this.sendPerPhone = {
      bucket: 'send:phone',
      limit: this.sendLimits.sendsPerPhonePerHour,
      windowMs: HOUR_MS,
    };
  }

  /** The answer of every send step. */
  sentAnswer(): CodeSentResponse {
    return {
      data: {
        codeLength: AUTH_CODE_LENGTH,
        expiresInSeconds: authLimits.codeTtlMs / 1000,
        resendAfterSeconds: this.sendLimits.resendAfterMs / 1000,
      },
    };
  }

  /**
   * Issues codes for one request (one phone, or two for a phone change): all limits are checked first,
   * so either every code goes out or none does and the caller gets a 429 with `Retry-After`.
   */
  async issue(codes: readonly CodeToIssue[], ip: string): Promise<void> {
    const ipWait = await this.limiter.retryAfterSeconds(this.sendPerIp, ip);
    if (ipWait > 0) throw authErrors.tooManyRequests(ipWait);
    for (const { phone } of codes) {
      const resendWait = await this.resendWaitSeconds(phone);
      if (resendWait > 0) throw authErrors.resendTooEarly(resendWait);
      const phoneWait = await this.limiter.retryAfterSeconds(this.sendPerPhone, phone);
      if (phoneWait > 0) throw authErrors.tooManyCodes(phoneWait);
    }
    await this.limiter.record(this.sendPerIp, ip);
    await this.prune();
    for (const entry of codes) {
      await this.limiter.record(this.sendPerPhone, entry.phone);
      await this.createAndSend(entry, ip);
    }
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
    const ipWait = await this.limiter.hit(CONFIRM_PER_IP, ip);
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

  private async resendWaitSeconds(phone: string): Promise<number> {
    const last = await this.db
      .selectFrom('auth_codes')
      .select('created_at')
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) return 0;
    const wait = last.created_at + this.sendLimits.resendAfterMs - this.clock.now();
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  private async createAndSend(entry: CodeToIssue, ip: string): Promise<void> {
    const now = this.clock.now();
    // A new code replaces the phone's earlier live codes of the same purpose.
    await this.db
      .updateTable('auth_codes')
      .set({ consumed_at: now })
      .where('phone', '=', entry.phone)
      .where('purpose', '=', entry.purpose)
      .where('consumed_at', 'is', null)
      .execute();
    const id = randomUUID();
    const code = generateCode();
    await this.db
      .insertInto('auth_codes')
      .values({
        id,
        phone: entry.phone,
        purpose: entry.purpose,
        // Undeliverable codes hash a second random code, so no one can ever enter the one stored.
        code_hash: this.hasher.code(id, entry.deliver ? code : `x${generateCode()}${randomUUID()}`),
        payload: entry.payload === undefined ? null : JSON.stringify(entry.payload),
        ip_hash: this.hasher.subject('ip', ip),
        created_at: now,
        expires_at: now + authLimits.codeTtlMs,
      })
      .execute();
    if (entry.deliver) {
      try {
        await this.sms.send(entry.phone, codeMessage(code));
      } catch (error) {
        // The SMS port's errors name the gateway and its status only, never the number or the text.
        this.logger.warn(error instanceof Error ? error.message : 'SMS not sent');
        // Nobody got this code: drop it, so the resend timer does not hold the person back.
        await this.db.deleteFrom('auth_codes').where('id', '=', id).execute();
        throw authErrors.smsUnavailable();
      }
    }
    await this.audit.record({
      event: 'code_sent',
      phone: entry.phone,
      ip,
      details: { purpose: entry.purpose, delivered: entry.deliver },
    });
  }

  private async prune(): Promise<void> {
    const before = this.clock.now() - authLimits.retentionMs;
    await this.db.deleteFrom('auth_codes').where('created_at', '<', before).execute();
    await this.limiter.prune(authLimits.retentionMs);
  }
}
