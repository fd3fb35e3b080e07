import { systemClock, type Clock } from '@fed/calendar';
import type { ContractorType } from '@fed/contracts';
import type { SessionState } from '../model/session-slice';

/** An unsigned JWT with the given claims: the browser never checks signatures, only reads claims. */
export function fakeAccessToken(claims: Record<string, unknown>): string {
  // As the api writes a token: base64url of the JSON's UTF-8, without padding.
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/**
 * Seconds since the epoch, `fromNow` seconds ahead of `clock` (negative: an expired token). The system clock by
 * default: what start-up checks a token against (`startSession`), not the page's clock of a test.
 */
export const tokenExp = (fromNow = 900, clock: Clock = systemClock) =>
  Math.floor(clock.now() / 1000) + fromNow;

/**
 * A signed-in session of one athlete (or organization) account, as start-up leaves it: a fresh token with
 * the account's claims, the account active and loaded. `overrides` change any part.
 */
export function signedInAs(
  id: string,
  contractorType: ContractorType = 'sportsman',
  overrides: Partial<SessionState> = {},
): Partial<SessionState> {
  const athlete = contractorType === 'sportsman';
  const claim = athlete ? { Sportsman: id } : { Organization: id };
  return {
    tokens: {
      token: fakeAccessToken({ ...claim, ContractorType: contractorType, exp: tokenExp() }),
      refreshToken: 'r-1',
    },
    activeUserId: id,
    user: {
      id,
      contractorType,
      displayName: athlete ? 'Соколов Андрей' : 'Клуб «Сэмпай»',
      avatarUrl: null,
      gender: athlete ? 'male' : null,
      ageClass: null,
    },
    ...overrides,
  };
}
