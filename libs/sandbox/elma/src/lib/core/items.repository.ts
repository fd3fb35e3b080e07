import { Inject, Injectable } from '@nestjs/common';
import type { ElmaListBody } from '@fed/contracts';
import type { Statement } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { appDefinition, type ElmaAppDefinition } from './app-registry';
import { ElmaError } from './elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from './elma-options';
import { ElmaStore } from './elma-store';
import { compileFilter, compileSort } from './query';
import { normalizeSearch } from './text';

/** An app item as the platform answers it: system fields plus the app's fields. */
export interface StoredItem {
  __id: string;
  __name: string;
  __createdAt: string;
  __updatedAt: string;
  __deletedAt: string | null;
  [field: string]: unknown;
}

interface ItemRow {
  id: string;
  name: string;
  data: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface NewItem {
  id?: string;
  name: string;
  fields: Record<string, unknown>;
  createdAt?: string;
}

const COLUMNS = 'items.id, items.name, items.data, items.created_at, items.updated_at, items.deleted_at';

function rowToItem(row: ItemRow): StoredItem {
  return {
    __id: row.id,
    __name: row.name,
    __createdAt: row.created_at,
    __updatedAt: row.updated_at,
    __deletedAt: row.deleted_at,
    ...(JSON.parse(row.data) as Record<string, unknown>),
  };
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>)
      .map(textOf)
      .join(' ');
  return '';
}

/**
 * Prepared statements kept: SQLite compiles a statement in tens of microseconds, as long as a small indexed read
 * takes, and the services ask the same few shapes over and over. Lists with `IN (?, …)` make a shape per length,
 * hence a bound; the least recently used goes first.
 */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Values derived from the items kept (see {@link ItemsRepository.derived}): the keys come from callers' input
 * (a search, a page), hence a bound; the least recently used goes first.
 */
const DERIVED_CACHE_SIZE = 512;

/**
 * Puts `value` under `key` as the most recently used of `kept`, dropping the least recently used beyond `limit`:
 * a Map iterates in insertion order, so its first key is the one to drop.
 */
function keepRecent<V>(kept: Map<string, V>, key: string, value: V, limit: number): V {
  if (!kept.delete(key) && kept.size >= limit) kept.delete(kept.keys().next().value as string);
  kept.set(key, value);
  return value;
}

/** Generic storage of app items in SQLite: the one place that writes the `items` table. */
@Injectable()
export class ItemsRepository {
  private writes = 0;
  private readonly statements = new Map<string, Statement>();
  private readonly derivedValues = new Map<string, unknown>();
  /** The value of `writes` the derived values were computed at. */
  private derivedAt = 0;

