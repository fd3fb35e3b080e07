/** Limits of the auth server (architecture §6 and issue 5). */
export const authLimits = {
  codeTtlMs: 5 * 60_000,
  codeMaxWrongAttempts: 5,
  resendAfterMs: 60_000,
  /** Codes one phone may receive per hour. */
  sendsPerPhonePerHour: 5,
  /** Code sends one IP may ask for per hour (a few households share an address). */
  sendsPerIpPerHour: 20,
  /** Confirm attempts one IP may make per 10 minutes, over all phones. */
  confirmsPerIpPer10Min: 30,
  /** Refresh calls one IP may make per minute. */
  refreshesPerIpPerMinute: 60,
  refreshTokenTtlMs: 30 * 24 * 3_600_000,
  /**
   * A refresh token used again within this window is not treated as theft: two tabs refreshing at
   * once both get new tokens of the same family. Later reuse revokes the family.
   */
  refreshReuseGraceMs: 30_000,
  /** Rows older than this are pruned from the code and rate tables. */
  retentionMs: 24 * 3_600_000,
} as const;

export const HOUR_MS = 3_600_000;
