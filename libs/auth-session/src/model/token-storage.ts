import type { SessionTokens } from '@fed/api-client';
import { SIGNED_IN_COOKIE } from '@fed/contracts';

const KEYS = {
  token: 'fed.accessToken',
  refreshToken: 'fed.refreshToken',
  activeUserId: 'fed.activeUserId',
} as const;

// A sign-in in progress belongs to this tab: a reload keeps it, another tab or a later visit does not.
const TAB_KEYS = {
  signingIn: 'fed.signingIn',
  redirectTo: 'fed.redirectTo',
} as const;

export interface StoredSession {
  tokens: SessionTokens | null;
  activeUserId: string | null;
  /** Tokens are in but the user has not chosen an account yet (kept for this tab only). */
  signingIn: boolean;
  /** Where to go after signing in (kept for this tab only). */
  redirectTo: string | null;
}

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    // Storage can be blocked (privacy modes): the session then lives for the page only.
    return null;
  }
}

export function readStoredSession(): StoredSession {
  const store = storage('localStorage');
  const tab = storage('sessionStorage');
  const token = store?.getItem(KEYS.token) ?? null;
  const refreshToken = store?.getItem(KEYS.refreshToken) ?? null;
  return {
    tokens: token && refreshToken ? { token, refreshToken } : null,
    activeUserId: store?.getItem(KEYS.activeUserId) ?? null,
    signingIn: tab?.getItem(TAB_KEYS.signingIn) === 'true',
    redirectTo: tab?.getItem(TAB_KEYS.redirectTo) ?? null,
  };
}

function put(store: Storage | null, key: string, value: string | null): void {
  if (!store) return;
  if (value) store.setItem(key, value);
  else store.removeItem(key);
}

export function writeStoredSession({ tokens, activeUserId, signingIn, redirectTo }: StoredSession): void {
  writeSignedInHint(tokens !== null);
  const store = storage('localStorage');
  put(store, KEYS.token, tokens?.token ?? null);
  put(store, KEYS.refreshToken, tokens?.refreshToken ?? null);
  put(store, KEYS.activeUserId, activeUserId);
  const tab = storage('sessionStorage');
  put(tab, TAB_KEYS.signingIn, signingIn ? 'true' : null);
  put(tab, TAB_KEYS.redirectTo, redirectTo);
}

/** A year: the hint lives as long as a session may; sign-out removes it. */
const HINT_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * Tells the server whether someone is signed in on this browser (a cookie it reads, not a credential), so that
 * it answers pages with the app's shell rather than a guest's page rendered on the server.
 */
export function writeSignedInHint(signedIn: boolean): void {
  const doc = globalThis.document;
  if (!doc) return;
  const present = doc.cookie.split(';').some((part) => part.trim() === `${SIGNED_IN_COOKIE}=1`);
  if (present === signedIn) return;
  doc.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=${HINT_MAX_AGE_SECONDS}; SameSite=Lax`
    : `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
