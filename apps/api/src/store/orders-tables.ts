import type { Generated } from 'kysely';

/**
 * The orders' tables in the api's store (migration `0002_orders`): what a login pays, each attempt to pay
 * (one provider payment, its idempotence key stored before the call), refunds, and the membership reminders
 * sent. Money is whole kopecks, times epoch milliseconds; `held`/`open` are 1 or NULL so that a unique index
 * over them allows one held line per request and one open attempt per order (NULLs never clash).
 */
export interface OrdersTables {
  orders: {
    id: string;
    payer_login_id: string;
    payer_phone: string;
    status: string;
    description: string;
    amount: number;
    refunded_amount: Generated<number>;
    /** The 54-FZ receipt sent with every attempt, as JSON. */
    receipt: string;
    failure_reason: string | null;
    failure_message: string | null;
    failure_at: number | null;
    created_at: number;
    updated_at: number;
    paid_at: number | null;
    /** When the platform confirmed it knows the order is paid (`markRequestsPaid`); null until then. */
    platform_synced_at: number | null;
    /** Raised by every change of status: a change is a compare-and-set on the version it read. */
    version: Generated<number>;
  };
  order_lines: {
    id: string;
    order_id: string;
    position: number;
    kind: string;
    request_id: string;
    sportsman_id: string;
    sportsman_name: string;
    title: string;
    details: string;
    amount: number;
    competition_id: string | null;
    season: number | null;
    /** `active` or `refunded`. */
    state: string;
    /** 1 while the order holds the request (new, pending, paid); NULL once released. */
    held: number | null;
    refunded_at: number | null;
  };
  order_payments: {
    id: string;
    order_id: string;
    idempotence_key: string;
    /** The exact create request, so that a repeat sends the same body under the same key. */
    request: string;
    provider_payment_id: string | null;
    /** `creating` (key stored, no answer yet), the provider's status, or `rejected`. */
    status: string;
    refunded_amount: Generated<number>;
    confirmation_url: string | null;
    cancellation_party: string | null;
    cancellation_reason: string | null;
    /** 1 while open (creating, pending, waiting_for_capture); NULL after. */
    open: number | null;
    /** What the attempt asks, frozen when it opened (kopecks); NULL on attempts older than the freezing. */
    amount: number | null;
    /** The lines it pays, frozen when it opened: JSON `[{ lineId, requestId, amount }]`. */
    lines: string | null;
    /** What the provider took, once it said `succeeded`. */
    captured_amount: number | null;
    created_at: number;
    updated_at: number;
  };
  /** A payment given back whole: it succeeded where nothing was owed (see `order-machine.ts`). */
  payment_returns: {
    id: string;
    order_id: string;
    attempt_id: string;
    provider_payment_id: string;
    idempotence_key: string;
    /** The exact refund request, repeated as it was. */
    request: string;
    provider_refund_id: string | null;
    amount: number;
    /** Why, in the payer's words (shown on the order). */
    reason: string;
    /** `creating` until the provider answered, then its status. */
    status: string;
    created_at: number;
    updated_at: number;
  };
  /**
   * One row per request an order touched: every transaction that reads or changes who holds a request, opens an
   * attempt on it or lets it be changed raises its version first, which serialises them (a row lock in
   * PostgreSQL; SQLite has one writer). `edits`: changes of the request on the platform under way, and
   * `edit_lease_until` when they lapse (an instance that died mid-change): meanwhile no attempt opens on it.
   */
  request_guards: {
    request_id: string;
    version: number;
    edits: Generated<number>;
    edit_lease_until: number | null;
  };
  /** A job that must run once across the api's instances holds its lease until `until`. */
  job_leases: {
    name: string;
    holder: string;
    until: number;
  };
  order_refunds: {
    id: string;
    order_id: string;
    line_id: string;
    idempotence_key: string;
    /** The exact refund request, repeated as it was. */
    request: string;
    provider_refund_id: string | null;
    amount: number;
    /** `creating` until the provider answered, then its status. */
    status: string;
    /** What the platform is told: `cancelled` or `rejected`, with the organizer's reason. */
    target_state: string;
    reason: string | null;
    created_at: number;
    updated_at: number;
  };
  membership_reminders_sent: {
    sportsman_id: string;
    /** The term the reminder was about: one SMS per athlete and term. */
    term_until: string;
    login_id: string;
    claimed_at: number;
    sent_at: number | null;
  };
}
