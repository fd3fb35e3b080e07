import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  Optional,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { authErrorCodes, USER_ID_HEADER, type ContractorType } from '@fed/contracts';
import type { Request } from 'express';
import type { IncomingMessage } from 'node:http';
import { ApiException } from './api-exception.filter';

/** Who a valid access token speaks for, as the auth server knows it now (the token and the store together). */
export interface CallerIdentity {
  loginId: string;
  /** The session (refresh family) of the access token. */
  sessionId: string;
  /** The active role. */
  contractorType: ContractorType;
  /** The login's athlete ids, the active one first when the active role is sportsman. */
  sportsmanIds: readonly string[];
  organizationId: string | null;
}

/** The signed-in caller every module reads (`@Caller()`, `@MaybeCaller()`, {@link callerOf}). */
export interface Caller extends CallerIdentity {
  /** The active record: the first athlete, or the organization. */
  activeUserId: string;
  /** The `userId` header when sent (already checked to be one of the caller's ids), else `activeUserId`. */
  userId: string;
  /** True when `id` is one of the login's own records. */
  owns(id: string): boolean;
}

/**
 * Turns a bearer token into the caller it speaks for, or throws a 401 `ApiException` (forged, expired,
 * or its session ended). The auth module provides it (global); gateway tests provide a stand-in.
 */
export abstract class CallerResolver {
  abstract resolve(token: string): Promise<CallerIdentity>;
}

/**
 * How a route treats the caller:
 * - `required`: a valid token or 401;
 * - `optional`: no `Authorization` header is a guest; a header with a bad token is 401;
 * - `soft`: a bad or expired token makes the request anonymous (reports that must arrive even when the
 *   session is broken: the client log), and a `userId` header that is not one of the caller's records is
 *   not believed (the caller's active record stands) instead of refused.
 */
export type CallerMode = 'required' | 'optional' | 'soft';

const CALLER_MODE = 'fed:caller-mode';
const GUEST_MESSAGE = 'fed:caller-guest-message';
const BEARER = /^Bearer ([A-Za-z0-9_.-]{1,4096})$/;

/**
 * The callers the guard let through, by request; a guest has no entry. Node's own request as well as Express's:
 * the proxy answers its reads ahead of Express (proxy/proxy-reads.ts).
 */
const callers = new WeakMap<IncomingMessage, Caller>();
/** Requests the guard has already decided (class and route guards may both name it). */
const decided = new WeakSet<IncomingMessage>();

/** Every record id the caller's login holds: its athletes and its organization. */
export function ownIds(caller: CallerIdentity): Set<string> {
  return new Set([
    ...caller.sportsmanIds,
    ...(caller.organizationId === null ? [] : [caller.organizationId]),
  ]);
}

/** The `userId` header (`USER_ID_HEADER` of the contracts), when sent once and non-empty. */
export function userIdHeaderOf(request: Pick<IncomingMessage, 'headers'>): string | undefined {
  const header = request.headers[USER_ID_HEADER.toLowerCase()];
  const value = Array.isArray(header) ? header[0] : header;
  return value === undefined || value === '' ? undefined : value;
}

/** The caller the guard let through, or `null` for a guest (or a route without the guard). */
export function callerOf(request: IncomingMessage): Caller | null {
  return callers.get(request) ?? null;
}

/** The full caller of an identity, with the `userId` header checked against the login's own records. */
export function callerFrom(identity: CallerIdentity, userIdHeader: string | undefined): Caller {
  const own = ownIds(identity);
  if (userIdHeader !== undefined && !own.has(userIdHeader)) {
    throw new ApiException(403, { code: authErrorCodes.forbiddenUser, message: 'Это не ваш аккаунт' });
  }
  const activeUserId =
    identity.contractorType === 'organization'
      ? (identity.organizationId ?? '')
      : (identity.sportsmanIds[0] ?? identity.organizationId ?? '');
  return {
    loginId: identity.loginId,
    sessionId: identity.sessionId,
    contractorType: identity.contractorType,
    sportsmanIds: [...identity.sportsmanIds],
    organizationId: identity.organizationId,
    activeUserId,
    userId: userIdHeader ?? activeUserId,
    owns: (id) => own.has(id),
  };
}

/** A `soft` route's caller: the `userId` header when it is one of the login's records, else the active one. */
function softCallerFrom(identity: CallerIdentity, request: Pick<IncomingMessage, 'headers'>): Caller {
  const header = userIdHeaderOf(request);
  return callerFrom(identity, header !== undefined && ownIds(identity).has(header) ? header : undefined);
}

function refused(message: string, code = 'unauthorized'): ApiException {
  return new ApiException(401, { code, message });
}

/**
 * The one guard of the api: verifies `Authorization: Bearer …` through the {@link CallerResolver}
 * (signature, expiry, and that the session was not ended), refuses a `userId` header that is not one of
 * the caller's own records (403), and leaves the caller for `@Caller()` / {@link callerOf}. Its mode
 * comes from {@link Authenticate}; a route's mode overrides its controller's.
 */
@Injectable()
export class CallerGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Optional() private readonly resolver?: CallerResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const mode = this.reflector.getAllAndOverride<CallerMode | undefined>(CALLER_MODE, targets) ?? 'required';
    const request = context.switchToHttp().getRequest<IncomingMessage>();
    if (!decided.has(request)) {
      decided.add(request);
      await this.identify(request, mode);
    }
    if (mode === 'required' && !callers.has(request)) {
      const message = this.reflector.getAllAndOverride<string | undefined>(GUEST_MESSAGE, targets);
      throw refused(message ?? 'Войдите, чтобы продолжить');
    }
    return true;
  }

  private async identify(request: IncomingMessage, mode: CallerMode): Promise<void> {
    const header = request.headers.authorization;
    if (header === undefined) return;
    try {
      const token = BEARER.exec(header)?.[1];
      if (token === undefined) throw refused('Требуется вход', authErrorCodes.tokenInvalid);
      if (!this.resolver) throw refused('Вход не поддерживается');
      const identity = await this.resolver.resolve(token);
      callers.set(
        request,
        mode === 'soft' ? softCallerFrom(identity, request) : callerFrom(identity, userIdHeaderOf(request)),
      );
    } catch (error) {
      if (mode !== 'soft') throw error;
    }
  }
}

/**
 * Puts the {@link CallerGuard} on a controller or route in one of the {@link CallerMode}s.
 * `guestMessage` is the 401's text for a guest on a `required` route (default «Войдите, чтобы продолжить»).
 */
export function Authenticate(mode: CallerMode, guestMessage?: string) {
  return applyDecorators(
    SetMetadata(CALLER_MODE, mode),
    ...(guestMessage === undefined ? [] : [SetMetadata(GUEST_MESSAGE, guestMessage)]),
    UseGuards(CallerGuard),
  );
}

/** The signed-in caller of a `required` route. Using it where a guest may pass is a programming error. */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = callerOf(context.switchToHttp().getRequest<Request>());
  if (!caller) throw new Error('@Caller() used on a route that lets guests through');
  return caller;
});

/** The caller of an `optional` or `soft` route, or `null` for a guest. */
export const MaybeCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller | null =>
  callerOf(context.switchToHttp().getRequest<Request>()),
);
