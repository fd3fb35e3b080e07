import { Inject, Injectable } from '@nestjs/common';
import type { ContractorType, TokenPair } from '@fed/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { AccessTokenService } from './access-token.service';
import { CLOCK, type Clock } from '../common/clock';
import { authLimits } from './auth-constants';
import { authErrors } from './auth-errors';
import { AuthHasher } from './auth-hasher';
import { AuditService } from './audit.service';
import { LiveSessions } from './live-sessions.service';
import { LoginsRepository } from './logins.repository';
import { RateLimiterService, type RateLimit } from './rate-limiter.service';

const REFRESH_PER_IP: RateLimit = {
  bucket: 'refresh:ip',
  limit: authLimits.refreshesPerIpPerMinute,
  windowMs: 60_000,
};

export interface SessionRole {
  contractorType: ContractorType;
  activeContractorId: string;
}

/**
 * Sign-in sessions as refresh-token families. A refresh token is 256 random bits, stored as a keyed hash,
 * used once: `Refresh` marks it used and issues the next one of the family. A token used again after
 * the grace window is taken as stolen and revokes its whole family.
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly hasher: AuthHasher,
    private readonly accessTokens: AccessTokenService,
    private readonly logins: LoginsRepository,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiterService,
    private readonly live: LiveSessions,
  ) {}

  /** Opens a new session for the login in the given role. */
  async start(loginId: string, role: SessionRole): Promise<TokenPair> {
    const familyId = randomUUID();
    await this.db
      .insertInto('refresh_families')
      .values({
        id: familyId,
        login_id: loginId,
        contractor_type: role.contractorType,
        active_contractor_id: role.activeContractorId,
        created_at: this.clock.now(),
        revoked_at: null,
        revoke_reason: null,
      })
      .execute();
    return this.issuePair(familyId);
  }

  /**
   * Re-issues the pair of a live session, optionally in another role (switch account, new role):
   * every unused refresh token of the family is retired, so only the answer's token stays usable.
   */
  async reissue(familyId: string, role?: SessionRole): Promise<TokenPair> {
    const family = await this.liveFamily(familyId);
    if (!family) throw authErrors.refreshInvalid();
    const now = this.clock.now();
    if (role) {
      await this.db
        .updateTable('refresh_families')
        .set({ contractor_type: role.contractorType, active_contractor_id: role.activeContractorId })
        .where('id', '=', familyId)
        .execute();
    }
    // Retired well before `now` so that a retired token cannot ride the two-tab grace window.
    await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now - authLimits.refreshReuseGraceMs - 1 })
      .where('family_id', '=', familyId)
      .where('used_at', 'is', null)
      .execute();
    return this.issuePair(familyId);
  }

  async refresh(token: string, ip: string): Promise<TokenPair> {
    const wait = await this.limiter.hit(REFRESH_PER_IP, ip);
    if (wait > 0) throw authErrors.tooManyRequests(wait);
    const row = await this.findToken(token);
    const now = this.clock.now();
    if (!row || row.revoked_at !== null || row.expires_at <= now) throw authErrors.refreshInvalid();
    let usedAt = row.used_at;
    if (usedAt === null) {
      const marked = await this.db
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 1) return this.issuePair(row.family_id);
      // A parallel refresh of the same token won the race: it is a second tab, within the grace window.
      usedAt = now;
    }
    if (now - usedAt <= authLimits.refreshReuseGraceMs) return this.issuePair(row.family_id);
    await this.revokeFamily(row.family_id, 'reuse');
    await this.audit.record({
      event: 'refresh_reuse',
      loginId: row.login_id,
      ip,
      details: { session: row.family_id },
    });
    throw authErrors.refreshInvalid();
  }

  /** Ends the token's session. Unknown or already revoked tokens are fine: logging out twice is not an error. */
  async logout(token: string, ip: string): Promise<void> {
    const row = await this.findToken(token);
    if (!row || row.revoked_at !== null) return;
    await this.revokeFamily(row.family_id, 'logout');
    await this.audit.record({
      event: 'logout',
      loginId: row.login_id,
      ip,
      details: { session: row.family_id },
    });
  }

  async revokeAllOfLogin(loginId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('refresh_families')
      .set({ revoked_at: this.clock.now(), revoke_reason: reason })
      .where('login_id', '=', loginId)
      .where('revoked_at', 'is', null)
      .execute();
    this.live.forget({ loginId });
  }

  async isLive(familyId: string): Promise<boolean> {
    return (await this.liveFamily(familyId)) !== undefined;
  }

  /** Ends a session: its refresh tokens die at once, its access tokens within `sessionCheckMaxAgeMs`. */
  private async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('refresh_families')
      .set({ revoked_at: this.clock.now(), revoke_reason: reason })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
    this.live.forget({ sessionId: familyId });
  }

  private liveFamily(familyId: string) {
    return this.db
      .selectFrom('refresh_families')
      .selectAll()
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  private findToken(token: string) {
    return this.db
      .selectFrom('refresh_tokens')
      .innerJoin('refresh_families', 'refresh_families.id', 'refresh_tokens.family_id')
      .select([
        'refresh_tokens.id',
        'refresh_tokens.family_id',
        'refresh_tokens.expires_at',
        'refresh_tokens.used_at',
        'refresh_families.login_id',
        'refresh_families.revoked_at',
      ])
      .where('refresh_tokens.token_hash', '=', this.hasher.refreshToken(token))
      .executeTakeFirst();
  }

  /** A new refresh token in the family and an access token with the login's current records. */
  private async issuePair(familyId: string): Promise<TokenPair> {
    const family = await this.liveFamily(familyId);
    if (!family) throw authErrors.refreshInvalid();
    const now = this.clock.now();
    const refreshToken = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('refresh_tokens')
      .values({
        id: randomUUID(),
        family_id: familyId,
        token_hash: this.hasher.refreshToken(refreshToken),
        created_at: now,
        expires_at: now + authLimits.refreshTokenTtlMs,
        used_at: null,
      })
      .execute();
    const contractors = await this.logins.contractors(family.login_id);
    let contractorType = family.contractor_type;
    let active = family.active_contractor_id;
    // The active record may have been unbound meanwhile; fall back to what the login still holds.
    if (contractorType === 'organization' && contractors.organizationId === null)
      contractorType = 'sportsman';
    if (contractorType === 'sportsman' && !contractors.sportsmanIds.includes(active)) {
      active = contractors.sportsmanIds[0] ?? '';
      if (active === '' && contractors.organizationId !== null) contractorType = 'organization';
    }
    const sportsmanIds =
      contractorType === 'sportsman'
        ? [active, ...contractors.sportsmanIds.filter((id) => id !== active)]
        : contractors.sportsmanIds;
    const token = this.accessTokens.issue({
      loginId: family.login_id,
      sessionId: familyId,
      contractorType,
      sportsmanIds: sportsmanIds.filter((id) => id !== ''),
      organizationId: contractors.organizationId,
    });
    return { Token: token, RefreshToken: refreshToken };
  }
}
