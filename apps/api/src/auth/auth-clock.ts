/** The auth server's clock, injected so tests can move time without sleeping. Milliseconds since the epoch. */
export interface AuthClock {
  now(): number;
}

export const AUTH_CLOCK = Symbol('AUTH_CLOCK');

export const systemClock: AuthClock = { now: () => Date.now() };
