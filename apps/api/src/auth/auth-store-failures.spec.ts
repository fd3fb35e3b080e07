import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthTestApp, person, registerPerson, type AuthTestApp } from './testing/auth-test-app';

/** What a store-failure answer must be: 503, its code, a Russian message that says when, and `Retry-After`. */
function expectUnavailable(response: { status: number; headers: Record<string, string>; body: unknown }) {
  expect(response.status).toBe(503);
  expect(response.body).toMatchObject({
    statusCode: 503,
    code: 'service_unavailable',
    message: 'Сервис временно недоступен. Повторите через 5 с',
  });
  expect(response.headers['retry-after']).toBe('5');
}

describe('the auth store out of reach', () => {
  let t: AuthTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers sign-in with 503 service_unavailable and Retry-After when the store was wiped', async () => {
    t = await createAuthTestApp('sqlite');
    const phone = '+79001112233';
    await registerPerson(t, phone);
    // Every table gone, as if the store's file were replaced by an empty one.
    await sql`PRAGMA foreign_keys = OFF`.execute(t.db);
    const tables = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(t.db);
    for (const { name } of tables.rows) await sql`DROP TABLE ${sql.table(name)}`.execute(t.db);

    expectUnavailable(await t.http.post('/api/auth/LoginUser').send({ phone }));
    expectUnavailable(
      await t.http.post('/api/auth/RegisterUser').send({
        phone: '+79001112234',
        person,
        acceptUserAgreement: true,
        acceptSportsmanAgreement: true,
      }),
    );
  });

  it('answers 503 when the store cannot be reached at all, the session check of a signed-in call included', async () => {
    t = await createAuthTestApp('sqlite');
    const tokens = await registerPerson(t, '+79001112235');
    await t.db.destroy();

    expectUnavailable(await t.http.post('/api/auth/LoginUser').send({ phone: '+79001112235' }));
    expectUnavailable(await t.http.post('/api/auth/Refresh').send({ RefreshToken: tokens.RefreshToken }));
    expectUnavailable(
      await t.http.get('/api/auth/LinkedAccounts').set('Authorization', `Bearer ${tokens.Token}`),
    );
  });

  it('still answers a bad request as such, and its own refusals with their codes', async () => {
    t = await createAuthTestApp('sqlite');
    const bad = await t.http.post('/api/auth/LoginUser').send({ phone: 'не телефон' });
    expect(bad.status).toBe(400);
    const unknown = await t.http.post('/api/auth/LoginUser').send({ phone: '+79001112236' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('phone_not_registered');
  });
});
