import {
  Inject,
  Injectable,
  Optional,
  type CanActivate,
  type ExecutionContext,
  type Provider,
  type Type,
} from '@nestjs/common';
import type { Request } from 'express';
import { ApiException } from '../common/api-exception.filter';

/**
 * Who is calling a gateway endpoint, as far as the gateway needs to know: `null` is a guest.
 * Structurally a subset of the auth server's `AuthCaller` (apps/api/src/auth/caller.ts), which its
 * `AuthGuard` puts on `request.authCaller`; the gateway reads that (or `request.caller`).
 */
export interface Caller {
  loginId: string;
  /** The login's athlete ids (linked accounts), the active one first. */
  sportsmanIds: readonly string[];
  organizationId: string | null;
  contractorType: 'sportsman' | 'organization';
}

export type RequestWithCaller = Request & { authCaller?: unknown; caller?: unknown };

function isCaller(value: unknown): value is Caller {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Caller>;
  return (
    typeof candidate.loginId === 'string' &&
    Array.isArray(candidate.sportsmanIds) &&
    candidate.sportsmanIds.every((id) => typeof id === 'string') &&
    (candidate.organizationId === null || typeof candidate.organizationId === 'string') &&
    (candidate.contractorType === 'sportsman' || candidate.contractorType === 'organization')
  );
}

/** The caller an auth guard left on the request, or `null` for a guest. */
export function callerOf(request: RequestWithCaller): Caller | null {
  const value = request.authCaller ?? request.caller;
  if (!isCaller(value)) return null;
  return {
    loginId: value.loginId,
    sportsmanIds: [...value.sportsmanIds],
    organizationId: value.organizationId,
    contractorType: value.contractorType,
  };
}

/** Every record id the caller's login holds: its athletes and its organization. */
export function ownIds(caller: Caller): Set<string> {
  return new Set([
    ...caller.sportsmanIds,
    ...(caller.organizationId === null ? [] : [caller.organizationId]),
  ]);
}

/** The portal's active-user header (`USER_ID_HEADER` of the auth contracts); Node lower-cases names. */
const USER_ID_HEADER = 'userid';

/** The `userId` header, when sent once and non-empty. */
export function userIdHeaderOf(request: Request): string | undefined {
  const header = request.headers[USER_ID_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value === undefined || value === '' ? undefined : value;
}

/** Injection token of the auth server's guard (the `AuthGuard` class, or a stand-in in tests). */
export const GATEWAY_AUTH_GUARD = Symbol('GATEWAY_AUTH_GUARD');

/** What a gateway module's `forRoot` takes to recognise callers: the auth guard class or an instance. */
export type GatewayAuthGuardOption = Type<CanActivate> | CanActivate;

export function gatewayAuthGuardProvider(guard: GatewayAuthGuardOption | undefined): Provider[] {
  if (guard === undefined) return [];
  return typeof guard === 'function'
    ? [{ provide: GATEWAY_AUTH_GUARD, useExisting: guard }]
    : [{ provide: GATEWAY_AUTH_GUARD, useValue: guard }];
}

/**
 * Lets guests through as guests and hands requests that carry `Authorization` to the auth guard, which
 * verifies the token (401 when bad) and sets the caller. Without a configured auth guard a request with a
 * token is refused: the gateway must never mistake an unchecked token for a caller or for a guest.
 */
@Injectable()
export class OptionalCallerGuard implements CanActivate {
  constructor(@Optional() @Inject(GATEWAY_AUTH_GUARD) private readonly auth?: CanActivate) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    if (request.headers.authorization === undefined) return true;
    if (!this.auth) {
      throw new ApiException(401, { code: 'unauthorized', message: 'Вход не поддерживается' });
    }
    return (await this.auth.canActivate(context)) === true;
  }
}

/**
 * Like `OptionalCallerGuard`, but a bad or expired token only makes the request anonymous. For endpoints
 * that must work even when the session is broken (the client's error reports).
 */
@Injectable()
export class SoftCallerGuard implements CanActivate {
  constructor(@Optional() @Inject(GATEWAY_AUTH_GUARD) private readonly auth?: CanActivate) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    if (request.headers.authorization === undefined || !this.auth) return true;
    try {
      await this.auth.canActivate(context);
    } catch {
      request.authCaller = undefined;
    }
    return true;
  }
}
