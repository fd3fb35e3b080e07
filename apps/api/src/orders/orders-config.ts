import { z } from 'zod';
import { optionalHttpUrl } from '../config/env';

/**
 * Orders' settings (read by `loadConfig` with every other variable):
 *
 * - `PORTAL_PUBLIC_URL` (`https://portal.example`): the portal's public origin, where the payment provider
 *   sends the payer back (`/order/{id}`). Unset: the origin the browser called the api at (its `Host`, under
 *   `TRUST_PROXY`) — set it in a real deployment behind a proxy that rewrites the host.
 * - `MEMBERSHIP_REMINDER_INTERVAL_MS` (default 3600000, one hour; `0` off): how often the reminder job sends
 *   the due membership reminders by SMS and retries telling the platform about paid orders.
 * - `PAYMENTS_RECONCILE_INTERVAL_MS` (default 3600000, one hour; `0` off): how often the payments reconciliation
 *   compares the provider's payments and refunds with the orders (`payments-reconciliation.ts`). Off, it still
 *   runs once by `npm run payments:reconcile`.
 * - `PAYMENTS_RECONCILE_WINDOW_DAYS` (default 3, 1–30): how many days back, by creation time, each run lists.
 */
/** Days a reconciliation checks when the configuration does not say. */
export const DEFAULT_RECONCILE_WINDOW_DAYS = 3;

export const ordersEnvShape = {
  PORTAL_PUBLIC_URL: optionalHttpUrl,
  MEMBERSHIP_REMINDER_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60 * 60 * 1000)
    .default(60 * 60 * 1000),
  PAYMENTS_RECONCILE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60 * 60 * 1000)
    .default(60 * 60 * 1000),
  PAYMENTS_RECONCILE_WINDOW_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30)
    .default(DEFAULT_RECONCILE_WINDOW_DAYS),
};

type OrdersEnv = z.infer<z.ZodObject<typeof ordersEnvShape>>;

export interface OrdersConfig {
  /** Origin of the portal without a trailing slash, or `null`: the request's own. */
  portalPublicUrl: string | null;
  /** 0: the reminder job does not run. */
  reminderIntervalMs: number;
  /**
   * How often the payments reconciliation runs by itself; 0 — or left out, as a configuration built in code
   * (tests) leaves it — never (it still runs when called).
   */
  reconcileIntervalMs?: number;
  /** Days of the provider's payments and refunds each reconciliation checks; left out: 3. */
  reconcileWindowDays?: number;
}

/** What a configuration without an `orders` section (tests) gets. */
export const DEFAULT_ORDERS_CONFIG: OrdersConfig = {
  portalPublicUrl: null,
  reminderIntervalMs: 60 * 60 * 1000,
};

export function ordersConfigFrom(values: OrdersEnv): OrdersConfig {
  return {
    portalPublicUrl: values.PORTAL_PUBLIC_URL ? new URL(values.PORTAL_PUBLIC_URL).origin : null,
    reminderIntervalMs: values.MEMBERSHIP_REMINDER_INTERVAL_MS,
    reconcileIntervalMs: values.PAYMENTS_RECONCILE_INTERVAL_MS,
    reconcileWindowDays: values.PAYMENTS_RECONCILE_WINDOW_DAYS,
  };
}
