import { z } from 'zod';
import { optionalText } from './env';

/**
 * E-mail and the notices' worker (read by `loadConfig` with every other variable):
 *
 * - `SMTP_URL` (`smtps://user:password@smtp.example.ru:465`, `smtp://relay.internal:25`): the mail server the
 *   notices go to, by nodemailer. Unset in a sandbox: the mail twin this api mounts (an SMTP server on
 *   127.0.0.1, read at `/sandbox/mail`); a real deployment refuses to leave it unset.
 * - `MAIL_FROM` (default `"ФКЕ" <noreply@fke.example>`): the sender of every notice, as the mail server allows.
 * - `SMTP_TIMEOUT_MS` (default 15000): how long a connection and each step of it may take.
 * - `SANDBOX_SMTP_PORT` (default 0: any free port): where the mail twin listens, for a sandbox whose mail a
 *   desktop client should read too.
 * - `NOTICES_INTERVAL_MS` (default 5000; `0` off): how often the worker sends what is due.
 * - `EVENT_WATCH_INTERVAL_MS` (default 900000, 15 minutes; `0` off): how often the event watch reads the
 *   upcoming events and tells their entrants of moved dates and cancellations (`notices/event-watch.job.ts`).
 * - `CLUB_DIGEST_INTERVAL_MS` (default 300000, five minutes; `0` off): how often the club digest job looks for
 *   organizations to tell of new applications to their events (each at most once an hour whatever this is).
 */
/** How often the event watch runs when `EVENT_WATCH_INTERVAL_MS` does not say. */
export const DEFAULT_EVENT_WATCH_INTERVAL_MS = 15 * 60_000;

export const mailEnvShape = {
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^smtps?:\/\/[^\s/]+\/?$/,
        'must be an smtp:// or smtps:// URL (user and password in it, if any)',
      )
      .refine((value) => URL.canParse(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SANDBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  NOTICES_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  EVENT_WATCH_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3_600_000)
    .default(DEFAULT_EVENT_WATCH_INTERVAL_MS),
  CLUB_DIGEST_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
};

type MailEnv = z.infer<z.ZodObject<typeof mailEnvShape>>;

export const DEFAULT_MAIL_FROM = '"ФКЕ" <noreply@fke.example>';

export type MailConfig =
  | { mode: 'smtp'; url: string; from: string; timeoutMs: number }
  /** The mail twin of a sandbox, listening on 127.0.0.1 at `smtpPort` (0: any). */
  | { mode: 'sandbox'; from: string; timeoutMs: number; smtpPort: number };

export interface NoticesConfig {
  /** How often the worker runs; 0: never by itself (tests call it). */
  intervalMs: number;
  /**
   * How often the event watch runs; 0 — or left out, as a configuration built in code (tests) leaves it — never
   * by itself (tests call it). `loadConfig` always sets it, so a deployment and a sandbox run it.
   */
  eventWatchIntervalMs?: number;
  /**
   * How often the club digest job runs; 0 — or left out, as a configuration built in code (tests) leaves it —
   * never by itself (it still runs when called).
   */
  clubDigestIntervalMs?: number;
}

/** Whether e-mail goes to the sandbox twin. */
export function mailGoesToTwin(mail: MailConfig): boolean {
  return mail.mode === 'sandbox';
}

export function mailConfigFrom(values: MailEnv): MailConfig {
  const from = values.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  return values.SMTP_URL
    ? { mode: 'smtp', url: values.SMTP_URL, from, timeoutMs: values.SMTP_TIMEOUT_MS }
    : { mode: 'sandbox', from, timeoutMs: values.SMTP_TIMEOUT_MS, smtpPort: values.SANDBOX_SMTP_PORT };
}

export function noticesConfigFrom(values: MailEnv): NoticesConfig {
  return {
    intervalMs: values.NOTICES_INTERVAL_MS,
    eventWatchIntervalMs: values.EVENT_WATCH_INTERVAL_MS,
    clubDigestIntervalMs: values.CLUB_DIGEST_INTERVAL_MS,
  };
}
