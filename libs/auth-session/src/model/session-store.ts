import type { Store } from '@reduxjs/toolkit';
import { connectSession, type SessionPort } from '@fed/api-client';
import {
  selectTokens,
  selectUserId,
  sessionCleared,
  tokensReceived,
  type SessionState,
} from './session-slice';
import { holdsSeveralAthletes, readClaims } from './token-claims';
import {
  readStoredSession,
  writeSignedInHint,
  writeStoredSession,
  type StoredSession,
} from './token-storage';

type SessionStore = Store<{ session: SessionState }>;

/**
 * The session as stored before this page load, to seed the store with. A sign-in stays in progress only where it
 * can still be waiting for the user: tokens of a login with several athletes, none chosen yet.
 */
export function preloadedSession(): SessionState {
  const stored = readStoredSession();
  const choosing =
    stored.signingIn && stored.tokens !== null && holdsSeveralAthletes(readClaims(stored.tokens.token));
  return {
    tokens: stored.tokens,
    activeUserId: stored.tokens ? stored.activeUserId : null,
    user: null,
    linkedAccounts: [],
    redirectTo: stored.redirectTo,
    signingIn: choosing,
  };
}

const persisted = ({ session }: { session: SessionState }): StoredSession => ({
  tokens: session.tokens,
  activeUserId: session.activeUserId,
  signingIn: session.signingIn,
  redirectTo: session.redirectTo,
});

const samePersisted = (a: StoredSession, b: StoredSession) =>
  a.tokens === b.tokens &&
  a.activeUserId === b.activeUserId &&
  a.signingIn === b.signingIn &&
  a.redirectTo === b.redirectTo;

/**
 * Ties the session slice to the outside: what must survive a reload (tokens, the active user, a sign-in still
 * choosing its account, the page to return to) is written to storage whenever it changes, and the API client
 * reads the tokens and reports refreshed or refused ones back through the store.
 */
export function bindSession(store: SessionStore): () => void {
  let last = persisted(store.getState());
  // A session stored before the hint existed (or a hint left behind) is told to the server from now on.
  writeSignedInHint(last.tokens !== null);
  const unsubscribe = store.subscribe(() => {
    const next = persisted(store.getState());
    if (!samePersisted(next, last)) {
      writeStoredSession(next);
      last = next;
    }
  });

  const port: SessionPort = {
    accessToken: () => selectTokens(store.getState())?.token ?? null,
    refreshToken: () => selectTokens(store.getState())?.refreshToken ?? null,
    userId: () => selectUserId(store.getState()),
    tokensRefreshed: (tokens) => store.dispatch(tokensReceived(tokens)),
    refreshRefused: () => store.dispatch(sessionCleared()),
  };
  connectSession(port);
  return unsubscribe;
}
