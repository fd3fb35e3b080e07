import type { TokenPair } from '@fed/contracts';
import { holdsSeveralAthletes, readClaims } from './token-claims';
import { DEFAULT_AFTER_SIGN_IN, toTokenPair } from './token-pair';
import { readStoredSession, writeStoredSession } from './token-storage';

/** The page a stored sign-in goes on to, and what is stored before going. */
export interface PageLoadSignIn {
  /** The address to load: the remembered page or the cabinet; `/login` while an account is still to be chosen. */
  next: string;
}

/**
 * A confirmed sign-in made on a page without the app (the sign-in's island of a guest's page): the tokens go where
 * the app reads its session at start-up, and the page to load next is answered. A login with one account goes on
 * to the remembered page (used up) or the cabinet, where the app starts the session. A login with several athletes
 * comes back to `/login` as a sign-in in progress: the app (the signed-in hint now tells the server to answer with
 * it) asks which account, then goes on to the remembered page, kept for it.
 */
export function storeSignInForPageLoad(tokens: TokenPair): PageLoadSignIn {
  const pair = toTokenPair(tokens);
  const choosing = holdsSeveralAthletes(readClaims(pair.token));
  const { redirectTo } = readStoredSession();
  writeStoredSession({
    tokens: pair,
    activeUserId: null,
    signingIn: choosing,
    redirectTo: choosing ? redirectTo : null,
  });
  return { next: choosing ? '/login' : (redirectTo ?? DEFAULT_AFTER_SIGN_IN) };
}
