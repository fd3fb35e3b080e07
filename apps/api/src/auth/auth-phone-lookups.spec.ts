import { authErrorCodes, authPaths, phoneStatusResponseSchema } from '@fed/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RELAXED_CODE_SEND_LIMITS } from '../config/auth-config';
import { HOUR_MS, productSendLimits } from './auth-constants';
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
  return `+7906${String(10_000_000 + phoneSeq).slice(1)}`;
}

/**
 * The answers that tell whether a number has a login (ADR 0012): `PhoneStatus`, `LoginUser` of an unknown
 * number, `RegisterUser`/`RegisterOrganization`/`ChangePhone` of a taken one. They share one per-address
 * limit, so numbers cannot be checked in bulk.
 */
describe.each(storeDialects)('whether a number is registered ($dialect)', ({ dialect, available }) => {
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

  const status = (phone: unknown) => t.http.post(authPaths.phoneStatus).send({ phone });

  describe.skipIf(!available)('PhoneStatus', () => {
    it('answers whether the number has a login, for the registration page’s phone step', async () => {
      const known = newPhone();
      await registerPerson(t, known);
      const yes = await status(known).expect(200);
      expect(phoneStatusResponseSchema.parse(yes.body)).toEqual({ data: { registered: true } });
      const masked = `+7 (${known.slice(2, 5)}) ${known.slice(5, 8)}-${known.slice(8, 10)}-${known.slice(10)}`;
      expect((await status(masked).expect(200)).body).toEqual({ data: { registered: true } });
      expect((await status(newPhone()).expect(200)).body).toEqual({ data: { registered: false } });
    });

    it('refuses a bad number with 400 and a Russian field error, and sends nothing', async () => {
      const bad = await status('+7900123').expect(400);
      expect(bad.body.fieldErrors.phone).toEqual(['Неверный формат телефона']);
      const extra = await t.http
        .post(authPaths.phoneStatus)
        .send({ phone: newPhone(), code: '1' })
        .expect(400);
      expect(extra.body.fieldErrors.code).toEqual(['Неизвестное поле']);
    });
  });

  describe.skipIf(!available)('the per-address limit of told answers', () => {
    it(`allows ${productSendLimits.lookupsPerIpPer10Min} in 10 minutes over the four endpoints, then refuses every number alike`, async () => {
      const known = newPhone();
      await registerPerson(t, known);
      t.clock.advance(HOUR_MS);
      const told = [
        () => status(newPhone()),
        () => t.http.post(authPaths.loginUser).send({ phone: newPhone() }),
        () =>
          t.http
            .post(authPaths.registerUser)
            .send({ phone: known, person, acceptUserAgreement: true, acceptSportsmanAgreement: true }),
        () =>
          t.http.post(authPaths.registerOrganization).send({
            phone: known,
            organization,
            acceptUserAgreement: true,
            acceptOrganizationAgreement: true,
          }),
      ];
      const expected = [200, 404, 409, 409];
      for (let answer = 0; answer < productSendLimits.lookupsPerIpPer10Min; answer += 1) {
        const kind = answer % told.length;
        expect((await told[kind]?.())?.status).toBe(expected[kind]);
      }
      const refused = await status(known).expect(429);
      expect(refused.body.code).toBe(authErrorCodes.tooManyRequests);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(600);
      expect(refused.body.message).toMatch(/^Слишком много запросов\. Повторите через \d+ (с|мин)$/);
      // A known number is refused the same way, so the refusal tells nothing either; nothing is sent.
      const sent = t.sms.messages.length;
      await t.http.post(authPaths.loginUser).send({ phone: known }).expect(429);
      await t.http.post(authPaths.loginUser).send({ phone: newPhone() }).expect(429);
      expect(t.sms.messages.length).toBe(sent);
      t.clock.advance(wait * 1000);
      await t.http.post(authPaths.loginUser).send({ phone: known }).expect(200);
    });
  });
});

describe('relaxed limits (sandbox end-to-end runs) and told answers', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp('sqlite', { codeSendLimits: RELAXED_CODE_SEND_LIMITS });
  });
  afterAll(async () => t.close());
  const status = (phone: string) => t.http.post(authPaths.phoneStatus).send({ phone });

  it('let a journey check numbers as often as it needs', async () => {
    for (let answer = 0; answer < productSendLimits.lookupsPerIpPer10Min + 10; answer += 1) {
      await status(newPhone()).expect(200);
      await t.http.post(authPaths.loginUser).send({ phone: newPhone() }).expect(404);
    }
  });
});
