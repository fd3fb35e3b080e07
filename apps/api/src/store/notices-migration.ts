import type { Kysely, Migration } from 'kysely';

// A migration takes a schema-less database: it must not depend on the current table types.
type AnyDb = Kysely<unknown>;

/**
 * Notices and their outbox (`notices-tables.ts`): the notice once per change (a unique key), one outbox row per
 * notice and channel (unique too), the worker's lease on a row, and each login's choices and e-mail address.
 */
export const noticesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('notices')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
      .addColumn('recipient_id', 'text', (col) => col.notNull())
      .addColumn('login_id', 'text')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('link', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('read_at', 'bigint')
      .execute();
    await db.schema.createIndex('notices_login').on('notices').columns(['login_id', 'created_at']).execute();
    await db.schema
      .createIndex('notices_recipient')
      .on('notices')
      .columns(['recipient_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('notice_id', 'text', (col) => col.notNull().references('notices.id').onDelete('cascade'))
      .addColumn('channel', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('lease_holder', 'text')
      .addColumn('sent_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('outbox_notice_channel', ['notice_id', 'channel'])
      .execute();
    // What the worker asks for: due rows by time.
    await db.schema.createIndex('outbox_due').on('outbox').columns(['state', 'next_attempt_at']).execute();

    await db.schema
      .createTable('notice_preferences')
      .addColumn('login_id', 'text', (col) => col.notNull().references('logins.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('channel', 'text', (col) => col.notNull())
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('notice_preferences_pk', ['login_id', 'kind', 'channel'])
      .execute();

    await db.schema
      .createTable('notice_contacts')
      .addColumn('login_id', 'text', (col) => col.primaryKey().references('logins.id').onDelete('cascade'))
      .addColumn('email', 'text')
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ['notice_contacts', 'notice_preferences', 'outbox', 'notices']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
