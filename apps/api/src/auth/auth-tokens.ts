/** Injection tokens of the auth module. */
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
export const AUTH_SMS_SENDER = Symbol('AUTH_SMS_SENDER');
