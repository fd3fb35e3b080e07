import type { Order, OrderLineKind, OrderStatus } from '@fed/contracts';
import { sql, type Selectable } from 'kysely';
import type { PaymentReceipt } from '../payments/payment-provider';
import type { AuthDatabase, AuthDb } from '../store/auth-database';

/** Rows of the orders' tables as read. */
export type OrderRow = Selectable<AuthDatabase['orders']>;
export type LineRow = Selectable<AuthDatabase['order_lines']>;
export type AttemptRow = Selectable<AuthDatabase['order_payments']>;
export type RefundRow = Selectable<AuthDatabase['order_refunds']>;

/** Attempts still open: the provider may yet make or complete their payment. */
export const OPEN_ATTEMPT_STATUSES = ['creating', 'pending', 'waiting_for_capture'] as const;

/** Orders whose requests are held (no other order may take them). */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['new', 'pending', 'paid', 'partially_refunded'];

export const HOUR_MS = 60 * 60 * 1000;

/** The unique index said no: a concurrent call did the same first (SQLite and PostgreSQL codes). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Text for the provider: at most `max` characters. */
export function clip(text: string, max = 128): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The 54-FZ receipt of some lines: the payer's phone, one item per line. A federation's fees carry no VAT (code
 * 1); an entry fee or photos are paid ahead of the service (`full_prepayment`), a membership due in full.
 */
export function receiptOf(
  phone: string,
  lines: ReadonlyArray<Pick<LineRow, 'kind' | 'title' | 'amount'>>,
): PaymentReceipt {
  return {
    customer: { phone },
    lines: lines.map((line) => {
      const membership = (line.kind as OrderLineKind) === 'membership';
      return {
        description: clip(line.title),
        quantity: 1,
        unitPrice: line.amount,
        vatCode: 1,
        paymentSubject: membership ? 'payment' : 'service',
        paymentMode: membership ? 'full_payment' : 'full_prepayment',
      };
    }),
  };
}

/** An order, its lines and its latest attempt, as the contract's `Order`. */
export function orderView(order: OrderRow, lines: readonly LineRow[], latest: AttemptRow | null): Order {
  const status = order.status as OrderStatus;
  const payment =
    latest === null || latest.status === 'rejected'
      ? null
      : {
          status: (latest.status === 'creating' ? 'pending' : latest.status) as NonNullable<
            Order['payment']
          >['status'],
          confirmationUrl: latest.status === 'pending' ? latest.confirmation_url : null,
        };
  return {
    id: order.id,
    status,
    description: order.description,
    amount: order.amount,
    refundedAmount: order.refunded_amount,
    currency: 'RUB',
    payer: { phone: order.payer_phone },
    lines: [...lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        id: line.id,
        kind: line.kind as OrderLineKind,
        requestId: line.request_id,
        sportsmanId: line.sportsman_id,
        sportsmanName: line.sportsman_name,
        title: line.title,
        details: line.details,
        amount: line.amount,
        competitionId: line.competition_id,
        season: line.season,
        state: line.state === 'refunded' ? 'refunded' : 'active',
        refundedAt: iso(line.refunded_at),
      })),
    payable: status === 'new' || status === 'pending',
    payment,
    failure:
      order.failure_reason !== null && order.failure_at !== null
        ? {
            reason: order.failure_reason,
            message: order.failure_message ?? '',
            at: new Date(order.failure_at).toISOString(),
          }
        : null,
    createdAt: new Date(order.created_at).toISOString(),
    paidAt: iso(order.paid_at),
  };
}

/** Reads of the orders' tables shared by the service and the job. */
export class OrdersStore {
  constructor(readonly db: AuthDb) {}

  order(id: string, db: AuthDb = this.db): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  lines(orderId: string, db: AuthDb = this.db): Promise<LineRow[]> {
    return db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();
  }

