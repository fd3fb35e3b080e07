import { Inject, Injectable } from '@nestjs/common';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { CLOCK, type Clock } from '../common/clock';
import { authLimits } from './auth-constants';
import { authErrors } from './auth-errors';

/** What the store says about a session now: whether it is live, and the records its login holds. */
export interface SessionState {
  loginId: string;
  live: boolean;
  /** The login's athletes, oldest first. */
  sportsmanIds: string[];
  organizationId: string | null;
}

interface Entry {
  sessionId: string;
  /** Resolved once the store answered; `null` when the session is unknown. */
  state: Promise<SessionState | null>;
  /** Clock time of the read; the entry serves until `at + sessionCheckMaxAgeMs`. */
  at: number;
  loginId?: string;
}

/** Entries kept at most; the oldest go first (a burst of new tokens cannot grow the map without bound). */
const MAX_ENTRIES = 20_000;

/**
 * The guard's view of sessions: is the access token's session (refresh family) still live, and which
 * athletes and organization does its login hold. Read from the shared store, so a logout, a reuse
 * revocation or a phone change on any instance counts here within `authLimits.sessionCheckMaxAgeMs`;
 * kept that long in memory so the per-request cost is a map lookup, with one store read per token per
 * second at most. Keyed by the token (`jti`): a token issued after a change (a new athlete, a switch)
 * is always read fresh, on every instance.
 */
@Injectable()
export class LiveSessions {
  private readonly entries = new Map<string, Entry>();

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The state of `sessionId`, read for the token `tokenId` at most `sessionCheckMaxAgeMs` ago. */
  async state(tokenId: string, sessionId: string): Promise<SessionState | null> {
    const now = this.clock.now();
    const cached = this.entries.get(tokenId);
    if (
      cached !== undefined &&
      cached.sessionId === sessionId &&
      now - cached.at < authLimits.sessionCheckMaxAgeMs
    ) {
      return cached.state;
    }
    const entry: Entry = { sessionId, at: now, state: this.read(sessionId) };
    this.entries.delete(tokenId);
    this.entries.set(tokenId, entry);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    try {
      const state = await entry.state;
      entry.loginId = state?.loginId;
      return state;
    } catch (error) {
      if (this.entries.get(tokenId) === entry) this.entries.delete(tokenId);
      throw error;
    }
  }

  /** Forgets what this instance holds of the sessions (or of every session of the login) just changed. */
  forget(change: { sessionId: string } | { loginId: string }): void {
    for (const [key, entry] of this.entries) {
      if ('sessionId' in change ? entry.sessionId === change.sessionId : entry.loginId === change.loginId) {
        this.entries.delete(key);
      }
    }
  }

  private async read(sessionId: string): Promise<SessionState | null> {
    let rows;
    try {
      rows = await this.db
        .selectFrom('refresh_families as family')
        .leftJoin('login_contractors as record', 'record.login_id', 'family.login_id')
        .select(['family.login_id', 'family.revoked_at', 'record.contractor_id', 'record.contractor_type'])
        .where('family.id', '=', sessionId)
        .orderBy('record.created_at', 'asc')
        .orderBy('record.contractor_id', 'asc')
        .execute();
    } catch {
      // Without the store no session can be told live: refuse for now rather than let an ended one in.
      throw authErrors.storeUnavailable();
    }
    const first = rows[0];
    if (first === undefined) return null;
    return {
      loginId: first.login_id,
      live: first.revoked_at === null,
      sportsmanIds: rows.flatMap((row) =>
        row.contractor_type === 'sportsman' && row.contractor_id !== null ? [row.contractor_id] : [],
      ),
      organizationId: rows.find((row) => row.contractor_type === 'organization')?.contractor_id ?? null,
    };
  }
}
