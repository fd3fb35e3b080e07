import { z } from 'zod';
import { optionalHttpUrl, optionalText } from './env';

/**
 * The outside services the api calls besides the platform (read by `loadConfig` with every other variable):
 *
 * - `DADATA_URL` (e.g. `https://suggestions.dadata.ru`): the real DaData; then `DADATA_TOKEN` is required.
 *   Unset means the sandbox twin under `/sandbox/dadata` (sandbox deployments only), which accepts
 *   `DADATA_TOKEN` when set, else the sandbox key `sandbox-dadata-api-key`. `DADATA_SECRET` is only needed
 *   by DaData's cleaner API.
 * - `SMS_GATEWAY`: `outbox` (the sandbox outbox at `/sandbox/sms`; the default of a sandbox) or `smsru` (an
 *   SMS.ru-style HTTP gateway; a real deployment must choose it). With `smsru`, `SMS_RU_API_ID` is required
 *   and `SMS_RU_URL` defaults to `https://sms.ru`; in a sandbox it may point at
 *   `http://127.0.0.1:PORT/sandbox/sms/smsru`, the twin's SMS.ru endpoint. `SMS_SENDER` is the optional
 *   sender name (`from`), agreed with the gateway.
 * - `SMS_TIMEOUT_MS` (default 10000): how long the gateway may take.
 */
export const upstreamsEnvShape = {
  DADATA_URL: optionalHttpUrl,
  DADATA_TOKEN: optionalText,
  DADATA_SECRET: optionalText,
  /** Unset: the outbox in a sandbox; a real deployment refuses to leave it unset. */
  SMS_GATEWAY: z.enum(['outbox', 'smsru']).optional(),
  SMS_RU_URL: optionalHttpUrl,
  SMS_RU_API_ID: optionalText,
  SMS_SENDER: z
    .string()
    .trim()
    .max(11, 'must be at most 11 characters (an SMS sender name)')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
};

type UpstreamsEnv = z.infer<z.ZodObject<typeof upstreamsEnvShape>>;

/** The key the DaData twin accepts when DADATA_TOKEN is not set (not a secret: it only guards the protocol). */
export const SANDBOX_DADATA_TOKEN = 'sandbox-dadata-api-key';
export const DEFAULT_SMS_RU_URL = 'https://sms.ru';
/** Where the SMS outbox twin answers SMS.ru's protocol, below this api's own address. */
export const SMS_RU_TWIN_PATH = '/sandbox/sms/smsru';

export type DadataConfig =
  | { mode: 'upstream'; url: string; token: string; secret: string | null }
  /** The twin: mounted under `/sandbox/dadata` of this api, which calls it at `url` with `token`. */
  | { mode: 'sandbox'; url: string; token: string };

export type SmsConfig =
  | { gateway: 'outbox' }
  | { gateway: 'smsru'; url: string; apiId: string; sender: string | null; timeoutMs: number };

export interface UpstreamsConfig {
  dadata: DadataConfig;
  sms: SmsConfig;
}

/** Whether SMS goes to the sandbox twin: the outbox, or an SMS.ru gateway URL at the twin's path. */
export function smsGoesToTwin(sms: SmsConfig): boolean {
  return sms.gateway === 'outbox' || new URL(sms.url).pathname.startsWith(SMS_RU_TWIN_PATH);
}

/** The upstreams section of `loadConfig`; the twins are addressed on this api's own `port`. */
export function upstreamsConfigFrom(values: UpstreamsEnv, port: number, problems: string[]): UpstreamsConfig {
  if (values.DADATA_URL && !values.DADATA_TOKEN) {
    problems.push('DADATA_TOKEN: required when DADATA_URL is set');
  }
  if (values.SMS_GATEWAY === 'smsru' && !values.SMS_RU_API_ID) {
    problems.push('SMS_RU_API_ID: required when SMS_GATEWAY=smsru');
  }
  const dadata: DadataConfig = values.DADATA_URL
    ? {
        mode: 'upstream',
        url: values.DADATA_URL,
        token: values.DADATA_TOKEN ?? '',
        secret: values.DADATA_SECRET ?? null,
      }
    : {
        mode: 'sandbox',
        url: `http://127.0.0.1:${port}/sandbox/dadata`,
        token: values.DADATA_TOKEN ?? SANDBOX_DADATA_TOKEN,
      };
  const sms: SmsConfig =
    values.SMS_GATEWAY === 'smsru'
      ? {
          gateway: 'smsru',
          url: values.SMS_RU_URL ?? DEFAULT_SMS_RU_URL,
          apiId: values.SMS_RU_API_ID ?? '',
          sender: values.SMS_SENDER ?? null,
          timeoutMs: values.SMS_TIMEOUT_MS,
        }
      : { gateway: 'outbox' };
  return { dadata, sms };
}
