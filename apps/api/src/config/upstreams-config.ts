import { z } from 'zod';
import { ConfigError } from './config-error';

/**
 * Configuration of the outside services the api calls besides the platform, read once at start-up:
 *
 * - `DADATA_URL` (e.g. `https://suggestions.dadata.ru`): the real DaData; then `DADATA_TOKEN` is required.
 *   Unset means the sandbox twin under `/sandbox/dadata`, which accepts `DADATA_TOKEN` when set, else
 *   the sandbox key `sandbox-dadata-api-key`. `DADATA_SECRET` is only needed by DaData's cleaner API.
 * - `SMS_GATEWAY`: `outbox` (default; the sandbox outbox at `/sandbox/sms`) or `smsru` (an SMS.ru-style
 *   HTTP gateway). With `smsru`, `SMS_RU_API_ID` is required and `SMS_RU_URL` defaults to
 *   `https://sms.ru`; point it at `http://127.0.0.1:PORT/sandbox/sms/smsru` to use the twin's SMS.ru
 *   endpoint. `SMS_SENDER` is the optional sender name (`from`), agreed with the gateway.
 * - `SMS_TIMEOUT_MS` (default 10000): how long the gateway may take.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const httpUrl = z
  .string()
  .trim()
  .url('must be an http(s) URL')
  .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL')
  .transform((value) => value.replace(/\/+$/, ''));

const upstreamsEnvSchema = z.object({
  DADATA_URL: z.union([z.literal('').transform(() => undefined), httpUrl]).optional(),
  DADATA_TOKEN: optionalText,
  DADATA_SECRET: optionalText,
  SMS_GATEWAY: z.enum(['outbox', 'smsru']).default('outbox'),
  SMS_RU_URL: z.union([z.literal('').transform(() => undefined), httpUrl]).optional(),
  SMS_RU_API_ID: optionalText,
  SMS_SENDER: z
    .string()
    .trim()
    .max(11, 'must be at most 11 characters (an SMS sender name)')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Validated with its message by app-config; here only to address the twins on this api's own port.
  PORT: z.coerce.number().int().min(1).max(65_535).catch(3000).default(3000),
});

/** The key the DaData twin accepts when DADATA_TOKEN is not set (not a secret: it only guards the protocol). */
export const SANDBOX_DADATA_TOKEN = 'sandbox-dadata-api-key';
export const DEFAULT_SMS_RU_URL = 'https://sms.ru';

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

/** Reads the upstream services' configuration; a missing or bad value throws a `ConfigError` naming it. */
export function loadUpstreamsConfig(env: NodeJS.ProcessEnv = process.env): UpstreamsConfig {
  const parsed = upstreamsEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  const problems: string[] = [];
  if (values.DADATA_URL && !values.DADATA_TOKEN) {
    problems.push('DADATA_TOKEN: required when DADATA_URL is set');
  }
  if (values.SMS_GATEWAY === 'smsru' && !values.SMS_RU_API_ID) {
    problems.push('SMS_RU_API_ID: required when SMS_GATEWAY=smsru');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dadata: DadataConfig = values.DADATA_URL
    ? {
        mode: 'upstream',
        url: values.DADATA_URL,
        token: values.DADATA_TOKEN ?? '',
        secret: values.DADATA_SECRET ?? null,
      }
    : {
        mode: 'sandbox',
        url: `http://127.0.0.1:${values.PORT}/sandbox/dadata`,
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

/**
 * Which sandbox twins these upstreams need mounted: the DaData twin (with the key the api presents) when
 * DaData is not configured, and the SMS outbox when SMS goes to the outbox or to the outbox's own SMS.ru
 * endpoint. Shaped like `SandboxTwinsWanted` of `app/sandbox-modules.ts`.
 */
export function sandboxTwinsFor(upstreams: UpstreamsConfig): { dadata?: { apiKey: string }; sms?: boolean } {
  const sms =
    upstreams.sms.gateway === 'outbox' ||
    new URL(upstreams.sms.url).pathname.startsWith('/sandbox/sms/smsru');
  return {
    ...(upstreams.dadata.mode === 'sandbox' ? { dadata: { apiKey: upstreams.dadata.token } } : {}),
    ...(sms ? { sms: true } : {}),
  };
}
