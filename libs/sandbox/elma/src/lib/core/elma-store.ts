import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import Database from 'better-sqlite3';
import { preparePrivateDatabase } from '@fed/sandbox-common';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from './elma-options';
import { migrate } from './migrations';
import { normalizeSearch } from './text';

/** Owns the twin's SQLite connection: opens it, migrates it, closes it with the module. */
@Injectable()
export class ElmaStore implements OnModuleDestroy {
  readonly db: Database.Database;

  constructor(@Inject(ELMA_TWIN_OPTIONS) options: ResolvedElmaTwinOptions) {
    preparePrivateDatabase(options.databaseFile);
    this.db = new Database(options.databaseFile);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // The directories' indexes run to tens of megabytes at scale (50 000 athletes): keep them in memory rather
    // than re-read them from the file on every count.
    this.db.pragma('cache_size = -65536');
    this.db.pragma('mmap_size = 268435456');
    // SQLite's lower() knows ASCII only; Cyrillic search needs JavaScript's.
    this.db.function('lower_ru', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? normalizeSearch(value) : null,
    );
    migrate(this.db, options.now);
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }

  onModuleDestroy(): void {
    if (this.db.open) this.db.close();
  }
}
