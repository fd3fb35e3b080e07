import { authErrorCodes } from '@fed/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authLimits, HOUR_MS, productSendLimits } from './auth-constants';
import {
  createAuthTestApp,
  organization,
  person,
  registerPerson,
  storeDialects,
  type AuthTestApp,
} from './testing/auth-test-app';

let phoneSeq = 0;
function newPhone(): string {
  phoneSeq += 1;
  return `+7903${String(10_000_000 + phoneSeq).slice(1)}`;
}

interface Flow {
  name: string;
  /** Prepares what the flow needs (a registered phone) and answers the send step's request. */
  send(t: AuthTestApp): Promise<{ path: string; body: object; phones: string[] }>;
  /** The confirm request for the codes read from the outbox (or wrong ones). */
  confirm(phones: string[], codes: string[]): { path: string; body: object };
}

const flows: Flow[] = [
  {
    name: 'LoginUser → LoginUserConfirm',
    send: async (t) => {
      const phone = newPhone();
      await registerPerson(t, phone);
      return { path: '/api/auth/LoginUser', body: { phone }, phones: [phone] };
    },
    confirm: ([phone], [code]) => ({ path: '/api/auth/LoginUserConfirm', body: { phone, code } }),
  },
  {
    name: 'RegisterUser → RegisterUserConfirm',
    send: (_t) => {
      const phone = newPhone();
      const body = { phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true };
      return Promise.resolve({ path: '/api/auth/RegisterUser', body, phones: [phone] });
    },
    confirm: ([phone], [code]) => ({ path: '/api/auth/RegisterUserConfirm', body: { phone, code } }),
  },
  {
    name: 'RegisterOrganization → RegisterUserConfirm',
    send: (_t) => {
      const phone = newPhone();
      const body = { phone, organization, acceptUserAgreement: true, acceptOrganizationAgreement: true };
      return Promise.resolve({ path: '/api/auth/RegisterOrganization', body, phones: [phone] });
    },
    confirm: ([phone], [code]) => ({ path: '/api/auth/RegisterUserConfirm', body: { phone, code } }),
  },
  {
    name: 'ChangePhone → ChangePhoneConfirm',
    send: async (t) => {
      const oldPhone = newPhone();
      const target = newPhone();
      await registerPerson(t, oldPhone);
      return {
        path: '/api/auth/ChangePhone',
        body: { oldPhone, newPhone: target },
        phones: [oldPhone, target],
      };
    },
    confirm: ([oldPhone, target], [oldCode, newCode]) => ({
      path: '/api/auth/ChangePhoneConfirm',
      body: { oldPhone, newPhone: target, oldCode, newCode },
    }),
  },
];

function wrongFor(code: string): string {
  return code === '000000' ? '000001' : '000000';
}

describe.each(storeDialects)('every code flow ($dialect)', ({ dialect, available }) => {
  let t: AuthTestApp;
  beforeAll(async () => {
    if (available) t = await createAuthTestApp(dialect);
  });
  afterAll(async () => {
    if (available) await t.close();
  });
  beforeEach(() => {
    if (available) t.clock.advance(2 * HOUR_MS);
  });

  const codesOf = (phones: string[]) => phones.map((phone) => t.sms.lastCodeFor(phone) ?? '');

  describe.skipIf(!available).each(flows)('$name', (flow) => {
    it('succeeds with the right code(s), once', async () => {
      const send = await flow.send(t);
      await t.http.post(send.path).send(send.body).expect(200);
      const confirm = flow.confirm(send.phones, codesOf(send.phones));
      const ok = await t.http.post(confirm.path).send(confirm.body).expect(200);
      expect(ok.body.data).toEqual({ Token: expect.any(String), RefreshToken: expect.any(String) });
      await t.http.post(confirm.path).send(confirm.body).expect(400);
    });

    it('refuses a wrong code, then kills it after five wrong tries', async () => {
      const send = await flow.send(t);
      await t.http.post(send.path).send(send.body).expect(200);
      const codes = codesOf(send.phones);
      const wrong = flow.confirm(send.phones, codes.map(wrongFor));
      for (let attempt = 1; attempt < authLimits.codeMaxWrongAttempts; attempt += 1) {
        const response = await t.http.post(wrong.path).send(wrong.body).expect(400);
        expect(response.body.code).toBe(authErrorCodes.codeInvalid);
      }
      const dead = await t.http.post(wrong.path).send(wrong.body).expect(400);
      expect(dead.body.code).toBe(authErrorCodes.codeAttemptsExceeded);
      const right = flow.confirm(send.phones, codes);
      const after = await t.http.post(right.path).send(right.body).expect(400);
      expect(after.body.code).toBe(authErrorCodes.codeAttemptsExceeded);
    });

    it('refuses an expired code', async () => {
      const send = await flow.send(t);
      await t.http.post(send.path).send(send.body).expect(200);
      t.clock.advance(authLimits.codeTtlMs);
      const confirm = flow.confirm(send.phones, codesOf(send.phones));
      const response = await t.http.post(confirm.path).send(confirm.body).expect(400);
      expect(response.body.code).toBe(authErrorCodes.codeExpired);
    });

    it('refuses a resend within 60 s, then locks the phone for this address 1, 2, 5, 15 minutes', async () => {
      const send = await flow.send(t);
      t.clock.advance(HOUR_MS); // past the lock window of the registration that prepared the flow
      await t.http.post(send.path).send(send.body).expect(200);
      const early = await t.http.post(send.path).send(send.body).expect(429);
      expect(early.body.code).toBe(authErrorCodes.resendTooEarly);
      expect(early.headers['retry-after']).toBe('60');
      const steps = [...productSendLimits.pairLockStepsMs, ...productSendLimits.pairLockStepsMs.slice(-1)];
      expect(steps.map((ms) => ms / 60_000)).toEqual([1, 2, 5, 15, 15]);
      for (const [index, step] of steps.entries()) {
        t.clock.advance(step - 1000);
        const locked = await t.http.post(send.path).send(send.body).expect(429);
        expect(locked.body.code).toBe(
          index === 0 ? authErrorCodes.resendTooEarly : authErrorCodes.tooManyCodes,
        );
        expect(locked.headers['retry-after']).toBe('1');
        expect(locked.body.message).toMatch(/через 1 с$/);
        t.clock.advance(1000);
        await t.http.post(send.path).send(send.body).expect(200);
      }
    });
  });
});
