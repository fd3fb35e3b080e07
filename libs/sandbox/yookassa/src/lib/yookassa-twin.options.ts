import { systemClock, type Clock } from '@fed/calendar';

/** A shop the twin knows: its API credentials (`Authorization: Basic base64(shopId:secretKey)`). */
export interface YookassaShop {
  shopId: string;
  secretKey: string;
}

/**
 * Switches for tests and demos of what a real provider does now and then. Each can be set at start
 * (`YookassaTwinOptions.switches`) or while running through `/sandbox/yookassa/control`.
 */
export interface YookassaTestSwitches {
  /** Every API answer waits this long (ms) after the work is done, as a slow provider does. */
  delayMs: number;
  /** Only the next N API calls are slowed; `null`: every call while `delayMs` is set. */
  delayCalls: number | null;
  /** The next N API calls answer 500 `internal_server_error`. */
  failCalls: number;
  /**
   * `before`: the failing call does nothing; `after`: it is done (and remembered under its idempotence key)
   * but its answer is lost in the 500, so only a repeat with the same key learns the result.
   */
  failStage: 'before' | 'after';
  /** Each notification is delivered this many times (1–5). */
  notificationCopies: number;
  /**
   * Notifications are held back instead of delivered; releasing them (the control endpoint, or switching this
   * off) delivers the held ones newest first, i.e. out of order.
   */
  holdNotifications: boolean;
}

export const DEFAULT_TEST_SWITCHES: YookassaTestSwitches = {
  delayMs: 0,
  delayCalls: null,
  failCalls: 0,
  failStage: 'before',
  notificationCopies: 1,
  holdNotifications: false,
};

export interface YookassaTwinOptions {
  /** Where `yookassa.sqlite` lives (payments, refunds, idempotence keys, the notification queue). */
  dataDir: string;
  /** At least one shop; the first one's id is the `recipient.account_id` of its payments. */
  shops: YookassaShop[];
  /** Where notifications are POSTed (the api's receiver); `null` or unset: none are sent. */
  notificationUrl?: string | null;
  /**
   * Absolute origin put before `/sandbox/yookassa/checkout/{id}` in `confirmation_url`. Unset: the URL is
   * root-relative, which works wherever the api that mounts the twin is reached from.
   */
  publicBaseUrl?: string | null;
  /** A pending payment not confirmed within this long is canceled `expired_on_confirmation`. Default 1 h. */
  confirmationTimeoutMs?: number;
  /** A `waiting_for_capture` payment not captured within this long is canceled `expired_on_capture`. Default 7 days. */
  captureTimeoutMs?: number;
  /** A failing notification is retried until this long after its event. Default 24 h. */
  notificationRetryForMs?: number;
  /** First retry delay of a failing notification, doubled each time up to a minute. Default 1 s. */
  notificationRetryBaseMs?: number;
  /** How long one delivery may take. Default 10 s. */
  notificationTimeoutMs?: number;
  /** API calls a shop may make per second; more answer 429. Default 50. */
  rateLimitPerSecond?: number;
  /** Initial test switches. */
  switches?: Partial<YookassaTestSwitches>;
  /** The twin's clock: tests move time to see expiry. Default the process clock. */
  clock?: Clock;
  /** How often the twin looks for expired payments and due notifications. Default 250 ms; 0 turns it off. */
  tickMs?: number;
}

export const YOOKASSA_TWIN_OPTIONS = Symbol('YOOKASSA_TWIN_OPTIONS');

/** The options with every default filled in. */
export interface ResolvedYookassaOptions extends Required<
  Omit<YookassaTwinOptions, 'switches' | 'notificationUrl' | 'publicBaseUrl'>
> {
  notificationUrl: string | null;
  publicBaseUrl: string | null;
  switches: YookassaTestSwitches;
}

const HOUR = 3_600_000;

export function resolveYookassaOptions(options: YookassaTwinOptions): ResolvedYookassaOptions {
  if (options.shops.length === 0) throw new Error('The YooKassa twin needs at least one shop');
  return {
    dataDir: options.dataDir,
    shops: options.shops,
    notificationUrl: options.notificationUrl ?? null,
    publicBaseUrl: options.publicBaseUrl?.replace(/\/+$/, '') ?? null,
    confirmationTimeoutMs: options.confirmationTimeoutMs ?? HOUR,
    captureTimeoutMs: options.captureTimeoutMs ?? 7 * 24 * HOUR,
    notificationRetryForMs: options.notificationRetryForMs ?? 24 * HOUR,
    notificationRetryBaseMs: options.notificationRetryBaseMs ?? 1000,
    notificationTimeoutMs: options.notificationTimeoutMs ?? 10_000,
    rateLimitPerSecond: options.rateLimitPerSecond ?? 50,
    switches: { ...DEFAULT_TEST_SWITCHES, ...options.switches },
    clock: options.clock ?? systemClock,
    tickMs: options.tickMs ?? 250,
  };
}
