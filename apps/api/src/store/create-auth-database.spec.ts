import { sql } from 'kysely';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuthDatabase, migrateAuthDatabase } from './create-auth-database';

const root = mkdtempSync(join(tmpdir(), 'auth-store-files-'));
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Under the host's usual umask (022): the store's modes must not depend on it. */
describe('the SQLite auth store on disk', () => {
  it('is owner-only: the database, its -wal and -shm, and the directory we create', async () => {
    const dir = join(root, 'new', 'auth');
    const db = createAuthDatabase({ kind: 'sqlite', file: join(dir, 'auth.sqlite') });
    await migrateAuthDatabase(db);
    await sql`select count(*) from logins`.execute(db);
    const files = readdirSync(dir);
    expect(files).toEqual(expect.arrayContaining(['auth.sqlite', 'auth.sqlite-wal', 'auth.sqlite-shm']));
    for (const name of files) expect({ name, mode: modeOf(join(dir, name)) }).toEqual({ name, mode: 0o600 });
    expect(modeOf(dir)).toBe(0o700);
    await db.destroy();
  });

  it('tightens a database an earlier version left readable to others', async () => {
    const dir = join(root, 'old');
    mkdirSync(dir);
    writeFileSync(join(dir, 'auth.sqlite'), '', { mode: 0o644 });
    const db = createAuthDatabase({ kind: 'sqlite', file: join(dir, 'auth.sqlite') });
    await migrateAuthDatabase(db);
    expect(modeOf(join(dir, 'auth.sqlite'))).toBe(0o600);
    expect(modeOf(join(dir, 'auth.sqlite-wal'))).toBe(0o600);
    await db.destroy();
  });
});
