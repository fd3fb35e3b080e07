import type { Store } from '@reduxjs/toolkit';
import { connectSession, type SessionPort } from '@fed/api-client';
import {
  selectTokens,
  selectUserId,
  sessionCleared,
  tokensReceived,
  type SessionState,
} from './session-slice';
import { readStoredSession, writeStoredSession } from './token-storage';

type SessionStore = Store<{ session: SessionState }>;

/** The session as stored before this page load, to seed the store with. */
export function preloadedSession(): SessionState {
  const stored = readStoredSession();
  return {
    tokens: stored.tokens,
    activeUserId: stored.tokens ? stored.activeUserId : null,
    user: null,
    linkedAccounts: [],
    redirectTo: null,
    signingIn: false,
  };
}

/**
 * Ties the session slice to the outside: tokens and the active user are written to storage whenever they
 * change, and the API client reads them and reports refreshed or refused tokens back through the store.
 */
export function bindSession(store: SessionStore): () => void {
  let last = { tokens: selectTokens(store.getState()), activeUserId: store.getState().session.activeUserId };
  const unsubscribe = store.subscribe(() => {
    const state = store.getState();
    const next = { tokens: selectTokens(state), activeUserId: state.session.activeUserId };
    if (next.tokens !== last.tokens || next.activeUserId !== last.activeUserId) {
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
