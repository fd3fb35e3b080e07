import { join } from 'node:path';
import { z } from 'zod';
import { addressRanges } from '../payments/address-ranges';
import { optionalHttpUrl, optionalText, type GeneratedSecret } from './env';

/**
 * The payment provider (read by `loadConfig` with every other variable):
 *
 * - `YOOKASSA_URL` (`https://api.yookassa.ru/v3`): the real YooKassa; `YOOKASSA_SHOP_ID` and
 *   `YOOKASSA_SECRET_KEY` are then required. Unset: the YooKassa twin this api mounts under
 *   `/sandbox/yookassa` (sandboxes only), called on this api's own port, with the shop `YOOKASSA_SHOP_ID`
 *   (default `100500`) and `YOOKASSA_SECRET_KEY`, else a key generated at the first start into
 *   `{SANDBOX_DATA_DIR}/yookassa-secret-key`.
 * - `YOOKASSA_NOTIFY_FROM`: the addresses and CIDR ranges notifications are accepted from (comma or space
 *   separated). Default: YooKassa's published ranges; loopback when payments go to the twin.
 * - `YOOKASSA_TIMEOUT_MS` (default 10000): the deadline of one call to the provider.
 */
export const paymentsEnvShape = {
  YOOKASSA_URL: optionalHttpUrl,
  YOOKASSA_SHOP_ID: optionalText.pipe(
    z
      .string()
      .max(64, 'must be at most 64 characters')
      .regex(/^[\w-]+$/, 'letters, digits, _ and - only')
      .optional(),
  ),
  YOOKASSA_SECRET_KEY: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  YOOKASSA_NOTIFY_FROM: optionalText,
  YOOKASSA_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
};

type PaymentsEnv = z.infer<z.ZodObject<typeof paymentsEnvShape>>;

/**
 * Where YooKassa sends notifications from, as its documentation publishes them (checked in 2025; keep it
 * current with `YOOKASSA_NOTIFY_FROM` when YooKassa announces a change).
 */
export const YOOKASSA_NOTIFICATION_RANGES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

/** The twin notifies from this same process. */
export const LOOPBACK_RANGES = ['127.0.0.0/8', '::1/128'] as const;

/** Where the YooKassa twin's API answers, below this api's own address. */
export const YOOKASSA_TWIN_PATH = '/sandbox/yookassa/v3';
/** The sandbox shop's id when `YOOKASSA_SHOP_ID` is unset (not a secret). */
export const SANDBOX_YOOKASSA_SHOP_ID = '100500';
/** The file a sandbox keeps its generated shop secret key in. */
export const YOOKASSA_SECRET_KEY_FILE = 'yookassa-secret-key';
/** The api's notification receiver: the URL to register in YooKassa's settings (`https://<portal>` + this). */
export const PAYMENT_NOTIFICATIONS_PATH = '/api/payments/notifications';

export interface PaymentsConfig {
  /** `upstream`: `YOOKASSA_URL` is set; `sandbox`: the twin this api mounts. */
  mode: 'upstream' | 'sandbox';
  /** API base with its version, no trailing slash. */
  url: string;
  shopId: string;
  secretKey: string;
  /** Addresses and CIDR ranges the receiver accepts notifications from. */
  notifyFrom: readonly string[];
  timeoutMs: number;
  /** Waits before repeating a call answered 5xx or not in time; unset: the adapter's (0.5 s, 2 s). Tests shorten them. */
  retryDelaysMs?: readonly number[];
}

/** As `loadConfig` reads it: in a sandbox, a shop key the environment leaves unset is still to be generated. */
export interface LoadedPaymentsConfig extends Omit<PaymentsConfig, 'secretKey'> {
  secretKey: string | GeneratedSecret;
}

/** Whether payments go to the sandbox twin: no `YOOKASSA_URL`, or one at the twin's path. */
export function paymentsGoToTwin(payments: Pick<PaymentsConfig, 'mode' | 'url'>): boolean {
  return payments.mode === 'sandbox' || new URL(payments.url).pathname.startsWith(YOOKASSA_TWIN_PATH);
}

/** The payments section of `loadConfig`; the twin is addressed on this api's own `port`. */
export function paymentsConfigFrom(
  values: PaymentsEnv,
  port: number,
  sandboxDataDir: string,
  problems: string[],
): LoadedPaymentsConfig {
  if (values.YOOKASSA_URL && !values.YOOKASSA_SHOP_ID) {
    problems.push('YOOKASSA_SHOP_ID: required when YOOKASSA_URL is set');
  }
  if (values.YOOKASSA_URL && !values.YOOKASSA_SECRET_KEY) {
    problems.push('YOOKASSA_SECRET_KEY: required when YOOKASSA_URL is set');
  }
  const mode = values.YOOKASSA_URL ? 'upstream' : 'sandbox';
  const url = values.YOOKASSA_URL ?? `http://127.0.0.1:${port}${YOOKASSA_TWIN_PATH}`;
  const twin = paymentsGoToTwin({ mode, url });
  const notifyFrom = values.YOOKASSA_NOTIFY_FROM
    ? values.YOOKASSA_NOTIFY_FROM.split(/[\s,]+/).filter(Boolean)
    : [...(twin ? LOOPBACK_RANGES : YOOKASSA_NOTIFICATION_RANGES)];
  try {
    addressRanges(notifyFrom);
  } catch (error) {
    problems.push(`YOOKASSA_NOTIFY_FROM: ${(error as Error).message}`);
  }
  return {
    mode,
    url,
    shopId: values.YOOKASSA_SHOP_ID ?? (mode === 'sandbox' ? SANDBOX_YOOKASSA_SHOP_ID : ''),
    secretKey:
      values.YOOKASSA_SECRET_KEY ??
      (mode === 'sandbox' ? { generatedInto: join(sandboxDataDir, YOOKASSA_SECRET_KEY_FILE) } : ''),
    notifyFrom,
    timeoutMs: values.YOOKASSA_TIMEOUT_MS,
  };
}
