import { Injectable } from '@nestjs/common';
import { CallerResolver, type CallerIdentity } from '../common/caller';
import { AccessTokenService } from './access-token.service';

/** The auth server's {@link CallerResolver}: the access token's signature, audience and expiry. */
@Injectable()
export class TokenCallerResolver extends CallerResolver {
  constructor(private readonly accessTokens: AccessTokenService) {
    super();
  }

  resolve(token: string): Promise<CallerIdentity> {
    const claims = this.accessTokens.verify(token);
    const sportsmanIds =
      claims.Sportsman === undefined
        ? []
        : Array.isArray(claims.Sportsman)
          ? claims.Sportsman
          : [claims.Sportsman];
    return Promise.resolve({
      loginId: claims.sub,
      sessionId: claims.sid,
      contractorType: claims.ContractorType,
      sportsmanIds,
      organizationId: claims.Organization ?? null,
    });
  }
}
