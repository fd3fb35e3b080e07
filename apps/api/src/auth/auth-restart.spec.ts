import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, person, registerPerson, type AuthTestApp } from './testing/auth-test-app';

/**
 * The api restarted in the middle of a journey: what a person began on the process that stopped goes on, on the
 * process that started after it over the same auth store (a deployment's restart). The portal's side of it (the
 * message while it is down, the form kept, the same session saving after) is the restart journey of
 * `apps/portal-e2e/src/journeys/faults.spec.ts`.
 */
describe('the api restarted mid-journey', () => {
  const dir = mkdtempSync(join(tmpdir(), 'auth-restart-'));
  const database = { kind: 'sqlite' as const, file: join(dir, 'auth.sqlite') };
  const apps: AuthTestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('confirms a code sent before the restart, and keeps a session from before it', async () => {
    const before = await createAuthTestApp('sqlite', {}, false, { database });
    apps.push(before);
    const session = await registerPerson(before, '+79051240001');
    const phone = '+79051240002';
    await before.http
      .post('/api/auth/RegisterUser')
      .send({ phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true })
      .expect(200);
    const code = before.sms.lastCodeFor(phone);
    await before.app.close();

    const after = await createAuthTestApp('sqlite', {}, false, { database, clock: before.clock });
    apps.push(after);
    const confirmed = await after.http
      .post('/api/auth/RegisterUserConfirm')
      .send({ phone, code })
      .expect(200);
    expect(confirmed.body.data).toMatchObject({
      Token: expect.any(String),
      RefreshToken: expect.any(String),
    });
    // The code is spent: the same one again is refused, not a second account.
    await after.http
      .post('/api/auth/RegisterUserConfirm')
      .send({ phone, code })
      .expect((answer) => {
        expect(answer.status).toBeGreaterThanOrEqual(400);
      });
    const refreshed = await after.http
      .post('/api/auth/Refresh')
      .send({ RefreshToken: session.RefreshToken })
      .expect(200);
    expect(refreshed.body.Token).toEqual(expect.any(String));
  });
});