  constructor(
    private readonly store: ElmaStore,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  /** The prepared statement of `sql`, compiled once and kept (see {@link STATEMENT_CACHE_SIZE}). */
  private statement(sql: string): Statement {
    return keepRecent(
      this.statements,
      sql,
      this.statements.get(sql) ?? this.store.db.prepare(sql),
      STATEMENT_CACHE_SIZE,
    );
  }

  /**
   * What `derive` computes from the items alone, kept under `key` until the next write to them: the reads the
   * callers repeat (an event's card, a page of events, a count) cost a lookup in between. What the value owes
   * to the clock belongs in `key` (the federation's day) or outside it (a deadline compared with now on every
   * read). Nothing is kept inside a transaction, whose reads may see writes that roll back. The value is the
   * same object for every caller until then: read it, never change it. The twin's process owns its database
   * (no other writes it), as the counts of the directories and the age classes already assume.
   */
  derived<T>(key: string, derive: () => T): T {
    if (this.store.db.inTransaction) return derive();
    if (this.derivedAt !== this.writes) {
      this.derivedValues.clear();
      this.derivedAt = this.writes;
    }
    // A value kept is what `derive` returned for this key: a T (the key names what is derived).
    const value = this.derivedValues.has(key) ? (this.derivedValues.get(key) as T) : derive();
    // Should deriving have written, what it read may be stale already: it is not kept.
    if (this.derivedAt === this.writes) keepRecent(this.derivedValues, key, value, DERIVED_CACHE_SIZE);
    return value;
  }

  private searchText(app: ElmaAppDefinition, name: string, fields: Record<string, unknown>): string {
    return normalizeSearch([name, ...app.searchFields.map((field) => textOf(fields[field]))].join(' '));
  }

  get(appCode: string, id: string, includeDeleted = false): StoredItem | undefined {
    const row = this.statement(
      `SELECT ${COLUMNS} FROM items WHERE app = ? AND id = ?${includeDeleted ? '' : ' AND deleted_at IS NULL'}`,
    ).get(appCode, id) as ItemRow | undefined;
    return row ? rowToItem(row) : undefined;
  }

  require(appCode: string, id: string, what: string): StoredItem {
    const item = this.get(appCode, id);
    if (!item) throw ElmaError.notFound(`${what} ${id} not found`);
    return item;
  }

  getMany(appCode: string, ids: readonly string[]): StoredItem[] {
    if (ids.length === 0) return [];
    const rows = this.statement(
      `SELECT ${COLUMNS} FROM items WHERE app = ? AND deleted_at IS NULL AND id IN (${ids.map(() => '?').join(', ')})`,
    ).all(appCode, ...ids) as ItemRow[];
    const byId = new Map(rows.map((row) => [row.id, rowToItem(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  insert(appCode: string, item: NewItem): StoredItem {
    const app = appDefinition(appCode);
    const now = this.options.now().toISOString();
    const id = item.id ?? randomUUID();
    const createdAt = item.createdAt ?? now;
    this.writes += 1;
    this.statement(
      'INSERT INTO items (app, id, name, data, search, created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
    ).run(
      appCode,
      id,
      item.name,
      JSON.stringify(item.fields),
      this.searchText(app, item.name, item.fields),
      createdAt,
      createdAt,
    );
    return this.get(appCode, id) as StoredItem;
  }

  /** Inserts many items in one transaction with one prepared statement (seeding). */
  insertMany(appCode: string, items: readonly NewItem[]): void {
    const app = appDefinition(appCode);
    const now = this.options.now().toISOString();
    const statement = this.store.db.prepare(
      'INSERT INTO items (app, id, name, data, search, created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
    );
    this.writes += 1;
    this.store.db.transaction(() => {
      for (const item of items) {
        const createdAt = item.createdAt ?? now;
        statement.run(
          appCode,
          item.id ?? randomUUID(),
          item.name,
          JSON.stringify(item.fields),
          this.searchText(app, item.name, item.fields),
          createdAt,
          createdAt,
        );
      }
    })();
  }

  /** Merges fields into an item (`null` empties a field); `deletedAt` soft-deletes or restores. */
  update(
    appCode: string,
    id: string,
    change: { name?: string; fields: Record<string, unknown>; deletedAt?: string | null },
  ): StoredItem {
    const app = appDefinition(appCode);
    const current = this.get(appCode, id, true);
    if (!current) throw ElmaError.notFound(`item ${id} not found in app ${app.namespace}.${app.code}`);
    const { __id, __name, __createdAt, __updatedAt, __deletedAt, ...currentFields } = current;
    void __id;
    void __createdAt;
    void __updatedAt;
    const fields: Record<string, unknown> = { ...currentFields };
    for (const [field, value] of Object.entries(change.fields)) {
      if (value === null) delete fields[field];
      else fields[field] = value;
    }
    const name = change.name ?? __name;
    const deletedAt = change.deletedAt === undefined ? __deletedAt : change.deletedAt;
    this.writes += 1;
    this.statement(
      'UPDATE items SET name = ?, data = ?, search = ?, updated_at = ?, deleted_at = ? WHERE app = ? AND id = ?',
    ).run(
      name,
      JSON.stringify(fields),
      this.searchText(app, name, fields),
      this.options.now().toISOString(),
      deletedAt,
      appCode,
      id,
    );
    return this.get(appCode, id, true) as StoredItem;
  }

  list(appCode: string, body: ElmaListBody): { result: StoredItem[]; total: number } {
    const app = appDefinition(appCode);
    const where = compileFilter(app, body.filter);
    const active = body.active ?? true;
    const condition = `items.app = ?${active ? ' AND items.deleted_at IS NULL' : ''} AND (${where.sql})`;
    const params = [appCode, ...where.params];
    const total = (
      this.statement(`SELECT count(*) AS total FROM items WHERE ${condition}`).get(...params) as {
        total: number;
      }
    ).total;
    const rows = this.statement(
      `SELECT ${COLUMNS} FROM items WHERE ${condition} ORDER BY ${compileSort(app, body.sortExpressions)} LIMIT ? OFFSET ?`,
    ).all(...params, body.size ?? 10, body.from ?? 0) as ItemRow[];
    return { result: rows.map(rowToItem), total };
  }

  count(appCode: string): number {
    return (
      this.statement('SELECT count(*) AS n FROM items WHERE app = ? AND deleted_at IS NULL').get(appCode) as {
        n: number;
      }
    ).n;
  }

  /** Runs a function in one SQLite transaction. */
  transaction<T>(work: () => T): T {
    return this.store.db.transaction(work)();
  }

  /** Raw read access for the services' hand-tuned queries (indexed expressions). */
  query<T>(sql: string, params: readonly unknown[]): T[] {
    return (this.statement(sql).all(...params) as ItemRow[]).map(rowToItem) as T[];
  }

  /** Items by their row number (`seq`), in the order asked: the second step of a page read from an index. */
  bySeq(seqs: readonly number[]): StoredItem[] {
    if (seqs.length === 0) return [];
    const rows = this.statement(
      `SELECT items.seq, ${COLUMNS} FROM items WHERE items.seq IN (${seqs.map(() => '?').join(', ')})`,
    ).all(...seqs) as Array<ItemRow & { seq: number }>;
    const bySeq = new Map(rows.map((row) => [row.seq, rowToItem(row)]));
    return seqs.flatMap((seq) => bySeq.get(seq) ?? []);
  }

  /** Raw rows of an aggregate query. */
  rows<T>(sql: string, params: readonly unknown[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  scalar(sql: string, params: readonly unknown[]): number {
    const row = this.statement(sql).get(...params) as Record<string, number> | undefined;
    return row ? (Object.values(row)[0] ?? 0) : 0;
  }

  static readonly columns = COLUMNS;
}
