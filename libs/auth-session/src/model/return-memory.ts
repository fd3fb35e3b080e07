import { readStoredSession, writeStoredSession } from './token-storage';

// Apart from the sign-in's own storing: every page taken over by islands may run this, and the token's claims
// (their decoder) must not come with it.

/**
 * The page to go to after signing in, set (or, with `null`, dropped) on a page without the app: what the app's
 * `redirectRemembered` and `redirectConsumed` do to its store, done to the stored session it starts from.
 */
export function storeReturnAfterSignIn(to: string | null): void {
  const stored = readStoredSession();
  if (stored.redirectTo !== to) writeStoredSession({ ...stored, redirectTo: to });
}
