import { Injectable } from '@nestjs/common';
import { CallerResolver, type CallerIdentity } from '../common/caller';
import { AccessTokenService } from './access-token.service';
import { authErrors } from './auth-errors';
import { LiveSessions } from './live-sessions.service';

/**
 * The auth server's {@link CallerResolver}: the access token's signature, audience and expiry, then its
 * session in the store (ended by a logout, a reuse revocation or a phone change → 401), and the records
 * the login holds now. The token names only the active athlete, so its size does not grow with the family.
 */
@Injectable()
export class TokenCallerResolver extends CallerResolver {
  constructor(
    private readonly accessTokens: AccessTokenService,
    private readonly sessions: LiveSessions,
  ) {
    super();
  }

  async resolve(token: string): Promise<CallerIdentity> {
    const claims = this.accessTokens.verify(token);
    const state = await this.sessions.state(claims.jti, claims.sid);
    if (state === null || !state.live || state.loginId !== claims.sub) throw authErrors.sessionEnded();
    const claimed = Array.isArray(claims.Sportsman) ? claims.Sportsman[0] : claims.Sportsman;
    const active =
      claims.ContractorType === 'sportsman' && claimed !== undefined && state.sportsmanIds.includes(claimed)
        ? claimed
        : undefined;
    return {
      loginId: claims.sub,
      sessionId: claims.sid,
      contractorType: claims.ContractorType,
      sportsmanIds:
        active === undefined
          ? state.sportsmanIds
          : [active, ...state.sportsmanIds.filter((id) => id !== active)],
      organizationId: state.organizationId,
    };
  }
}
