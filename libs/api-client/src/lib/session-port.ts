import { USER_ID_HEADER } from '@fed/contracts';

/**
 * The session's two tokens as the portal keeps them; the auth endpoints send them as `Token` and
 * `RefreshToken` (`TokenPair` of the contracts).
 */
export interface SessionTokens {
  token: string;
  refreshToken: string;
}

/**
 * What the API client needs from the session. `auth-session` owns the tokens and the active user and
 * connects itself at start-up with `connectSession`; the client cannot import it (data-access → util only).
 */
export interface SessionPort {
  accessToken(): string | null;
  refreshToken(): string | null;
  /** The active user, else the token's Sportsman or Organization claim; null for a guest. */
  userId(): string | null;
  tokensRefreshed(tokens: SessionTokens): void;
  /** The refresh token was refused: the session is over. */
  refreshRefused(): void;
}

const guestSession: SessionPort = {
  accessToken: () => null,
  refreshToken: () => null,
  userId: () => null,
  tokensRefreshed: () => undefined,
  refreshRefused: () => undefined,
};

let connected: SessionPort = guestSession;

export function connectSession(session: SessionPort): void {
  connected = session;
}

export function currentSession(): SessionPort {
  return connected;
}

/**
 * The headers every call of the portal carries (spec §7): `Authorization: Bearer` and `userId` (the active
 * user, else the token's Sportsman or Organization); none for a guest. The one place they are built: the base
 * query, the `/log` reports and the upload's XHR all take them from here.
 */
export function sessionHeaders(session: SessionPort = currentSession()): Record<string, string> {
  const headers: Record<string, string> = {};
  const accessToken = session.accessToken();
  if (accessToken) headers['Authorization'] = `Bearer ${accessToken}`;
  const userId = session.userId();
  if (userId) headers[USER_ID_HEADER] = userId;
  return headers;
}
