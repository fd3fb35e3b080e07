import type { TokenPair } from '@fed/contracts';
import { holdsSeveralAthletes, readClaims } from './token-claims';
import {
  activeUserChosen,
  redirectConsumed,
  sessionCleared,
  signInStarted,
  tokensReceived,
  type SessionState,
} from './session-slice';
import { DEFAULT_AFTER_SIGN_IN, toTokenPair } from './token-pair';

export { DEFAULT_AFTER_SIGN_IN, toTokenPair } from './token-pair';

type Dispatch = (action: { type: string; payload?: unknown }) => unknown;

/**
 * Stores the tokens of a confirmed sign-in. Answers whether the user must first choose which of the
 * login's athletes to act as (the Sportsman claim is a list).
 */
export function storeSignIn(dispatch: Dispatch, tokens: TokenPair): { mustChooseAccount: boolean } {
  const pair = toTokenPair(tokens);
  dispatch(signInStarted());
  dispatch(tokensReceived(pair));
  return { mustChooseAccount: holdsSeveralAthletes(readClaims(pair.token)) };
}

/** After switching: the new tokens and the chosen athlete as the active user. */
export function storeChosenAccount(dispatch: Dispatch, tokens: TokenPair, id: string): void {
  dispatch(tokensReceived(toTokenPair(tokens)));
  dispatch(activeUserChosen(id));
}

/**
 * Where to go once signed in: the remembered page, else the personal cabinet; the memory is used up. The sign-in
 * is over once there (`signInFinished`): until then the sign-in pages keep their step and their frame.
 */
export function takeRedirect(dispatch: Dispatch, session: Pick<SessionState, 'redirectTo'>): string {
  const target = session.redirectTo ?? DEFAULT_AFTER_SIGN_IN;
  dispatch(redirectConsumed());
  return target;
}

/** Logout (spec §4): tokens, user, linked accounts and redirect go; the caller then navigates to /. */
export function clearSession(dispatch: Dispatch): void {
  dispatch(sessionCleared());
}
