import type { Clock } from '@fed/calendar';

/** Options of the sandbox mail twin, given to `MailTwinModule.forRoot`. */
export interface MailTwinOptions {
  /** Directory of the sandbox data; the mailbox lives in `mailbox.sqlite` there. */
  dataDir: string;
  /** The SMTP port to listen on, on 127.0.0.1 only; 0 (the default): any free port, told by `smtpUrl()`. */
  smtpPort?: number;
  /**
   * The key of the fault switch (`/sandbox/mail/faults`, `Authorization: Bearer <key>`), at least 16
   * characters; without one the switch refuses every call.
   */
  controlToken?: string;
  /** When a message was stored. Default the process clock. */
  clock?: Clock;
}

export const MAIL_TWIN_OPTIONS = Symbol('MAIL_TWIN_OPTIONS');
