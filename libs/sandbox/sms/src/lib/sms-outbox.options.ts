import type { Clock } from '@fed/calendar';

/** Options of the sandbox SMS outbox, given to `SmsOutboxModule.forRoot`. */
export interface SmsOutboxOptions {
  /** Directory of the sandbox data; the outbox lives in `sms-outbox.sqlite` there. */
  dataDir: string;
  /** The `api_id` the SMS.ru-protocol endpoint accepts (default `SMS_SANDBOX_API_ID`). */
  smsRuApiId?: string;
  /**
   * The key of the gateway's fault switch (`/sandbox/sms/faults`, `Authorization: Bearer <key>`), at least 16
   * characters; without one the switch refuses every call.
   */
  controlToken?: string;
  /** The outbox's clock (when a message was stored). Default the process clock. */
  clock?: Clock;
}

export const SMS_OUTBOX_OPTIONS = Symbol('SMS_OUTBOX_OPTIONS');

/** The SMS.ru `api_id` of the sandbox when SMS_RU_API_ID is not set: not a secret, it only guards the protocol. */
export const SMS_SANDBOX_API_ID = 'sandbox-smsru-api-id';
