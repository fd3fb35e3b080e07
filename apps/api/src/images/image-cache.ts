import { systemClock } from '@fed/calendar';
import { IMAGE_FORMATS, type ImageFormat } from '@fed/contracts';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One resized image on disk. Everything the answer needs but the bytes is in its file name. */
export interface CachedImage {
  key: string;
  /** The strong ETag's opaque part (without quotes). */
  etag: string;
  format: ImageFormat;
  bytes: number;
  /** Last use (ms), kept on disk as the file's mtime so the order survives a restart. */
  usedAt: number;
}

const KEY = /^[0-9a-f]{64}$/;
const SHARD = /^[0-9a-f]{2}$/;
const ENTRY_NAME = new RegExp(`^([0-9a-f]{64})\\.([A-Za-z0-9_-]{1,64})\\.(${IMAGE_FORMATS.join('|')})$`);
/** What earlier versions of this cache and interrupted writes leave behind: removed at start. */
const LEFTOVER_NAME = /^(?:[0-9a-f]{64}\.(?:bin|json)|\.[0-9a-f-]{36})$/;
/**
 * A use is written to disk (as mtime) at most this often per entry: the order in memory is exact, the
 * one rebuilt after a restart only needs to be close, and a hot image should not cost a syscall per hit.
 */
const PERSIST_USE_EVERY_MS = 60_000;

/**
 * The resize cache: files `{dir}/{2 hex}/{key}.{etag}.{format}`, bounded in bytes, least recently used out.
 *
 * The index lives in memory (a Map in use order), built once from the directory at start (by each file's
 * atime or mtime, whichever is later), so a write evicts from the head of the Map without scanning the
 * directory. One process per directory: a second process would not see the first one's files in its index.
 */
export class ImageDiskCache {
  private readonly entries = new Map<string, CachedImage>();
  private readonly persistedAt = new Map<string, number>();
  private totalBytes = 0;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly now: () => number = () => systemClock.now(),
  ) {}

  /** Bytes and entries currently indexed (all of them on disk, unless removed behind the api's back). */
  get size(): { bytes: number; entries: number } {
    return { bytes: this.totalBytes, entries: this.entries.size };
  }

  /** Rebuilds the index from the directory: the least recently used first, then evicts down to the limit. */
  async load(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const found: CachedImage[] = [];
    for (const shard of await readdir(this.dir, { withFileTypes: true })) {
      if (!shard.isDirectory() || !SHARD.test(shard.name)) continue;
      const shardDir = join(this.dir, shard.name);
      for (const name of await readdir(shardDir).catch(() => [])) {
        const file = join(shardDir, name);
        const match = ENTRY_NAME.exec(name);
        if (match === null) {
          if (LEFTOVER_NAME.test(name)) await unlink(file).catch(() => undefined);
          continue;
        }
        const info = await stat(file).catch(() => null);
        if (info === null || !info.isFile()) continue;
        const [, key = '', etag = '', format = ''] = match;
        found.push({
          key,
          etag,
          format: format as ImageFormat,
          bytes: info.size,
          usedAt: Math.max(info.atimeMs, info.mtimeMs),
        });
      }
    }
    found.sort((a, b) => a.usedAt - b.usedAt);
    for (const entry of found) {
      const older = this.entries.get(entry.key);
      // Two files of one key only after a crash between writing the new one and removing the old one.
      if (older !== undefined) await this.forget(older, true);
      this.entries.set(entry.key, entry);
      this.persistedAt.set(entry.key, entry.usedAt);
      this.totalBytes += entry.bytes;
    }
    await this.evict();
  }

  /** The entry for `key`, now the most recently used; undefined on a miss. */
  lookup(key: string): CachedImage | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const now = this.now();
    this.entries.delete(key);
    entry.usedAt = now;
    this.entries.set(key, entry);
    if (now - (this.persistedAt.get(key) ?? 0) >= PERSIST_USE_EVERY_MS) {
      this.persistedAt.set(key, now);
      const seconds = now / 1000;
      void utimes(this.fileOf(entry), seconds, seconds).catch(() => undefined);
    }
    return entry;
  }

  /** The entry's bytes, or null (and the entry forgotten) when its file is gone. */
  async read(entry: CachedImage): Promise<Buffer | null> {
    try {
      return await readFile(this.fileOf(entry));
    } catch {
      if (this.entries.get(entry.key) === entry) void this.forget(entry);
      return null;
    }
  }

  /**
   * Writes an entry (through a temporary file and a rename, so a reader never sees half an image), then
   * evicts the least recently used ones until the cache is within its limit. An image bigger than the whole
   * limit is not kept.
   */
  async store(key: string, etag: string, format: ImageFormat, body: Buffer): Promise<void> {
    if (!KEY.test(key) || body.length > this.maxBytes) return;
    const entry: CachedImage = { key, etag, format, bytes: body.length, usedAt: this.now() };
    const shardDir = join(this.dir, key.slice(0, 2));
    await mkdir(shardDir, { recursive: true });
    const temp = join(shardDir, `.${randomUUID()}`);
    try {
      await writeFile(temp, body);
      await rename(temp, this.fileOf(entry));
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    const older = this.entries.get(key);
    // The same name was just replaced by the rename; another name (another ETag) is a stale file.
    const stale = older !== undefined && this.fileOf(older) !== this.fileOf(entry);
    const removed = older === undefined ? undefined : this.forget(older, stale);
    this.entries.set(key, entry);
    this.persistedAt.set(key, entry.usedAt);
    this.totalBytes += entry.bytes;
    await Promise.all([removed, this.evict()]);
  }

  /**
   * Drops the least recently used entries until the cache is within its limit. The index is updated at
   * once; the returned promise settles when their files are gone, so an answer leaves the disk in bounds.
   */
  private evict(): Promise<unknown> {
    const removals: Promise<void>[] = [];
    while (this.totalBytes > this.maxBytes) {
      const oldest = this.entries.values().next().value;
      if (oldest === undefined) break;
      removals.push(this.forget(oldest, true));
    }
    return Promise.all(removals);
  }

  /** Drops an entry from the index at once and, with `removeFile`, its file from the disk. */
  private async forget(entry: CachedImage, removeFile = false): Promise<void> {
    if (this.entries.get(entry.key) === entry) {
      this.entries.delete(entry.key);
      this.persistedAt.delete(entry.key);
      this.totalBytes -= entry.bytes;
    }
    // Already gone (removed by hand, or by a concurrent eviction) is what was wanted.
    if (removeFile) await unlink(this.fileOf(entry)).catch(() => undefined);
  }

  private fileOf(entry: Pick<CachedImage, 'key' | 'etag' | 'format'>): string {
    return join(this.dir, entry.key.slice(0, 2), `${entry.key}.${entry.etag}.${entry.format}`);
  }
}
