import type { TokenPair } from '@fed/api-client';

const KEYS = {
  token: 'fed.accessToken',
  refreshToken: 'fed.refreshToken',
  activeUserId: 'fed.activeUserId',
} as const;

export interface StoredSession {
  tokens: TokenPair | null;
  activeUserId: string | null;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be blocked (privacy modes): the session then lives for the tab only.
    return null;
  }
}

export function readStoredSession(): StoredSession {
  const store = storage();
  const token = store?.getItem(KEYS.token) ?? null;
  const refreshToken = store?.getItem(KEYS.refreshToken) ?? null;
  return {
    tokens: token && refreshToken ? { token, refreshToken } : null,
    activeUserId: store?.getItem(KEYS.activeUserId) ?? null,
  };
}

export function writeStoredSession({ tokens, activeUserId }: StoredSession): void {
  const store = storage();
  if (!store) return;
  const set = (key: string, value: string | null) =>
    value ? store.setItem(key, value) : store.removeItem(key);
  set(KEYS.token, tokens?.token ?? null);
  set(KEYS.refreshToken, tokens?.refreshToken ?? null);
  set(KEYS.activeUserId, activeUserId);
}
