import type Database from 'better-sqlite3';

/**
 * The athletes' directory's fields as SQL, written once: an expression index serves a query only when the query
 * names the very same expression, so the directory's queries (`ProfilesService`) read these too.
 */
export const PEOPLE = (() => {
  const field = (path: string) => `json_extract(items.data, '${path}')`;
  const fields = {
    kind: field('$.representative_new[0].code'),
    club: field('$.organiz[0]'),
    /** The city when the person publishes it (`publish_consent.city`), else NULL. */
    publishedCity: `(CASE WHEN ${field('$.publish_consent.city')} = 1 THEN ${field('$.gorod')} END)`,
    gender: field('$.pol[0].code'),
    birth: field('$.date_of_birth'),
    term: field('$.term_membership'),
    /** Set when the person (or a parent) chose what to publish. */
    consentGiven: field('$.publish_consent.givenAt'),
    /** The lower-cased name: the head of the full-text column (`ItemsRepository` puts the name first). */
    nameSearch: 'substr(items.search, 1, length(items.name))',
  };
  const filters = [
    fields.club,
    fields.publishedCity,
    fields.gender,
    fields.birth,
    fields.term,
    fields.consentGiven,
    fields.nameSearch,
    'deleted_at',
  ].join(', ');
  return { ...fields, filters };
})();

/** An index names the table's own columns bare. */
const bare = (sql: string) => sql.replaceAll('items.', '');

interface Migration {
  version: number;
  name: string;
  up: string;
}

/**
 * Versioned schema of the twin. Append new migrations; never edit an applied one.
 * Items of every app share one table: system fields as columns, the app's fields as JSON in `data`,
 * and `search` holding the lower-cased text that full-text filters scan.
 * Hot filters and links get expression indexes, so lists stay fast at scale.
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'items, files, meta',
    up: `
      CREATE TABLE items (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        app TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        data TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
        search TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        deleted_at TEXT
      );
      CREATE UNIQUE INDEX items_app_id ON items (app, id);
      CREATE INDEX items_app_name ON items (app, name);
      CREATE INDEX items_app_created ON items (app, created_at);
      CREATE TABLE files (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        directory TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
  {
    version: 2,
    name: 'expression indexes for events, links and account kinds',
    up: `
      CREATE INDEX items_date_start ON items (app, json_extract(data, '$.date_start'));
      CREATE INDEX items_city_date ON items (app, json_extract(data, '$.gorod'), json_extract(data, '$.date_start'));
      CREATE INDEX items_link_competition ON items (app, json_extract(data, '$.competition[0]'));
      CREATE INDEX items_link_sportsman ON items (app, json_extract(data, '$.sportsman[0]'));
      CREATE INDEX items_link_organiz ON items (app, json_extract(data, '$.organiz[0]'));
      CREATE INDEX items_kind_name ON items (app, json_extract(data, '$.representative_new[0].code'), name);
    `,
  },
  {
    version: 3,
    // Every filter of the events list is answered from one of these, counts included, without touching rows.
    name: 'covering partial indexes of live events',
    up: `
      CREATE INDEX items_live_events ON items (
        app, json_extract(data, '$.date_start'), json_extract(data, '$.discipline'), json_extract(data, '$.gorod'),
        json_extract(data, '$.organizer[0]'), search, deleted_at
      ) WHERE deleted_at IS NULL;
      CREATE INDEX items_live_city_events ON items (
        app, json_extract(data, '$.gorod'), json_extract(data, '$.date_start'), json_extract(data, '$.discipline'), search,
        deleted_at
      ) WHERE deleted_at IS NULL;
    `,
  },
  {
    version: 4,
    // The athletes' directory in each of its orders — by name, by published city, by birth date (age classes),
    // a club's by name — each index holding every filter, so a page and its count read one index alone; the
    // name search reads the lower-cased name at the head of `search`. Events are counted per organizer from an
    // index range.
    name: 'covering partial indexes of the directories',
    up: `
      CREATE INDEX items_live_people ON items (
        app, ${bare(PEOPLE.kind)}, name, seq, ${bare(PEOPLE.filters)}
      ) WHERE deleted_at IS NULL;
      CREATE INDEX items_live_people_city ON items (
        app, ${bare(PEOPLE.kind)}, ${bare(PEOPLE.publishedCity)}, name, seq, ${bare(PEOPLE.filters)}
      ) WHERE deleted_at IS NULL;
      CREATE INDEX items_live_people_birth ON items (
        app, ${bare(PEOPLE.kind)}, ${bare(PEOPLE.birth)}, name, seq, ${bare(PEOPLE.filters)}
      ) WHERE deleted_at IS NULL;
      CREATE INDEX items_live_club_people ON items (
        app, ${bare(PEOPLE.club)}, ${bare(PEOPLE.kind)}, name, seq, ${bare(PEOPLE.filters)}
      ) WHERE deleted_at IS NULL;
      CREATE INDEX items_live_organizer_events ON items (
        app, json_extract(data, '$.organizer[0]'), json_extract(data, '$.date_start'), deleted_at
      ) WHERE deleted_at IS NULL;
    `,
  },
  {
    version: 5,
    // A medium shows one or more performances (an entry, i.e. a competition request, in one program): a link
    // table, read by event (the organizer) and by athlete (the locker). Sales are found by the request that
    // pays them.
    name: 'photo/video media tags',
    up: `
      CREATE TABLE media_tags (
        media_id TEXT NOT NULL,
        competition_id TEXT NOT NULL,
        entry_id TEXT NOT NULL,
        program_id TEXT NOT NULL,
        sportsman_id TEXT NOT NULL,
        tagged_at TEXT NOT NULL,
        PRIMARY KEY (media_id, entry_id, program_id)
      );
      CREATE INDEX media_tags_performance ON media_tags (competition_id, sportsman_id, entry_id, program_id);
      CREATE INDEX items_link_request ON items (app, json_extract(data, '$.request[0]'));
    `,
  },
  {
    version: 6,
    // The highest membership number given is the last entry of this index: the next member's number is one more.
    name: 'membership numbers',
    up: `
      CREATE INDEX items_membership_number ON items (app, json_extract(data, '$.membership_number'))
        WHERE json_extract(data, '$.membership_number') IS NOT NULL;
    `,
  },
  {
    version: 7,
    // Requests as every event page and eligibility check reads them: the places an event's live entries take,
    // counted from the index alone (no request's JSON parsed); an athlete's entry to one event, newest first.
    name: 'requests by event and state, and by athlete and event',
    up: `
      CREATE INDEX items_live_request_places ON items (
        app, json_extract(data, '$.competition[0]'), json_extract(data, '$.nomenclature_type'),
        json_extract(data, '$.requestState'), deleted_at
      ) WHERE deleted_at IS NULL;
      CREATE INDEX items_live_athlete_event ON items (
        app, json_extract(data, '$.sportsman[0]'), json_extract(data, '$.competition[0]'), created_at
      ) WHERE deleted_at IS NULL;
    `,
  },
];

/** Applies pending migrations in one transaction each; returns the versions applied now. */
export function migrate(db: Database.Database, clock: () => Date): number[] {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => (row as { version: number }).version),
  );
  const now: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.up);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        clock().toISOString(),
      );
    })();
    now.push(migration.version);
  }
  return now;
}
