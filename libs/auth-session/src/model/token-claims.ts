import type { Clock } from '@fed/calendar';
import { isContractorType, type ContractorType } from '@fed/contracts';

/** Claims of the access token as the auth server issues them (spec §3 "Session"). */
export interface SessionClaims {
  /**
   * The login (`sub`): who acts, whichever record is active — what a choice the login makes is recorded
   * under (a consent to publish). `null` in a token without it.
   */
  loginId: string | null;
  /** The athlete ids of the claim, the active one first (the api may list only that one). */
  sportsmanIds: string[];
  /**
   * The `Sportsman` claim is a list: the login holds several athletes (spec §4), however many the list names —
   * the api keeps the token small by listing only the active one.
   */
  severalAthletes: boolean;
  organizationId: string | null;
  contractorType: ContractorType | null;
  /** Seconds since the epoch. */
  expiresAt: number;
}

interface RawClaims {
  sub?: unknown;
  Sportsman?: unknown;
  Organization?: unknown;
  ContractorType?: unknown;
  exp?: unknown;
}

/**
 * The token's payload, its second part: base64url of UTF-8 JSON. Read here rather than by a library, whose
 * bytes every page with the sign-in would carry for these few lines; the signature is the api's to check.
 */
function payloadOf(token: string): unknown {
  const part = token.split('.')[1];
  if (part === undefined || !/^[\w-]+$/.test(part)) throw new TypeError('the token has no payload');
  const bytes = Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (char) =>
    char.charCodeAt(0),
  );
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

function asIdList(value: unknown): string[] {
  if (typeof value === 'string' && value) return [value];
  if (Array.isArray(value))
    return value.filter((id): id is string => typeof id === 'string' && id.length > 0);
  return [];
}

/** Reads the claims; an unreadable token answers null (and counts as expired, spec §8). */
export function readClaims(token: string | null): SessionClaims | null {
  if (!token) return null;
  let payload: unknown;
  try {
    payload = payloadOf(token);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const raw: RawClaims = payload;
  if (typeof raw.exp !== 'number') return null;
  return {
    loginId: typeof raw.sub === 'string' && raw.sub ? raw.sub : null,
    sportsmanIds: asIdList(raw.Sportsman),
    severalAthletes: Array.isArray(raw.Sportsman),
    organizationId: typeof raw.Organization === 'string' && raw.Organization ? raw.Organization : null,
    contractorType: isContractorType(raw.ContractorType) ? raw.ContractorType : null,
    expiresAt: raw.exp,
  };
}

/** Expired when `exp` is not after the clock's now, or the token cannot be read (spec §4). */
export function isTokenExpired(token: string | null, clock: Clock): boolean {
  const claims = readClaims(token);
  return claims === null || claims.expiresAt * 1000 <= clock.now();
}

/** The login holds several athletes: the claim is a list and the user chooses among them. */
export function holdsSeveralAthletes(claims: SessionClaims | null): boolean {
  return claims?.severalAthletes ?? false;
}

/** The id a request speaks for when no active user is chosen: the Sportsman claim, else the Organization. */
export function claimedUserId(claims: SessionClaims | null): string | null {
  return claims?.sportsmanIds[0] ?? claims?.organizationId ?? null;
}
