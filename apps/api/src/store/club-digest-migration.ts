import type { Kysely, Migration } from 'kysely';

// A migration takes a schema-less database: it must not depend on the current table types.
type AnyDb = Kysely<unknown>;

/**
 * A club's digest of new applications (`club-digest-tables.ts`): each application once per organizer (a
 * composite key), which digest told of it, and each organizer's last digest (claimed by a conditional upsert).
 */
export const clubDigestMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('club_applications')
      .addColumn('entry_key', 'text', (col) => col.notNull())
      .addColumn('organization_id', 'text', (col) => col.notNull())
      .addColumn('request_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('competition_id', 'text', (col) => col.notNull())
      .addColumn('competition_name', 'text', (col) => col.notNull())
      .addColumn('sportsman_name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('digest_id', 'text')
      .addPrimaryKeyConstraint('club_applications_pk', ['entry_key', 'organization_id'])
      .execute();
    // What the job asks for: an organizer's entries not yet told of.
    await db.schema
      .createIndex('club_applications_undigested')
      .on('club_applications')
      .columns(['digest_id', 'organization_id'])
      .execute();

    await db.schema
      .createTable('club_digests')
      .addColumn('organization_id', 'text', (col) => col.primaryKey())
      .addColumn('last_digest_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ['club_digests', 'club_applications']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
