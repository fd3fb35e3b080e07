import { systemClock } from '@fed/calendar';

/** How long a rendered page is served as it is, then served while it is rendered again, then dropped. */
export interface PageCacheOptions {
  /** Served without rendering again. */
  freshMs: number;
  /** Past fresh and up to this age: served at once, and rendered again behind it for the next request. */
  staleMs: number;
  maxEntries: number;
  /** The bytes the entries may hold together (their `weight`). */
  maxBytes: number;
  now?: () => number;
}

export interface CachedPage {
  weight: number;
}

interface Entry<T> {
  page: T;
  renderedAt: number;
}

export type CacheOutcome = 'hit' | 'stale' | 'miss';

/**
 * A short shared cache of rendered pages by address: one render per address however many ask at once, a stale
 * page served while the next is rendered, bounded by count and bytes (the least recently used go first), and
 * emptied at once by `invalidate` — after which a render started earlier is not kept.
 */
export class PageCache<T extends CachedPage> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly rendering = new Map<string, Promise<T>>();
  private bytes = 0;
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? (() => systemClock.now());
  }

  /** The page at `key`: the cached one while fresh (or stale, renewing it behind), else `render`'s. */
  async get(
    key: string,
    render: () => Promise<{ page: T; keep: boolean }>,
  ): Promise<{ page: T; outcome: CacheOutcome }> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.renderedAt : Infinity;
    if (entry && age <= this.options.freshMs) {
      this.touch(key, entry);
      return { page: entry.page, outcome: 'hit' };
    }
    if (entry && age <= this.options.staleMs) {
      this.touch(key, entry);
      // The error of a renewal behind a served page is its own render's: the stale page stays until it expires.
      this.renderOnce(key, render).catch(() => undefined);
      return { page: entry.page, outcome: 'stale' };
    }
    return { page: await this.renderOnce(key, render), outcome: 'miss' };
  }

  /** Forgets every page (the platform changed through the portal). */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.rendering.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private renderOnce(key: string, render: () => Promise<{ page: T; keep: boolean }>): Promise<T> {
    const running = this.rendering.get(key);
    if (running) return running;
    const generation = this.generation;
    const started = this.now();
    const promise = render()
      .then(({ page, keep }) => {
        if (generation !== this.generation) return page;
        if (keep) this.store(key, { page, renderedAt: started });
        else this.remove(key);
        return page;
      })
      .finally(() => {
        if (this.rendering.get(key) === promise) this.rendering.delete(key);
      });
    this.rendering.set(key, promise);
    return promise;
  }

  private touch(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.page.weight;
    this.entries.delete(key);
  }

  private store(key: string, entry: Entry<T>): void {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.page.weight;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      if (oldest === key) continue;
      this.bytes -= old.page.weight;
      this.entries.delete(oldest);
    }
  }
}
