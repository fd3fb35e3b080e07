import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir, preparePrivateDatabase, writePrivateFile } from './private-files';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('private files of the twins', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'sandbox-private-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('makes a directory owner-only, new or left open by an earlier start', () => {
    const fresh = join(root, 'a', 'b');
    ensurePrivateDir(fresh);
    expect(modeOf(fresh)).toBe(0o700);
    const open = join(root, 'open');
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    ensurePrivateDir(open);
    expect(modeOf(open)).toBe(0o700);
  });

  it('creates a database file 0600 and tightens the -wal and -shm files left readable', () => {
    const file = join(root, 'data', 'twin.sqlite');
    mkdirSync(join(root, 'data'));
    writeFileSync(`${file}-wal`, '', { mode: 0o644 });
    chmodSync(`${file}-wal`, 0o644);
    preparePrivateDatabase(file);
    expect(modeOf(join(root, 'data'))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
  });

  it('writes a file 0600 even over one that was readable', () => {
    const file = join(root, 'upload');
    writeFileSync(file, 'old', { mode: 0o644 });
    chmodSync(file, 0o644);
    writePrivateFile(file, 'new');
    expect(modeOf(file)).toBe(0o600);
  });
});
