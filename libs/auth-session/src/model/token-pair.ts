import type { SessionTokens } from '@fed/api-client';
import type { TokenPair } from '@fed/contracts';

/*
 * Apart from the session's slice: the sign-in's island stores a sign-in without the store, and must not load
 * Redux for these two names.
 */

/** Where a sign-in goes when no page was remembered: the personal cabinet. */
export const DEFAULT_AFTER_SIGN_IN = '/profile';

export function toTokenPair({ Token, RefreshToken }: TokenPair): SessionTokens {
  return { token: Token, refreshToken: RefreshToken };
}
