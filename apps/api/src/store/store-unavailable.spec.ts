import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from './store-unavailable';

/** What a driver threw, run for real where it can be. */
function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isStoreUnavailable', () => {
  it('knows SQLite without its tables, closed, or not a database', () => {
    const db = new Database(':memory:');
    expect(isStoreUnavailable(thrownBy(() => db.prepare('SELECT * FROM logins').all()))).toBe(true);
    db.close();
    expect(isStoreUnavailable(thrownBy(() => db.prepare('SELECT 1').get()))).toBe(true);
    expect(isStoreUnavailable(withCode('SQLITE_BUSY', 'database is locked'))).toBe(true);
    expect(isStoreUnavailable(withCode('SQLITE_IOERR_WRITE', 'disk I/O error'))).toBe(true);
    expect(isStoreUnavailable(withCode('SQLITE_NOTADB', 'file is not a database'))).toBe(true);
  });

  it('knows PostgreSQL unreachable, shutting down, without its schema or refusing the login', () => {
    expect(isStoreUnavailable(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    const everyAddress = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'failed');
    expect(isStoreUnavailable(everyAddress)).toBe(true);
    expect(isStoreUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(
      true,
    );
    expect(isStoreUnavailable(withCode('08006'))).toBe(true);
    expect(isStoreUnavailable(withCode('42P01', 'relation "logins" does not exist'))).toBe(true);
    expect(isStoreUnavailable(withCode('28P01', 'password authentication failed'))).toBe(true);
    expect(isStoreUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isStoreUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isStoreUnavailable(new Error('wrapped', { cause: withCode('ECONNRESET') }))).toBe(true);
  });

  it('leaves a wrong statement, a broken constraint and anything else a bug', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE logins (phone TEXT UNIQUE)');
    db.prepare('INSERT INTO logins VALUES (?)').run('+79990000001');
    expect(
      isStoreUnavailable(thrownBy(() => db.prepare('INSERT INTO logins VALUES (?)').run('+79990000001'))),
    ).toBe(false);
    expect(isStoreUnavailable(thrownBy(() => db.prepare('SELEC 1').get()))).toBe(false);
    expect(isStoreUnavailable(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(isStoreUnavailable(withCode('42703', 'column "x" does not exist'))).toBe(false);
    expect(isStoreUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isStoreUnavailable('boom')).toBe(false);
    expect(isStoreUnavailable(null)).toBe(false);
    db.close();
  });
});
