import { invalidRequest } from './yookassa-error';

/**
 * The query of YooKassa's list methods (`GET /v3/payments`, `GET /v3/refunds`) and its checks. A refusal is
 * YooKassa's 400 `invalid_request` naming the parameter, as for a bad body.
 *
 * Pages are keyset pages, newest first: the cursor is the position (creation time, then order of creation) of
 * the last object of the previous page, and the next page holds only what comes after it. An object created
 * while a client pages is newer than every cursor handed out, so it never appears in a later page and never
 * pushes an older object from one page onto the next: paging gives each object once, and none is skipped.
 *
 * Where the twin is simpler than YooKassa: it filters by `created_at.*`, `status` and (refunds) `payment_id` only,
 * and refuses the real API's other filters (`captured_at.*`, `payment_method`) rather than ignore them; it lists
 * every object it holds, where YooKassa lists those of the last three years.
 */

export type ListedCollection = 'payments' | 'refunds';

const PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
const REFUND_STATUSES = ['pending', 'succeeded', 'canceled'] as const;

const LIST_DEFAULT_LIMIT = 10;
const LIST_MAX_LIMIT = 100;

/** Where a page ends: the last object's creation time (ms) and its place in the order of creation. */
export interface ListPosition {
  createdAt: number;
  sequence: number;
}

/** One bound on `created_at`, in ms (fractional when the query named a fraction of a millisecond). */
export interface CreatedAtBound {
  operator: '>=' | '>' | '<=' | '<';
  at: number;
}

export interface ListQuery {
  createdAt: CreatedAtBound[];
  status: string | null;
  /** Refunds only: the refunds of one payment. */
  paymentId: string | null;
  limit: number;
  /** `null`: the first page. */
  after: ListPosition | null;
}

const CREATED_AT_OPERATORS = {
  'created_at.gte': '>=',
  'created_at.gt': '>',
  'created_at.lte': '<=',
  'created_at.lt': '<',
} as const satisfies Record<string, CreatedAtBound['operator']>;

const COMMON_PARAMETERS = [...Object.keys(CREATED_AT_OPERATORS), 'status', 'limit', 'cursor'];
const PARAMETERS: Record<ListedCollection, readonly string[]> = {
  payments: COMMON_PARAMETERS,
  refunds: [...COMMON_PARAMETERS, 'payment_id'],
};
const STATUSES: Record<ListedCollection, readonly string[]> = {
  payments: PAYMENT_STATUSES,
  refunds: REFUND_STATUSES,
};

/** YooKassa's ids (and so `payment_id`): printable ASCII, at most 64 characters. */
const OBJECT_ID = /^[\x21-\x7e]{1,64}$/;

/**
 * `2024-06-14T09:30:00.123Z`, `2024-06-14T12:30:00+03:00`: an instant has a date, a time and a zone. The
 * fraction may be finer than a millisecond (YooKassa's own times have microseconds).
 */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** The instant in ms since the epoch, or `null` when the text is not an ISO 8601 instant of a real day. */
export function parseInstant(text: string): number | null {
  const match = INSTANT.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(local);
  // Date.UTC rolls 30 February over into March: a date that does not exist is refused, not moved.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    return null;
  }
  const offsetHours = match[9] === undefined ? 0 : Number(match[9]);
  const offsetMinutes = match[10] === undefined ? 0 : Number(match[10]);
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const offset = (match[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  const fraction = match[7] === undefined ? 0 : Number(`0.${match[7]}`) * 1000;
  return local - offset + fraction;
}

/** The opaque `next_cursor`: which list it belongs to and the position of the page's last object. */
export function encodeCursor(collection: ListedCollection, position: ListPosition): string {
  return Buffer.from(`${collection}:${position.createdAt}:${position.sequence}`, 'utf8').toString(
    'base64url',
  );
}

function decodeCursor(collection: ListedCollection, cursor: string): ListPosition {
  // A cursor of the other list, or one a client made up, is refused rather than read as some position.
  const match = /^[A-Za-z0-9_-]{1,128}$/.test(cursor)
    ? /^(payments|refunds):(\d{1,15}):(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
    : null;
  if (!match || match[1] !== collection) {
    throw invalidRequest('Invalid cursor: pass the next_cursor of the previous page as it is', 'cursor');
  }
  return { createdAt: Number(match[2]), sequence: Number(match[3]) };
}

/** The list query of `collection` read from the request's query string, or YooKassa's 400 naming what is wrong. */
export function parseListQuery(collection: ListedCollection, search: URLSearchParams): ListQuery {
  const known = PARAMETERS[collection];
  const seen = new Set<string>();
  for (const name of search.keys()) {
    if (!known.includes(name)) {
      // The real API has more filters (captured_at, payment_method…); the twin refuses what it does not do
      // rather than answer a list that ignores a filter production would apply.
      throw invalidRequest(`Unknown parameter ${name}: the twin lists by ${known.join(', ')}`, name);
    }
    if (seen.has(name)) throw invalidRequest(`Parameter ${name} is given more than once`, name);
    seen.add(name);
  }

  const createdAt: CreatedAtBound[] = [];
  for (const [name, operator] of Object.entries(CREATED_AT_OPERATORS)) {
    const text = search.get(name);
    if (text === null) continue;
    const at = parseInstant(text);
    if (at === null) {
      throw invalidRequest(
        `Invalid value of parameter ${name}: an ISO 8601 instant, e.g. 2018-07-18T10:51:18.139Z`,
        name,
      );
    }
    createdAt.push({ operator, at });
  }

  const status = search.get('status');
  if (status !== null && !STATUSES[collection].includes(status)) {
    throw invalidRequest(
      `Invalid value of parameter status: one of ${STATUSES[collection].join(', ')}`,
      'status',
    );
  }

  const paymentId = search.get('payment_id');
  if (paymentId !== null && !OBJECT_ID.test(paymentId)) {
    throw invalidRequest('Invalid value of parameter payment_id', 'payment_id');
  }

  const limitText = search.get('limit');
  const limit =
    limitText === null ? LIST_DEFAULT_LIMIT : /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= LIST_MAX_LIMIT)) {
    throw invalidRequest(
      `Invalid value of parameter limit: a whole number from 1 to ${LIST_MAX_LIMIT}`,
      'limit',
    );
  }

  const cursor = search.get('cursor');
  return {
    createdAt,
    status,
    paymentId,
    limit,
    after: cursor === null ? null : decodeCursor(collection, cursor),
  };
}
