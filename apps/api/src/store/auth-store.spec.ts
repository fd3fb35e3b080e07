import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, storeDialects } from '../auth/testing/auth-test-app';
import type { AuthDb } from './auth-database';
import { createAuthDatabase, migrateAuthDatabase } from './create-auth-database';

describe.each(storeDialects)('auth store ($dialect)', ({ dialect, available }) => {
  let db: AuthDb | null = null;
  let drop: (() => Promise<void>) | null = null;

  afterEach(async () => {
    await db?.destroy();
    await drop?.();
    db = null;
    drop = null;
  });

  async function open(): Promise<AuthDb> {
    const fresh = await freshDatabase(dialect);
    drop = fresh.drop;
    db = createAuthDatabase(fresh.target);
    await migrateAuthDatabase(db);
    return db;
  }

  it.skipIf(!available)('migrates an empty database, and migrating again changes nothing', async () => {
    const store = await open();
    await migrateAuthDatabase(store);
    const tables = (await store.introspection.getTables()).map((table) => table.name).sort();
    expect(tables).toEqual(
      expect.arrayContaining([
        'audit_events',
        'auth_codes',
        'login_contractors',
        'logins',
        'rate_events',
        'refresh_families',
        'refresh_tokens',
      ]),
    );
  });

  it.skipIf(!available)('reads epoch-millisecond times back as numbers', async () => {
    const store = await open();
    const now = 1_795_316_461_123;
    await store
      .insertInto('logins')
      .values({
        id: 'l1',
        phone: '+79001234567',
        primary_type: 'sportsman',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const row = await store.selectFrom('logins').selectAll().executeTakeFirstOrThrow();
    expect(row.created_at).toBe(now);
    expect(typeof row.created_at).toBe('number');
  });

  it.skipIf(!available)('holds one login per phone and one organization per login', async () => {
    const store = await open();
    const login = { primary_type: 'sportsman' as const, created_at: 1, updated_at: 1 };
    await store
      .insertInto('logins')
      .values({ id: 'l1', phone: '+79001234567', ...login })
      .execute();
    await expect(
      store
        .insertInto('logins')
        .values({ id: 'l2', phone: '+79001234567', ...login })
        .execute(),
    ).rejects.toThrow();
    const bind = (id: string, type: 'sportsman' | 'organization') =>
      store
        .insertInto('login_contractors')
        .values({ contractor_id: id, login_id: 'l1', contractor_type: type, created_at: 1 })
        .execute();
    await bind('s1', 'sportsman');
    await bind('s2', 'sportsman');
    await bind('o1', 'organization');
    await expect(bind('o2', 'organization')).rejects.toThrow();
    // A record belongs to one login only.
    await expect(bind('s1', 'sportsman')).rejects.toThrow();
  });

  it.skipIf(!available)(
    'counts attempts atomically with RETURNING and removes a login with its rows',
    async () => {
      const store = await open();
      await store
        .insertInto('auth_codes')
        .values({
          id: 'c1',
          phone: '+79001234567',
          purpose: 'login',
          code_hash: 'h',
          payload: null,
          ip_hash: 'i',
          created_at: 1,
          expires_at: 2,
          consumed_at: null,
        })
        .execute();
      const updated = await store
        .updateTable('auth_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', 'c1')
        .returning('attempts')
        .executeTakeFirstOrThrow();
      expect(updated.attempts).toBe(1);

      await store
        .insertInto('logins')
        .values({ id: 'l1', phone: '+79001234567', primary_type: 'sportsman', created_at: 1, updated_at: 1 })
        .execute();
      await store
        .insertInto('refresh_families')
        .values({
          id: 'f1',
          login_id: 'l1',
          contractor_type: 'sportsman',
          active_contractor_id: 's1',
          created_at: 1,
          revoked_at: null,
          revoke_reason: null,
        })
        .execute();
      await store
        .insertInto('refresh_tokens')
        .values({ id: 't1', family_id: 'f1', token_hash: 'x', created_at: 1, expires_at: 2, used_at: null })
        .execute();
      await store.deleteFrom('logins').where('id', '=', 'l1').execute();
      const left = await sql<{ n: number }>`select count(*) as n from refresh_tokens`.execute(store);
      expect(Number(left.rows[0]?.n)).toBe(0);
    },
  );
});
