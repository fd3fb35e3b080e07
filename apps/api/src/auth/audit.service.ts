import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { CLOCK, type Clock } from '../common/clock';
import { AuthHasher } from './auth-hasher';
import { maskPhone } from './phone-mask';

export type AuditEvent =
  | 'code_sent'
  | 'code_wrong'
  | 'code_dead'
  | 'login'
  | 'registered'
  | 'refresh_reuse'
  | 'logout'
  | 'account_added'
  | 'account_switched'
  | 'role_added'
  | 'phone_changed';

export interface AuditEntry {
  event: AuditEvent;
  loginId?: string | null;
  /** Stored masked. */
  phone?: string | null;
  /** Stored as a keyed hash. */
  ip?: string | null;
  /** Non-secret facts: a purpose, a record id, a reason. Never a code, token or full phone. */
  details?: Record<string, string | number | boolean | null>;
}

/** Writes what happened to `audit_events`, without secrets. */
@Injectable()
export class AuditService {
  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly hasher: AuthHasher,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db
      .insertInto('audit_events')
      .values({
        id: randomUUID(),
        login_id: entry.loginId ?? null,
        event: entry.event,
        phone_masked: entry.phone ? maskPhone(entry.phone) : null,
        ip_hash: entry.ip ? this.hasher.subject('ip', entry.ip) : null,
        details: entry.details ? JSON.stringify(entry.details) : null,
        created_at: this.clock.now(),
      })
      .execute();
  }
}
