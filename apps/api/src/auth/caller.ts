import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { USER_ID_HEADER, type ContractorType } from '@fed/contracts';
import type { Request } from 'express';
import { AccessTokenService } from './access-token.service';
import { authErrors } from './auth-errors';

/** The signed-in caller, as later modules see it through `@Caller()`. */
export interface AuthCaller {
  loginId: string;
  /** The session (refresh family) of the access token. */
  sessionId: string;
  contractorType: ContractorType;
  /** The login's athlete ids, the active one first when the active role is sportsman. */
  sportsmanIds: readonly string[];
  organizationId: string | null;
  /** The active record: the first athlete, or the organization. */
  activeUserId: string;
  /** The `userId` header when sent (already checked to be one of the caller's ids), else `activeUserId`. */
  userId: string;
  /** True when `id` is one of the login's own records. */
  owns(id: string): boolean;
}

type RequestWithCaller = Request & { authCaller?: AuthCaller };

const BEARER = /^Bearer ([A-Za-z0-9_.-]{10,4096})$/;

/**
 * Lets a request through only with a valid access token (`Authorization: Bearer …`), and only when its
 * `userId` header, if any, names one of the caller's own records. Stateless: no store access.
 * Use: `@UseGuards(AuthGuard)` on a controller or route, then `@Caller() caller: AuthCaller`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly accessTokens: AccessTokenService) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw authErrors.tokenInvalid();
    const claims = this.accessTokens.verify(match[1]);
    const sportsmanIds =
      claims.Sportsman === undefined
        ? []
        : Array.isArray(claims.Sportsman)
          ? claims.Sportsman
          : [claims.Sportsman];
    const organizationId = claims.Organization ?? null;
    const activeUserId =
      claims.ContractorType === 'organization'
        ? (organizationId ?? '')
        : (sportsmanIds[0] ?? organizationId ?? '');
    const own = new Set([...sportsmanIds, ...(organizationId === null ? [] : [organizationId])]);
    const header = request.headers[USER_ID_HEADER.toLowerCase()];
    const userId = Array.isArray(header) ? header[0] : header;
    if (userId !== undefined && userId !== '' && !own.has(userId)) throw authErrors.forbiddenUser();
    request.authCaller = {
      loginId: claims.sub,
      sessionId: claims.sid,
      contractorType: claims.ContractorType,
      sportsmanIds,
      organizationId,
      activeUserId,
      userId: userId || activeUserId,
      owns: (id) => own.has(id),
    };
    return true;
  }
}

/** The caller the `AuthGuard` let through. Using it on a route without the guard is a programming error. */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): AuthCaller => {
  const caller = context.switchToHttp().getRequest<RequestWithCaller>().authCaller;
  if (!caller) throw new Error('@Caller() used on a route without AuthGuard');
  return caller;
});
