import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthTestApp, registerPerson } from './testing/auth-test-app';
import { CapturingLogger } from '../testing/capturing-logger';

/** Collects everything Nest's logger and the process streams receive. */
describe('logs during sign-in', () => {
  const written: string[] = [];
  beforeEach(() => {
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('never contain a code, a token or a phone number', async () => {
    const logger = new CapturingLogger();
    const t = await createAuthTestApp('sqlite', {}, logger);
    const phone = '+79031234567';
    const secrets: string[] = [phone, phone.slice(1), phone.slice(2)];
    try {
      const registered = await registerPerson(t, phone);
      secrets.push(registered.Token, registered.RefreshToken);
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      const code = t.sms.lastCodeFor(phone) ?? '';
      secrets.push(code);
      await t.http
        .post('/api/auth/LoginUserConfirm')
        .send({ phone, code: code === '000000' ? '000001' : '000000' });
      const login = await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code }).expect(200);
      secrets.push(login.body.data.Token, login.body.data.RefreshToken);
      const refreshed = await t.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: login.body.data.RefreshToken });
      secrets.push(refreshed.body.Token, refreshed.body.RefreshToken);
      // A platform failure is logged (as a warning and a 502): still nothing personal.
      t.platform.failWith = 500;
      await t.http
        .post('/api/auth/AddAccount')
        .set('Authorization', `Bearer ${refreshed.body.Token}`)
        .send({
          lastName: 'Иванова',
          firstName: 'Анна',
          middleName: '',
          birthDate: '2012-01-01',
          city: 'Казань',
          gender: 'female',
        })
        .expect(502);
      await t.http.post('/api/auth/Logout').send({ RefreshToken: refreshed.body.RefreshToken }).expect(200);
      // The audit trail records what happened with the phone masked and without codes or tokens.
      const audit = JSON.stringify(await t.db.selectFrom('audit_events').selectAll().execute());
      expect(audit).toContain('"event":"login"');
      expect(audit).toContain('+7*******567');
      for (const secret of secrets) expect(audit).not.toContain(secret);
    } finally {
      await t.close();
    }
    const everything = [...logger.lines, ...written].join('\n');
    expect(logger.lines.some((line) => line.includes('SMS queued to +7'))).toBe(true);
    expect(logger.lines.some((line) => line.includes('Platform call'))).toBe(true);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(everything).not.toContain(secret);
    }
  });
});
