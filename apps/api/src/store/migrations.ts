import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { eventWatchMigration } from './event-watch-migration';
import { clubDigestMigration } from './club-digest-migration';
import { orderGuardsMigration } from './order-guards-migration';
import { noticesMigration } from './notices-migration';
import { ordersMigration } from './orders-migration';

/**
 * The auth store's migrations, in code so the bundle carries them. One set for SQLite and PostgreSQL:
 * only `text`, `bigint` and `integer` columns, times as epoch milliseconds, no booleans.
 * Never edit a released migration; add the next one.
 */
// Kysely's migration functions take a schema-less database on purpose: a migration must not depend on
// the current table types, which describe the latest schema.
type AnyDb = Kysely<unknown>;

const m0001: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('logins')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('phone', 'text', (col) => col.notNull().unique())
      .addColumn('primary_type', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('login_contractors')
      .addColumn('contractor_id', 'text', (col) => col.primaryKey())
      .addColumn('login_id', 'text', (col) => col.notNull().references('logins.id').onDelete('cascade'))
      .addColumn('contractor_type', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('login_contractors_login')
      .on('login_contractors')
      .column('login_id')
      .execute();
    // At most one organization per login.
    await db.schema
      .createIndex('login_contractors_one_organization')
      .on('login_contractors')
      .column('login_id')
      .unique()
      .where(sql.ref('contractor_type'), '=', 'organization')
      .execute();

    await db.schema
      .createTable('auth_codes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('payload', 'text')
      .addColumn('ip_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('auth_codes_phone')
      .on('auth_codes')
      .columns(['phone', 'created_at'])
      .execute();
    await db.schema.createIndex('auth_codes_created').on('auth_codes').column('created_at').execute();

    await db.schema
      .createTable('refresh_families')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('login_id', 'text', (col) => col.notNull().references('logins.id').onDelete('cascade'))
      .addColumn('contractor_type', 'text', (col) => col.notNull())
      .addColumn('active_contractor_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoke_reason', 'text')
      .execute();
    await db.schema.createIndex('refresh_families_login').on('refresh_families').column('login_id').execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('family_id', 'text', (col) =>
        col.notNull().references('refresh_families.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

    await db.schema
      .createTable('rate_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('bucket', 'text', (col) => col.notNull())
      .addColumn('subject_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('rate_events_subject')
      .on('rate_events')
      .columns(['bucket', 'subject_hash', 'created_at'])
      .execute();

    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('login_id', 'text')
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('phone_masked', 'text')
      .addColumn('ip_hash', 'text')
      .addColumn('details', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('audit_events_login')
      .on('audit_events')
      .columns(['login_id', 'created_at'])
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of [
      'audit_events',
      'rate_events',
      'refresh_tokens',
      'refresh_families',
      'auth_codes',
      'login_contractors',
      'logins',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

export const authMigrations: Record<string, Migration> = {
  '0001_auth_store': m0001,
  '0002_orders': ordersMigration,
  '0003_order_guards': orderGuardsMigration,
  '0004_notices': noticesMigration,
  '0005_event_watch': eventWatchMigration,
  '0006_club_digest': clubDigestMigration,
};

/** A static provider: the migrations are bundled with the api, not read from a folder at run time. */
export const authMigrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(authMigrations),
};
