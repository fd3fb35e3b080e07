import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import type { AuthDatabase } from './auth-database';
import { authMigrationProvider } from './migrations';

export type AuthDatabaseTarget =
  /** `schema` (tests) puts every table into that schema through the connections' search_path. */
  | { kind: 'postgres'; url: string; schema?: string }
  /** `file` may be ':memory:' for tests. */
  | { kind: 'sqlite'; file: string };

const PG_INT8_OID = 20;

/**
 * Opens the auth store: PostgreSQL when a URL is configured, else SQLite (WAL, foreign keys on).
 * `bigint` columns come back as JavaScript numbers on both (epoch milliseconds fit exactly).
 */
export function createAuthDatabase(target: AuthDatabaseTarget): Kysely<AuthDatabase> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8_OID
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
      },
    });
    return new Kysely<AuthDatabase>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.file !== ':memory:') preparePrivateFile(target.file);
  const database = new Database(target.file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<AuthDatabase>({ dialect: new SqliteDialect({ database }) });
}

/**
 * The store holds phones and sessions: owner-only whatever the host's umask. The file is created 0600 before
 * SQLite opens it (SQLite gives its `-wal` and `-shm` files the database's mode), in a 0700 directory when
 * we create it; files an earlier start left readable are tightened.
 */
function preparePrivateFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
}

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export async function migrateAuthDatabase(db: Kysely<AuthDatabase>): Promise<void> {
  const migrator = new Migrator({ db, provider: authMigrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `Auth store migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
