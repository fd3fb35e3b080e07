import type { Kysely, Migration } from 'kysely';

// A migration takes a schema-less database: it must not depend on the current table types.
type AnyDb = Kysely<unknown>;

/**
 * The event watch's snapshots (`notices-tables.ts`, `event_watch`): per event, the dates and the cancellation
 * last seen on the platform, and a revision counting the changes told, which the job moves by compare-and-set.
 */
export const eventWatchMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('event_watch')
      .addColumn('event_id', 'text', (col) => col.primaryKey())
      .addColumn('date_start', 'text', (col) => col.notNull())
      .addColumn('date_end', 'text', (col) => col.notNull())
      .addColumn('cancelled', 'integer', (col) => col.notNull())
      .addColumn('revision', 'integer', (col) => col.notNull())
      .addColumn('seen_at', 'bigint', (col) => col.notNull())
      .addColumn('changed_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('event_watch').ifExists().execute();
  },
};
