/**
 * Whether an error of the auth store's driver means the store cannot be used now — unreachable, shut down,
 * full, locked, or without its tables (a wiped file) — rather than that a statement was wrong. The first is
 * worth a retry later (503); the second is a bug (500). Drivers: better-sqlite3 (`SqliteError` codes and the
 * closed-connection `TypeError`), node-postgres (SQLSTATE classes, the pool's own messages, the socket's codes),
 * and Kysely after `destroy()`. Looks through `cause` and an `AggregateError`'s errors (a refused connection to
 * every address of a host).
 */
export function isStoreUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (typeof code === 'string') {
    if (SQLITE_UNAVAILABLE.test(code) || SOCKET_CODES.has(code) || PG_UNAVAILABLE.test(code)) return true;
    if (code === 'SQLITE_ERROR' && /^no such table/.test(text)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(text))) return true;
  const nested = [
    (error as { cause?: unknown }).cause,
    ...(error instanceof AggregateError ? error.errors : []),
  ];
  return nested.some((inner) => isStoreUnavailable(inner, depth + 1));
}

/** SQLite could not open, read, write or lock the file, or the file is not (or no longer) a database. */
const SQLITE_UNAVAILABLE = /^SQLITE_(CANTOPEN|IOERR|CORRUPT|NOTADB|FULL|BUSY|LOCKED|READONLY|NOMEM|PROTOCOL)/;

/**
 * PostgreSQL SQLSTATEs: connection exceptions (08), insufficient resources (53), the server shutting down or not
 * accepting connections yet (57P01–57P03), a missing database (3D000) or table (42P01: the schema is gone), and
 * a refused login (28).
 */
const PG_UNAVAILABLE = /^(08...|53...|57P0[123]|3D000|42P01|28...)$/;

/** The network between the api and the database server. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

const UNAVAILABLE_MESSAGES: readonly RegExp[] = [
  /^The database connection is not open$/,
  /^driver has already been destroyed$/,
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Cannot use a pool after calling end on the pool$/,
];
