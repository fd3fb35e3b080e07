import { chmodSync, closeSync, existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The twins' data (personal data of the demo, sign-in codes in the outbox, uploads) is the owner's alone,
 * whatever the host's umask: directories 0700, files 0600.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Makes `file` an owner-only SQLite database before SQLite opens it: created 0600 when new, tightened when an
 * earlier start left it readable. SQLite gives its `-wal` and `-shm` files the database file's mode, and
 * ones left behind are tightened here too.
 */
export function preparePrivateDatabase(file: string): void {
  ensurePrivateDir(dirname(file));
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
}

/** Writes `body` to `file`, readable and writable by the owner only. */
export function writePrivateFile(file: string, body: Buffer | string): void {
  writeFileSync(file, body, { mode: 0o600 });
  chmodSync(file, 0o600);
}