  openAttempt(orderId: string, db: AuthDb = this.db): Promise<AttemptRow | undefined> {
    return db
      .selectFrom('order_payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('open', '=', 1)
      .executeTakeFirst();
  }

  latestAttempt(orderId: string, db: AuthDb = this.db): Promise<AttemptRow | undefined> {
    return db
      .selectFrom('order_payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** The attempt that made (or was making) a provider payment: by its id, else by the attempt id it carries. */
  async attemptOf(paymentId: string, attemptId: string | undefined): Promise<AttemptRow | undefined> {
    const byPayment = await this.db
      .selectFrom('order_payments')
      .selectAll()
      .where('provider_payment_id', '=', paymentId)
      .executeTakeFirst();
    if (byPayment || attemptId === undefined) return byPayment;
    return this.db
      .selectFrom('order_payments')
      .selectAll()
      .where('id', '=', attemptId)
      .where('provider_payment_id', 'is', null)
      .executeTakeFirst();
  }

  async view(order: OrderRow): Promise<Order> {
    return orderView(order, await this.lines(order.id), (await this.latestAttempt(order.id)) ?? null);
  }

  /** Orders a login made since `since`, and the oldest of them (the hourly limit). */
  async ordersSince(loginId: string, since: number): Promise<{ count: number; oldest: number | null }> {
    const rows = await this.db
      .selectFrom('orders')
      .select('created_at')
      .where('payer_login_id', '=', loginId)
      .where('created_at', '>', since)
      .execute();
    return windowOf(rows);
  }

  /** Payments an order opened since `since`, and the oldest of them (the hourly limit). */
  async attemptsSince(orderId: string, since: number): Promise<{ count: number; oldest: number | null }> {
    const rows = await this.db
      .selectFrom('order_payments')
      .select('created_at')
      .where('order_id', '=', orderId)
      .where('created_at', '>', since)
      .execute();
    return windowOf(rows);
  }
}

/** A request's guard as a transaction found it before raising it. */
export interface RequestGuard {
  requestId: string;
  /** The version before this transaction raised it (0 for a request no transaction touched yet). */
  version: number;
  /** Whether a change of the request on the platform is under way (and has not lapsed). */
  beingChanged: boolean;
}

/** How long a change of a request on the platform holds it at most (an instance may die mid-change). */
export const EDIT_LEASE_MS = 60_000;

/**
 * Raises the guards of these requests inside `trx`, in one order (no deadlock between two transactions taking
 * the same set), and tells what each was. In PostgreSQL the upsert locks each row until the transaction ends,
 * so two transactions touching a request run one after the other; SQLite runs one writer at a time anyway.
 */
export async function raiseGuards(
  trx: AuthDb,
  requestIds: readonly string[],
  now: number,
  edit: 'begin' | 'end' | null = null,
): Promise<RequestGuard[]> {
  const guards: RequestGuard[] = [];
  for (const requestId of [...new Set(requestIds)].sort()) {
    const raised = await trx
      .insertInto('request_guards')
      .values({
        request_id: requestId,
        version: 1,
        edits: edit === 'begin' ? 1 : 0,
        edit_lease_until: edit === 'begin' ? now + EDIT_LEASE_MS : null,
      })
      .onConflict((conflict) =>
        conflict.column('request_id').doUpdateSet((update) => ({
          version: sql<number>`${update.ref('request_guards.version')} + 1`,
        })),
      )
      .returning(['version', 'edits', 'edit_lease_until'])
      .executeTakeFirstOrThrow();
    const lapsed = raised.edit_lease_until === null || Number(raised.edit_lease_until) <= now;
    let edits = lapsed ? 0 : Number(raised.edits);
    const firstTouch = Number(raised.version) === 1;
    if (edit !== null && !(firstTouch && edit === 'begin')) {
      edits = Math.max(0, edits + (edit === 'begin' ? 1 : -1));
      await trx
        .updateTable('request_guards')
        .set({ edits, edit_lease_until: edits > 0 ? now + EDIT_LEASE_MS : null })
        .where('request_id', '=', requestId)
        .execute();
    }
    guards.push({
      requestId,
      version: Number(raised.version) - 1,
      beingChanged: edit === null ? edits > 0 : false,
    });
  }
  return guards;
}

/** The guards' versions now, outside any transaction: what an attempt compares with when it opens. */
export async function guardVersions(db: AuthDb, requestIds: readonly string[]): Promise<Map<string, number>> {
  const versions = new Map(requestIds.map((id) => [id, 0]));
  if (requestIds.length === 0) return versions;
  const rows = await db
    .selectFrom('request_guards')
    .select(['request_id', 'version'])
    .where('request_id', 'in', [...requestIds])
    .execute();
  for (const row of rows) versions.set(row.request_id, Number(row.version));
  return versions;
}

function windowOf(rows: ReadonlyArray<{ created_at: number }>): { count: number; oldest: number | null } {
  const times = rows.map((row) => Number(row.created_at));
  return { count: times.length, oldest: times.length > 0 ? Math.min(...times) : null };
}
