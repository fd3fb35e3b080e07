import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildAddressDictionary, type AddressRecord } from './dadata-dictionary';
import { buildPartyDictionary, type PartyRecord } from './dadata-parties';
import { normalizeText } from './dadata-text';

export const DADATA_DATABASE_FILE = 'dadata.sqlite';

export interface WordMatch<T> {
  record: T;
  /** How many query words matched a word of the place's own name (for ranking). */
  ownMatches: number;
}

/**
 * The twin's dictionary in SQLite: places and parties with a word table (`word`, id) whose primary key
 * serves prefix search as an index range scan (`word >= ? AND word < ? || '\uffff'`).
 * The dictionary is (re)loaded when the file is new or was written from a different dictionary version.
 */
export class DadataStore {
  private readonly db: Database.Database;

  private constructor(db: Database.Database) {
    this.db = db;
  }

  static open(dataDir: string): DadataStore {
    mkdirSync(dataDir, { recursive: true });
    const db = new Database(join(dataDir, DADATA_DATABASE_FILE));
    db.pragma('journal_mode = WAL');
    const store = new DadataStore(db);
    store.migrate();
    store.seedIfNeeded();
    return store;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private migrate(): void {
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS places (
        id INTEGER PRIMARY KEY,
        country_iso TEXT NOT NULL,
        kladr_prefix TEXT,
        population INTEGER NOT NULL,
        record_json TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS places_kladr ON places (kladr_prefix);
      CREATE TABLE IF NOT EXISTS place_words (
        word TEXT NOT NULL,
        place_id INTEGER NOT NULL REFERENCES places (id),
        own INTEGER NOT NULL,
        PRIMARY KEY (word, place_id)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS parties (
        id INTEGER PRIMARY KEY,
        inn TEXT NOT NULL,
        ogrn TEXT NOT NULL,
        record_json TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS parties_inn ON parties (inn);
      CREATE INDEX IF NOT EXISTS parties_ogrn ON parties (ogrn);
      CREATE TABLE IF NOT EXISTS party_words (
        word TEXT NOT NULL,
        party_id INTEGER NOT NULL REFERENCES parties (id),
        PRIMARY KEY (word, party_id)
      ) WITHOUT ROWID;
    `);
  }

  private seedIfNeeded(): void {
    const places = buildAddressDictionary();
    const parties = buildPartyDictionary((name, region) =>
      places.find(
        (place) =>
          place.data.city === name &&
          place.data.region_kladr_id === `${region}00000000000` &&
          !place.data.settlement,
      ),
    );
    const version = createHash('sha256').update(JSON.stringify({ places, parties })).digest('hex');
    const current = this.db
      .prepare<[], { value: string }>(`SELECT value FROM meta WHERE key = 'version'`)
      .get();
    if (current?.value === version) return;
    const load = this.db.transaction(() => {
      this.db.exec(
        'DELETE FROM place_words; DELETE FROM places; DELETE FROM party_words; DELETE FROM parties;',
      );
      const insertPlace = this.db.prepare(
        'INSERT INTO places (id, country_iso, kladr_prefix, population, record_json) VALUES (?, ?, ?, ?, ?)',
      );
      const insertPlaceWord = this.db.prepare(
        'INSERT OR REPLACE INTO place_words (word, place_id, own) VALUES (?, ?, ?)',
      );
      places.forEach((place, index) => {
        const id = index + 1;
        insertPlace.run(id, place.countryIso, place.kladrPrefix, place.population, JSON.stringify(place));
        for (const word of place.allWords)
          insertPlaceWord.run(word, id, place.ownWords.includes(word) ? 1 : 0);
      });
      const insertParty = this.db.prepare(
        'INSERT INTO parties (id, inn, ogrn, record_json) VALUES (?, ?, ?, ?)',
      );
      const insertPartyWord = this.db.prepare(
        'INSERT OR REPLACE INTO party_words (word, party_id) VALUES (?, ?)',
      );
      parties.forEach((party, index) => {
        const id = index + 1;
        insertParty.run(id, party.inn, party.ogrn, JSON.stringify(party));
        for (const word of party.words) insertPartyWord.run(word, id);
      });
      this.db
        .prepare(
          `INSERT INTO meta (key, value) VALUES ('version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        )
        .run(version);
    });
    load();
  }

  /** Places where every word of the query is the prefix of some word of the place's full address. */
  searchPlaces(query: string): WordMatch<AddressRecord>[] {
    const words = normalizeText(query).split(' ').filter(Boolean);
    if (words.length === 0) return [];
    const statement = this.db.prepare<[string, string], { place_id: number; own: number }>(
      'SELECT place_id, own FROM place_words WHERE word >= ? AND word < ?',
    );
    let matches: Map<number, number> | null = null;
    for (const word of words) {
      const found = new Map<number, number>();
      for (const row of statement.all(word, `${word}\uffff`)) {
        found.set(row.place_id, Math.max(found.get(row.place_id) ?? 0, row.own));
      }
      const previous: Map<number, number> | null = matches;
      matches = new Map<number, number>();
      for (const [id, own] of found) {
        if (previous === null) matches.set(id, own);
        else if (previous.has(id)) matches.set(id, (previous.get(id) ?? 0) + own);
      }
      if (matches.size === 0) return [];
    }
    return this.loadPlaces(matches ?? new Map());
  }

  private loadPlaces(matches: Map<number, number>): WordMatch<AddressRecord>[] {
    if (matches.size === 0) return [];
    const ids = [...matches.keys()];
    const rows = this.db
      .prepare<number[], { id: number; record_json: string }>(
        `SELECT id, record_json FROM places WHERE id IN (${ids.map(() => '?').join(',')})`,
      )
      .all(...ids);
    return rows.map((row) => ({
      record: JSON.parse(row.record_json) as AddressRecord,
      ownMatches: matches.get(row.id) ?? 0,
    }));
  }

  /** Parties whose INN or OGRN starts with the query digits, or each of whose query words prefixes a name word. */
  searchParties(query: string): PartyRecord[] {
    const normalized = normalizeText(query);
    if (normalized === '') return [];
    const ids = new Set<number>();
    if (/^\d+$/.test(normalized)) {
      const byNumber = this.db.prepare<[string, string, string, string], { id: number }>(
        'SELECT id FROM parties WHERE (inn >= ? AND inn < ?) OR (ogrn >= ? AND ogrn < ?)',
      );
      const upper = `${normalized}\uffff`;
      for (const row of byNumber.all(normalized, upper, normalized, upper)) ids.add(row.id);
    }
    const words = normalized.split(' ');
    const byWord = this.db.prepare<[string, string], { party_id: number }>(
      'SELECT party_id FROM party_words WHERE word >= ? AND word < ?',
    );
    const perWord = words.map(
      (word) => new Set(byWord.all(word, `${word}\uffff`).map((row) => row.party_id)),
    );
    const [first, ...rest] = perWord;
    for (const id of first ?? []) {
      if (rest.every((set) => set.has(id))) ids.add(id);
    }
    return this.loadParties([...ids]);
  }

  /** Parties with exactly this INN or OGRN. */
  findParties(innOrOgrn: string): PartyRecord[] {
    const rows = this.db
      .prepare<[string, string], { id: number }>('SELECT id FROM parties WHERE inn = ? OR ogrn = ?')
      .all(innOrOgrn, innOrOgrn);
    return this.loadParties(rows.map((row) => row.id));
  }

  private loadParties(ids: number[]): PartyRecord[] {
    if (ids.length === 0) return [];
    return this.db
      .prepare<number[], { record_json: string }>(
        `SELECT record_json FROM parties WHERE id IN (${ids.map(() => '?').join(',')}) ORDER BY id`,
      )
      .all(...ids)
      .map((row) => JSON.parse(row.record_json) as PartyRecord);
  }

  /** Numbers for the docs and tests: places per country and level, and parties. */
  stats(): { places: { country: string; count: number }[]; parties: number } {
    const places = this.db
      .prepare<[], { country: string; count: number }>(
        'SELECT country_iso AS country, COUNT(*) AS count FROM places GROUP BY country_iso ORDER BY country_iso',
      )
      .all();
    const parties =
      this.db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM parties').get()?.count ?? 0;
    return { places, parties };
  }
}
