import { authErrorCodes } from '@fed/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authLimits, HOUR_MS, productSendLimits } from './auth-constants';
import {
  claimsOf,
  createAuthTestApp,
  organization,
  person,
  registerOrganizationOn,
  registerPerson,
  storeDialects,
  type AuthTestApp,
} from './testing/auth-test-app';

let phoneSeq = 0;
/** A fresh Russian number per call, so tests never share per-phone limits. */
function newPhone(): string {
  phoneSeq += 1;
  return `+7900${String(10_000_000 + phoneSeq).slice(1)}`;
}

describe.each(storeDialects)('sign-in and registration ($dialect)', ({ dialect, available }) => {
  let t: AuthTestApp;

  beforeAll(async () => {
    if (available) t = await createAuthTestApp(dialect);
  });
  afterAll(async () => {
    if (available) await t.close();
  });
  // Every test starts in a fresh hour, so the per-IP send limit of one test does not leak into the next.
  beforeEach(() => {
    if (available) t.clock.advance(2 * HOUR_MS);
  });

  describe.skipIf(!available)('LoginUser / LoginUserConfirm', () => {
    it('signs a registered phone in; the phone may be written with the mask', async () => {
      const phone = newPhone();
      await registerPerson(t, phone);
      const masked = `+7 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`;
      const sent = await t.http.post('/api/auth/LoginUser').send({ phone: masked }).expect(200);
      expect(sent.body).toEqual({ data: { codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 } });
      const code = t.sms.lastCodeFor(phone);
      expect(code).toMatch(/^\d{6}$/);
      const confirmed = await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code }).expect(200);
      expect(confirmed.body.data.Token).toEqual(expect.any(String));
      expect(confirmed.body.data.RefreshToken).toEqual(expect.any(String));
      expect(claimsOf(confirmed.body.data.Token)).toMatchObject({
        ContractorType: 'sportsman',
        typ: 'access',
      });
    });

    it('tells an unknown phone at once (404 phone_not_registered): no SMS, no code', async () => {
      const unknown = newPhone();
      const response = await t.http.post('/api/auth/LoginUser').send({ phone: unknown }).expect(404);
      expect(response.body).toMatchObject({
        statusCode: 404,
        code: 'phone_not_registered',
        message: 'Этот номер не зарегистрирован',
        fieldErrors: { phone: ['Этот номер не зарегистрирован'] },
      });
      expect(t.sms.lastCodeFor(unknown)).toBeNull();
      const rows = await t.db.selectFrom('auth_codes').select('id').where('phone', '=', unknown).execute();
      expect(rows).toEqual([]);
      // Nothing holds the number back: it may register at once.
      await t.http
        .post('/api/auth/RegisterUser')
        .send({ phone: unknown, person, acceptUserAgreement: true, acceptSportsmanAgreement: true })
        .expect(200);
    });

    it.each([
      [{}, 'phone', 'Поле обязательно'],
      [{ phone: '' }, 'phone', 'Поле обязательно'],
      [{ phone: '+7900123' }, 'phone', 'Неверный формат телефона'],
      [{ phone: '+4915112345678' }, 'phone', 'Неверный формат телефона'],
      [{ phone: 12345 }, 'phone', 'Поле обязательно'],
      [{ phone: '+79001234567', admin: true }, 'admin', 'Неизвестное поле'],
    ])('LoginUser refuses %j with 400 and a Russian field error', async (body, field, message) => {
      const response = await t.http.post('/api/auth/LoginUser').send(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: authErrorCodes.validation });
      expect(response.body.fieldErrors[field]).toContain(message);
    });

    it.each([
      [{ phone: '+79001234567' }, 'code', 'Поле обязательно'],
      [{ phone: '+79001234567', code: '12345' }, 'code', 'Код состоит из 6 цифр'],
      [{ phone: '+79001234567', code: 'abcdef' }, 'code', 'Код состоит из 6 цифр'],
      [{ code: '123456' }, 'phone', 'Поле обязательно'],
    ])('LoginUserConfirm refuses %j', async (body, field, message) => {
      const response = await t.http.post('/api/auth/LoginUserConfirm').send(body).expect(400);
      expect(response.body.fieldErrors[field]).toContain(message);
    });

    it('accepts the four countries of spec §5 and normalizes them to E.164', async () => {
      for (const [entered, e164] of [
        ['+375 (291) 234-56-0', '+375291234560'],
        ['+374 (91) 234-567', '+37491234567'],
        ['+994 (50) 123-45-67', '+994501234567'],
      ] as const) {
        await t.http
          .post('/api/auth/RegisterUser')
          .send({ phone: entered, person, acceptUserAgreement: true, acceptSportsmanAgreement: true })
          .expect(200);
        expect(t.sms.lastCodeFor(e164)).toMatch(/^\d{6}$/);
      }
    });

    it('refuses a wrong code, and kills the code after five wrong tries', async () => {
      const phone = newPhone();
      await registerPerson(t, phone);
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      const code = t.sms.lastCodeFor(phone) ?? '';
      const wrong = code === '000000' ? '000001' : '000000';
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const response = await t.http
          .post('/api/auth/LoginUserConfirm')
          .send({ phone, code: wrong })
          .expect(400);
        expect(response.body.code).toBe(authErrorCodes.codeInvalid);
        expect(response.body.message).toBe(`Неверный код. Осталось попыток: ${5 - attempt}`);
        expect(response.body.fieldErrors.code).toEqual([`Неверный код. Осталось попыток: ${5 - attempt}`]);
      }
      const fifth = await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code: wrong }).expect(400);
      expect(fifth.body.code).toBe(authErrorCodes.codeAttemptsExceeded);
      // Dead: even the right code no longer works.
      const right = await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code }).expect(400);
      expect(right.body.code).toBe(authErrorCodes.codeAttemptsExceeded);
    });

    it('refuses an expired code after five minutes', async () => {
      const phone = newPhone();
      await registerPerson(t, phone);
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      const code = t.sms.lastCodeFor(phone);
      t.clock.advance(authLimits.codeTtlMs);
      const response = await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code }).expect(400);
      expect(response.body.code).toBe(authErrorCodes.codeExpired);
    });

    it('accepts a code just before it expires, and only once', async () => {
      const phone = newPhone();
      await registerPerson(t, phone);
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      const code = t.sms.lastCodeFor(phone);
      t.clock.advance(authLimits.codeTtlMs - 1000);
      await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code }).expect(200);
      const again = await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code }).expect(400);
      expect(again.body.code).toBe(authErrorCodes.codeInvalid);
    });

    it('refuses a resend within 60 s with 429 and Retry-After, and allows it after', async () => {
      const phone = newPhone();
      await registerPerson(t, phone);
      t.clock.advance(HOUR_MS); // past the registration code's lock window
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      const first = t.sms.lastCodeFor(phone);
      t.clock.advance(20_000);
      const early = await t.http.post('/api/auth/LoginUser').send({ phone }).expect(429);
      expect(early.body.code).toBe(authErrorCodes.resendTooEarly);
      expect(early.headers['retry-after']).toBe('40');
      t.clock.advance(40_000);
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      // The new code replaces the old one.
      const second = t.sms.lastCodeFor(phone);
      if (first !== second) {
        await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code: first }).expect(400);
      }
      await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code: second }).expect(200);
    });

    it('answers 502 when the SMS cannot be sent, and a new code may be asked for at once', async () => {
      const phone = newPhone();
      const send = t.sms.send.bind(t.sms);
      t.sms.send = () => Promise.reject(new Error('SMS not sent via smsru: unavailable 503'));
      try {
        const response = await t.http
          .post('/api/auth/RegisterUser')
          .send({ phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true })
          .expect(502);
        expect(response.body.code).toBe(authErrorCodes.smsUnavailable);
      } finally {
        t.sms.send = send;
      }
      await t.http
        .post('/api/auth/RegisterUser')
        .send({ phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true })
        .expect(200);
    });

    it('limits code sends per IP over all phones (429 with Retry-After)', async () => {
      const register = () =>
        t.http
          .post('/api/auth/RegisterUser')
          .send({ phone: newPhone(), person, acceptUserAgreement: true, acceptSportsmanAgreement: true });
      for (let sent = 0; sent < productSendLimits.sendsPerIpPerHour; sent += 1) await register().expect(200);
      const limited = await register().expect(429);
      expect(limited.body.code).toBe(authErrorCodes.tooManyRequests);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits confirm attempts per IP over all phones', async () => {
      const phones = Array.from({ length: 7 }, () => newPhone());
      let limited = null;
      for (let attempt = 0; attempt <= productSendLimits.confirmsPerIpPer10Min && !limited; attempt += 1) {
        const phone = phones[attempt % phones.length];
        const response = await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code: '000000' });
        if (response.status === 429) limited = response;
      }
      expect(limited?.body.code).toBe(authErrorCodes.tooManyRequests);
      expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe.skipIf(!available)('RegisterUser / RegisterOrganization / RegisterUserConfirm', () => {
    it('registers a person: creates the athlete through runBP and binds it to the login', async () => {
      const phone = newPhone();
      const pair = await registerPerson(t, phone);
      const claims = claimsOf(pair.Token);
      expect(claims['ContractorType']).toBe('sportsman');
      const id = claims['Sportsman'] as string;
      expect(t.platform.records.get(id)).toMatchObject({ fio: { lastname: 'Иванов', firstname: 'Пётр' } });
      expect(t.platform.calls).toContain(
        'POST /api/extensions/9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c03/script/runBP',
      );
      const login = await t.db
        .selectFrom('logins')
        .selectAll()
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      const bound = await t.db
        .selectFrom('login_contractors')
        .selectAll()
        .where('login_id', '=', login.id)
        .execute();
      expect(bound).toEqual([expect.objectContaining({ contractor_id: id, contractor_type: 'sportsman' })]);
    });

    it('registers an organization: creates the organization record and signs in as it', async () => {
      const phone = newPhone();
      const pair = await registerOrganizationOn(t, phone);
      const claims = claimsOf(pair.Token);
      expect(claims['ContractorType']).toBe('organization');
      expect(claims['Sportsman']).toBeUndefined();
      const record = t.platform.records.get(claims['Organization'] as string);
      expect(record).toMatchObject({
        __name: organization.name,
        inn_a: organization.inn,
        representative_new: [{ code: 'organization', name: 'Организация' }],
        phone: [{ type: 'main', tel: phone }],
      });
    });

    it('refuses a taken phone at once (409 phone_taken on the phone field), without an SMS', async () => {
      const phone = newPhone();
      await registerPerson(t, phone);
      t.clock.advance(HOUR_MS);
      const sentTo = () => t.sms.messages.filter((message) => message.phone === phone).length;
      const sentBefore = sentTo();
      for (const [path, body] of [
        [
          '/api/auth/RegisterUser',
          { phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true },
        ],
        [
          '/api/auth/RegisterOrganization',
          { phone, organization, acceptUserAgreement: true, acceptOrganizationAgreement: true },
        ],
      ] as const) {
        const taken = await t.http.post(path).send(body).expect(409);
        expect(taken.body).toMatchObject({
          statusCode: 409,
          code: authErrorCodes.phoneTaken,
          message: 'Этот номер уже зарегистрирован',
          fieldErrors: { phone: ['Этот номер уже зарегистрирован'] },
        });
      }
      expect(sentTo()).toBe(sentBefore);
    });

    it('still says 409 at the confirm step when the phone got a login meanwhile', async () => {
      const phone = newPhone();
      const body = { phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true };
      await t.http.post('/api/auth/RegisterUser').send(body).expect(200);
      const first = t.sms.lastCodeFor(phone);
      // A second registration of the same number (another tab) finishes first.
      await t.http.post('/api/auth/RegisterUserConfirm').send({ phone, code: first }).expect(200);
      const rows = await t.db.selectFrom('logins').select('id').where('phone', '=', phone).execute();
      expect(rows).toHaveLength(1);
      const again = await t.http.post('/api/auth/RegisterUser').send(body).expect(409);
      expect(again.body.code).toBe(authErrorCodes.phoneTaken);
    });

    it('keeps the code usable when the platform is down (502), then succeeds', async () => {
      const phone = newPhone();
      await t.http
        .post('/api/auth/RegisterUser')
        .send({ phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true })
        .expect(200);
      const code = t.sms.lastCodeFor(phone);
      t.platform.failWith = 503;
      try {
        const down = await t.http.post('/api/auth/RegisterUserConfirm').send({ phone, code }).expect(502);
        expect(down.body.code).toBe(authErrorCodes.platformUnavailable);
      } finally {
        t.platform.failWith = null;
      }
      await t.http.post('/api/auth/RegisterUserConfirm').send({ phone, code }).expect(200);
    });

    it('refuses a login code for registration and a registration code for login', async () => {
      const phone = newPhone();
      await t.http
        .post('/api/auth/RegisterUser')
        .send({ phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true })
        .expect(200);
      const code = t.sms.lastCodeFor(phone);
      await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code }).expect(400);
    });

    it.each([
      ['person', { person: undefined }, 'person', 'Поле обязательно'],
      ['short last name', { person: { ...person, lastName: 'И' } }, 'person.lastName', 'Минимум 2 символов'],
      [
        'blank first name',
        { person: { ...person, firstName: '   ' } },
        'person.firstName',
        'Поле обязательно',
      ],
      [
        'short middle name',
        { person: { ...person, middleName: 'С' } },
        'person.middleName',
        'Минимум 2 символов',
      ],
      [
        'birth date in the future',
        { person: { ...person, birthDate: '2999-01-01' } },
        'person.birthDate',
        'Дата не может быть в будущем',
      ],
      [
        'unreal birth date',
        { person: { ...person, birthDate: '2010-02-30' } },
        'person.birthDate',
        'Неверный формат даты',
      ],
      ['empty city', { person: { ...person, city: '' } }, 'person.city', 'Поле обязательно'],
      ['no gender', { person: { ...person, gender: undefined } }, 'person.gender', 'Поле обязательно'],
      [
        'user agreement',
        { acceptUserAgreement: false },
        'acceptUserAgreement',
        'Необходимо принять соглашение',
      ],
      [
        'sportsman agreement',
        { acceptSportsmanAgreement: undefined },
        'acceptSportsmanAgreement',
        'Необходимо принять соглашение',
      ],
      ['phone', { phone: '+7 (900) 12' }, 'phone', 'Неверный формат телефона'],
      ['unknown person field', { person: { ...person, photo: 'x' } }, 'person.photo', 'Неизвестное поле'],
    ])('RegisterUser refuses a bad %s', async (_what, change, field, message) => {
      const body = {
        phone: newPhone(),
        person,
        acceptUserAgreement: true,
        acceptSportsmanAgreement: true,
        ...change,
      };
      const response = await t.http.post('/api/auth/RegisterUser').send(body).expect(400);
      expect(response.body.code).toBe(authErrorCodes.validation);
      expect(response.body.fieldErrors[field]).toContain(message);
    });

    it('accepts an empty middle name (no middle name)', async () => {
      await t.http
        .post('/api/auth/RegisterUser')
        .send({
          phone: newPhone(),
          person: { ...person, middleName: '' },
          acceptUserAgreement: true,
          acceptSportsmanAgreement: true,
        })
        .expect(200);
    });

    it.each([
      ['name', { name: 'А' }, 'organization.name', 'Минимум 2 символов'],
      ['INN check digits', { inn: '7707083890' }, 'organization.inn', 'Неверный ИНН'],
      ['INN length', { inn: '12345' }, 'organization.inn', 'Неверный ИНН'],
      ['INN missing', { inn: '' }, 'organization.inn', 'Поле обязательно'],
      ['city', { city: ' ' }, 'organization.city', 'Поле обязательно'],
      ['e-mail', { email: 'not-an-email' }, 'organization.email', 'Неверный формат почты'],
      ['contact person', { contactPerson: '' }, 'organization.contactPerson', 'Поле обязательно'],
    ])('RegisterOrganization refuses a bad %s', async (_what, change, field, message) => {
      const response = await t.http
        .post('/api/auth/RegisterOrganization')
        .send({
          phone: newPhone(),
          organization: { ...organization, ...change },
          acceptUserAgreement: true,
          acceptOrganizationAgreement: true,
        })
        .expect(400);
      expect(response.body.fieldErrors[field]).toContain(message);
    });

    it('RegisterOrganization requires both agreements and accepts a 12-digit INN', async () => {
      const refused = await t.http
        .post('/api/auth/RegisterOrganization')
        .send({ phone: newPhone(), organization })
        .expect(400);
      expect(refused.body.fieldErrors).toMatchObject({
        acceptUserAgreement: ['Необходимо принять соглашение'],
        acceptOrganizationAgreement: ['Необходимо принять соглашение'],
      });
      await t.http
        .post('/api/auth/RegisterOrganization')
        .send({
          phone: newPhone(),
          organization: { ...organization, inn: '500100732259' },
          acceptUserAgreement: true,
          acceptOrganizationAgreement: true,
        })
        .expect(200);
    });

    it('RegisterUserConfirm refuses a bad body, a wrong code, an expired code', async () => {
      const bad = await t.http
        .post('/api/auth/RegisterUserConfirm')
        .send({ phone: 'x', code: 'y' })
        .expect(400);
      expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['code', 'phone']);
      const phone = newPhone();
      await t.http
        .post('/api/auth/RegisterUser')
        .send({ phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true })
        .expect(200);
      const code = t.sms.lastCodeFor(phone);
      const wrong = await t.http
        .post('/api/auth/RegisterUserConfirm')
        .send({ phone, code: code === '111111' ? '222222' : '111111' })
        .expect(400);
      expect(wrong.body.code).toBe(authErrorCodes.codeInvalid);
      t.clock.advance(authLimits.codeTtlMs + 1);
      const expired = await t.http.post('/api/auth/RegisterUserConfirm').send({ phone, code }).expect(400);
      expect(expired.body.code).toBe(authErrorCodes.codeExpired);
    });
  });

  describe.skipIf(!available)('ChangePhone / ChangePhoneConfirm', () => {
    it('moves the login to the new phone after both codes, ends old sessions and signs in', async () => {
      const oldPhone = newPhone();
      const newPhoneNumber = '+375291234567';
      const before = await registerPerson(t, oldPhone);
      await t.http.post('/api/auth/ChangePhone').send({ oldPhone, newPhone: newPhoneNumber }).expect(200);
      const oldCode = t.sms.lastCodeFor(oldPhone);
      const newCode = t.sms.lastCodeFor(newPhoneNumber);
      const response = await t.http
        .post('/api/auth/ChangePhoneConfirm')
        .send({ oldPhone, newPhone: newPhoneNumber, oldCode, newCode })
        .expect(200);
      expect(claimsOf(response.body.data.Token)['Sportsman']).toBe(claimsOf(before.Token)['Sportsman']);
      await t.http.post('/api/auth/Refresh').send({ RefreshToken: before.RefreshToken }).expect(401);
      t.clock.advance(2 * HOUR_MS);
      await t.http.post('/api/auth/LoginUser').send({ phone: newPhoneNumber }).expect(200);
      const loginCode = t.sms.lastCodeFor(newPhoneNumber);
      await t.http
        .post('/api/auth/LoginUserConfirm')
        .send({ phone: newPhoneNumber, code: loginCode })
        .expect(200);
    });

    it('refuses when one of the two codes is wrong, and counts the try', async () => {
      const oldPhone = newPhone();
      const target = newPhone();
      await registerPerson(t, oldPhone);
      await t.http.post('/api/auth/ChangePhone').send({ oldPhone, newPhone: target }).expect(200);
      const oldCode = t.sms.lastCodeFor(oldPhone);
      const newCode = t.sms.lastCodeFor(target) ?? '';
      const wrong = newCode === '000000' ? '000001' : '000000';
      const response = await t.http
        .post('/api/auth/ChangePhoneConfirm')
        .send({ oldPhone, newPhone: target, oldCode, newCode: wrong })
        .expect(400);
      expect(response.body.code).toBe(authErrorCodes.codeInvalid);
      await t.http
        .post('/api/auth/ChangePhoneConfirm')
        .send({ oldPhone, newPhone: target, oldCode, newCode })
        .expect(200);
    });

    it('refuses to move onto a phone that has a login at once (409 on newPhone), sending nothing', async () => {
      const oldPhone = newPhone();
      const taken = newPhone();
      await registerPerson(t, oldPhone);
      await registerPerson(t, taken);
      t.clock.advance(HOUR_MS);
      const sentBefore = t.sms.messages.length;
      const response = await t.http
        .post('/api/auth/ChangePhone')
        .send({ oldPhone, newPhone: taken })
        .expect(409);
      expect(response.body).toMatchObject({
        code: authErrorCodes.phoneTaken,
        fieldErrors: { newPhone: ['Этот номер уже зарегистрирован'] },
      });
      expect(t.sms.messages.length).toBe(sentBefore);
    });

    it('refuses the move at the confirm step when the new phone got a login meanwhile (409)', async () => {
      const oldPhone = newPhone();
      const target = newPhone();
      await registerPerson(t, oldPhone);
      await t.http.post('/api/auth/ChangePhone').send({ oldPhone, newPhone: target }).expect(200);
      const codes = { oldCode: t.sms.lastCodeFor(oldPhone), newCode: t.sms.lastCodeFor(target) };
      await t.db
        .insertInto('logins')
        .values({
          id: 'someone-else',
          phone: target,
          primary_type: 'sportsman',
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      const response = await t.http
        .post('/api/auth/ChangePhoneConfirm')
        .send({ oldPhone, newPhone: target, ...codes })
        .expect(409);
      expect(response.body.code).toBe(authErrorCodes.phoneTaken);
    });

    it('tells an unknown old phone at once (404 on oldPhone) and sends nothing', async () => {
      const oldPhone = newPhone();
      const target = newPhone();
      const response = await t.http
        .post('/api/auth/ChangePhone')
        .send({ oldPhone, newPhone: target })
        .expect(404);
      expect(response.body).toMatchObject({
        code: 'phone_not_registered',
        fieldErrors: { oldPhone: ['Этот номер не зарегистрирован'] },
      });
      expect(t.sms.lastCodeFor(oldPhone)).toBeNull();
      expect(t.sms.lastCodeFor(target)).toBeNull();
    });

    it.each([
      [{ oldPhone: '+79001112233', newPhone: '+79001112233' }, 'newPhone', 'Новый номер совпадает с прежним'],
      [{ oldPhone: '+79001112233' }, 'newPhone', 'Поле обязательно'],
      [{ oldPhone: 'x', newPhone: '+79001112234' }, 'oldPhone', 'Неверный формат телефона'],
    ])('ChangePhone refuses %j', async (body, field, message) => {
      const response = await t.http.post('/api/auth/ChangePhone').send(body).expect(400);
      expect(response.body.fieldErrors[field]).toContain(message);
    });

    it('ChangePhoneConfirm refuses a body without codes', async () => {
      const response = await t.http
        .post('/api/auth/ChangePhoneConfirm')
        .send({ oldPhone: '+79001112233', newPhone: '+79001112234' })
        .expect(400);
      expect(response.body.fieldErrors).toMatchObject({
        oldCode: ['Поле обязательно'],
        newCode: ['Поле обязательно'],
      });
    });

    it('refuses a resend to either number within 60 s', async () => {
      const oldPhone = newPhone();
      await registerPerson(t, oldPhone);
      const target = newPhone();
      await t.http.post('/api/auth/ChangePhone').send({ oldPhone, newPhone: target }).expect(200);
      const early = await t.http
        .post('/api/auth/ChangePhone')
        .send({ oldPhone, newPhone: target })
        .expect(429);
      expect(early.body.code).toBe(authErrorCodes.resendTooEarly);
      expect(early.headers['retry-after']).toBe('60');
    });
  });
});
