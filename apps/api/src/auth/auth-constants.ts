import type { CodeSendLimits } from '../config/auth-config';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Limits of the auth server (architecture §6); docs/security.md lists each with its number. */
export const authLimits = {
  codeTtlMs: 5 * 60_000,
  codeMaxWrongAttempts: 5,
  /** Refresh calls one IP may make per minute. */
  refreshesPerIpPerMinute: 60,
  refreshTokenTtlMs: 30 * 24 * 3_600_000,
  /**
   * A refresh token used again within this window is not treated as theft: two tabs refreshing at
   * once both get new tokens of the same family. Later reuse revokes the family.
   */
  refreshReuseGraceMs: 30_000,
  /**
   * How old the guard's view of a session may be (live or ended, which athletes its login holds): an ended
   * session is refused on every instance within this time. One store read per token per period.
   */
  sessionCheckMaxAgeMs: 1000,
  /**
   * Athletes one login may hold: a parent with several children, with room to spare. A login already past
   * it (created before the limit) keeps working; it only cannot add more.
   */
  maxLinkedAthletes: 10,
  /** `AddAccount` calls one login may make per hour. */
  addAccountsPerLoginPerHour: 5,
  /** Rows older than this are pruned from the code and rate tables. */
  retentionMs: 24 * 3_600_000,
} as const;

/**
 * Limits on sending codes and on telling whether a number has a login. The lock on a phone is short and
 * grows only for the address that keeps asking: an attacker asking codes for someone else's number locks
 * out himself, not the owner (who shares only the one-minute resend timer and the daily ceiling).
 */
export interface SendLimits {
  /** Between two codes to one phone, whoever asks. */
  resendAfterMs: number;
  /**
   * Wait after the 1st, 2nd, 3rd, 4th… code sent to one phone for one address within
   * {@link pairLockWindowMs} (the last step repeats).
   */
  pairLockStepsMs: readonly number[];
  pairLockWindowMs: number;
  /** Codes to one phone for one address per 24 hours. */
  sendsPerPairPerDay: number;
  /** Codes to one phone per 24 hours, whoever asks: the ceiling on what a number can be sent. */
  sendsPerPhonePerDay: number;
  /** Code sends one address may ask for per hour, over all phones (a few households share an address). */
  sendsPerIpPerHour: number;
  /**
   * Answers that tell whether a number has a login (an unknown number at sign-in, a taken one at
   * registration or phone change, `PhoneStatus`), per address per 10 minutes.
   */
  lookupsPerIpPer10Min: number;
  /** Confirm attempts one address may make per 10 minutes, over all phones (right or wrong codes). */
  confirmsPerIpPer10Min: number;
}

export const productSendLimits: SendLimits = {
  resendAfterMs: 60_000,
  pairLockStepsMs: [60_000, 2 * 60_000, 5 * 60_000, 15 * 60_000],
  pairLockWindowMs: HOUR_MS,
  sendsPerPairPerDay: 10,
  sendsPerPhonePerDay: 20,
  sendsPerIpPerHour: 20,
  lookupsPerIpPer10Min: 30,
  confirmsPerIpPer10Min: 30,
};

/**
 * The product's limits, or the relaxed ones of sandbox end-to-end runs (`AUTH_RELAXED_CODE_LIMITS`): no
 * wait between codes, and ceilings no journey reaches.
 */
export function sendLimitsOf(relaxed: CodeSendLimits | undefined): SendLimits {
  if (relaxed === undefined) return productSendLimits;
  return {
    resendAfterMs: relaxed.resendAfterMs,
    pairLockStepsMs: [relaxed.resendAfterMs],
    pairLockWindowMs: HOUR_MS,
    sendsPerPairPerDay: relaxed.sendsPerPhonePerHour,
    sendsPerPhonePerDay: relaxed.sendsPerPhonePerHour,
    sendsPerIpPerHour: relaxed.sendsPerIpPerHour,
    lookupsPerIpPer10Min: relaxed.sendsPerIpPerHour,
    confirmsPerIpPer10Min: relaxed.sendsPerIpPerHour,
  };
}
