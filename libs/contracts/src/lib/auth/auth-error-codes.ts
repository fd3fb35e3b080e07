/*
 * Plain constants, apart from the claims' schemas: the sign-in's island reads the codes of the answers it gets
 * and must not ship zod for that.
 */

/** `code` values of the auth endpoints' `ApiError` answers, besides the generic ones. */
export const authErrorCodes = {
  validation: 'validation_failed',
  codeInvalid: 'code_invalid',
  codeExpired: 'code_expired',
  codeAttemptsExceeded: 'code_attempts_exceeded',
  resendTooEarly: 'resend_too_early',
  tooManyCodes: 'too_many_codes',
  tooManyRequests: 'too_many_requests',
  phoneTaken: 'phone_taken',
  /** `LoginUser` or `ChangePhone` for a number without a login (404). */
  phoneNotRegistered: 'phone_not_registered',
  /** `AddAccount` past the number of athletes one login may hold (409). */
  linkedAccountsLimit: 'linked_accounts_limit',
  roleExists: 'role_exists',
  tokenInvalid: 'token_invalid',
  refreshInvalid: 'refresh_invalid',
  forbiddenUser: 'forbidden_user',
  organizationForbidden: 'organization_forbidden',
  platformUnavailable: 'platform_unavailable',
  smsUnavailable: 'sms_unavailable',
  /** The auth store cannot be reached now (503 with `Retry-After`): nothing the user did. */
  serviceUnavailable: 'service_unavailable',
} as const;
