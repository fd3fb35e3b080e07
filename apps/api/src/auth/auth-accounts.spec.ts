import { authErrorCodes, USER_ID_HEADER } from '@fed/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
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
function newPhone(): string {
  phoneSeq += 1;
  return `+7902${String(10_000_000 + phoneSeq).slice(1)}`;
}

const second = { ...person, firstName: 'Мария', middleName: '', birthDate: '2014-03-02', gender: 'female' };

describe.each(storeDialects)('linked accounts ($dialect)', ({ dialect, available }) => {
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

  const post = (path: string, token: string, body: unknown) =>
    t.http
      .post(`/api/auth/${path}`)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const list = (token: string) =>
    t.http.get('/api/auth/LinkedAccounts').set('Authorization', `Bearer ${token}`);

  describe.skipIf(!available)('AddAccount, LinkedAccounts, SwitchAccount', () => {
    it('adds an athlete to the same login: the token names the active one (a list), the list shows both', async () => {
      const phone = newPhone();
      const first = await registerPerson(t, phone);
      const firstId = claimsOf(first.Token)['Sportsman'] as string;
      const added = await post('AddAccount', first.Token, second).expect(200);
      const newId = added.body.data.NewElmaUserId as string;
      expect(added.body.data.TokenResponse).toEqual({
        Token: expect.any(String),
        RefreshToken: expect.any(String),
      });
      const claims = claimsOf(added.body.data.TokenResponse.Token);
      expect(claims['Sportsman']).toEqual([firstId]);
      expect(t.platform.records.get(newId)).toMatchObject({ fio: { firstname: 'Мария', middlename: '' } });

      const listed = await list(added.body.data.TokenResponse.Token).expect(200);
      expect(listed.body.data).toEqual([
        { id: firstId, fio: 'Иванов Пётр Сергеевич', avatar: null, gender: { code: 'male' } },
        { id: newId, fio: 'Иванов Мария', avatar: null, gender: { code: 'female' } },
      ]);
      expect(t.platform.calls.some((call) => call.includes('/script/getUsersByElmaUserId'))).toBe(true);

      // Signing in again on the phone gives the list as well.
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      const login = await t.http
        .post('/api/auth/LoginUserConfirm')
        .send({ phone, code: t.sms.lastCodeFor(phone) })
        .expect(200);
      expect(claimsOf(login.body.data.Token)['Sportsman']).toEqual([firstId]);
    });

    it('switches to another athlete of the login: the chosen id comes first', async () => {
      const first = await registerPerson(t, newPhone());
      const firstId = claimsOf(first.Token)['Sportsman'] as string;
      const added = await post('AddAccount', first.Token, second).expect(200);
      const newId = added.body.data.NewElmaUserId as string;
      const switched = await post('SwitchAccount', added.body.data.TokenResponse.Token, { id: newId }).expect(
        200,
      );
      expect(switched.body.data.ActiveUserId).toBe(newId);
      expect(claimsOf(switched.body.data.Token)['Sportsman']).toEqual([newId]);
      // The switch survives a refresh.
      const refreshed = await t.http
        .post('/api/auth/Refresh')
        .send({ RefreshToken: switched.body.data.RefreshToken })
        .expect(200);
      expect(claimsOf(refreshed.body.Token)['Sportsman']).toEqual([newId]);
      const listed = await list(refreshed.body.Token).expect(200);
      expect(listed.body.data.map((account: { id: string }) => account.id)).toEqual([newId, firstId]);
    });

    it("refuses to switch to another login's id (403)", async () => {
      const mine = await registerPerson(t, newPhone());
      const theirs = await registerPerson(t, newPhone());
      const theirId = claimsOf(theirs.Token)['Sportsman'] as string;
      const response = await post('SwitchAccount', mine.Token, { id: theirId }).expect(403);
      expect(response.body.code).toBe(authErrorCodes.forbiddenUser);
    });

    it('refuses adding, switching and listing athletes for an organization (403)', async () => {
      const org = await registerOrganizationOn(t, newPhone());
      const orgId = claimsOf(org.Token)['Organization'] as string;
      const someone = await registerPerson(t, newPhone());
      const add = await post('AddAccount', org.Token, second).expect(403);
      expect(add.body.code).toBe(authErrorCodes.organizationForbidden);
      const sw = await post('SwitchAccount', org.Token, { id: orgId }).expect(403);
      expect(sw.body.code).toBe(authErrorCodes.organizationForbidden);
      await post('SwitchAccount', org.Token, { id: claimsOf(someone.Token)['Sportsman'] }).expect(403);
      await list(org.Token).expect(403);
    });

    it('validates the add-account payload with the spec §5 messages', async () => {
      const { Token } = await registerPerson(t, newPhone());
      const response = await post('AddAccount', Token, {
        ...second,
        lastName: 'И',
        city: '',
        extra: 1,
      }).expect(400);
      expect(response.body.fieldErrors).toMatchObject({
        lastName: ['Минимум 2 символов'],
        city: ['Поле обязательно'],
        extra: ['Неизвестное поле'],
      });
      const missing = await post('SwitchAccount', Token, {}).expect(400);
      expect(missing.body.fieldErrors.id).toEqual(['Поле обязательно']);
    });

    it('refuses the account calls without a token, and after logout', async () => {
      await t.http.post('/api/auth/AddAccount').send(second).expect(401);
      await t.http.post('/api/auth/SwitchAccount').send({ id: 'x' }).expect(401);
      const pair = await registerPerson(t, newPhone());
      await t.http.post('/api/auth/Logout').send({ RefreshToken: pair.RefreshToken }).expect(200);
      await post('AddAccount', pair.Token, second).expect(401);
    });

    it('answers 502 when the platform is down while adding', async () => {
      const { Token } = await registerPerson(t, newPhone());
      t.platform.failWith = 500;
      try {
        const response = await post('AddAccount', Token, second).expect(502);
        expect(response.body.code).toBe(authErrorCodes.platformUnavailable);
      } finally {
        t.platform.failWith = null;
      }
    });
  });

  describe.skipIf(!available)('limits of AddAccount', () => {
    /** Binds `count` more athletes to the login of `token` directly in the store (as before the limit). */
    async function bindDirectly(token: string, count: number): Promise<string[]> {
      const loginId = claimsOf(token)['sub'] as string;
      const ids = Array.from({ length: count }, () => randomUUID());
      for (const [index, id] of ids.entries()) {
        t.platform.records.set(id, { __id: id, __name: `Иванов ${index}`, fio: null, pol: [], photo: [] });
        await t.db
          .insertInto('login_contractors')
          .values({
            contractor_id: id,
            login_id: loginId,
            contractor_type: 'sportsman',
            created_at: t.clock.now() + index + 1,
          })
          .execute();
      }
      return ids;
    }

    it(`refuses an athlete past ${authLimits.maxLinkedAthletes} per login with a Russian message (409)`, async () => {
      const { Token } = await registerPerson(t, newPhone());
      await bindDirectly(Token, authLimits.maxLinkedAthletes - 2);
      const last = await post('AddAccount', Token, second).expect(200);
      const refused = await post('AddAccount', last.body.data.TokenResponse.Token, second).expect(409);
      expect(refused.body).toMatchObject({
        statusCode: 409,
        code: authErrorCodes.linkedAccountsLimit,
        message: `К одной учётной записи можно привязать не больше ${authLimits.maxLinkedAthletes} спортсменов`,
      });
      const listed = await list(last.body.data.TokenResponse.Token).expect(200);
      expect(listed.body.data).toHaveLength(authLimits.maxLinkedAthletes);
    });

    it(`allows ${authLimits.addAccountsPerLoginPerHour} AddAccount calls an hour per login, then 429 with Retry-After`, async () => {
      let { Token, RefreshToken } = await registerPerson(t, newPhone());
      for (let added = 0; added < authLimits.addAccountsPerLoginPerHour; added += 1) {
        const response = await post('AddAccount', Token, second).expect(200);
        ({ Token, RefreshToken } = response.body.data.TokenResponse);
      }
      const refused = await post('AddAccount', Token, second).expect(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(3600);
      expect(refused.body.code).toBe(authErrorCodes.tooManyRequests);
      expect(refused.body.message).toMatch(
        /^Слишком много новых спортсменов за час\. Повторите через \d+ (с|мин|ч)$/,
      );
      t.clock.advance(wait * 1000);
      const refreshed = await t.http.post('/api/auth/Refresh').send({ RefreshToken }).expect(200);
      await post('AddAccount', refreshed.body.Token, second).expect(200);
    });

    it('lets a login already holding 70 athletes sign in and work, with a token the size of anyone’s', async () => {
      const phone = newPhone();
      const single = await registerPerson(t, phone);
      const extra = await bindDirectly(single.Token, 69);
      const farthest = extra.at(-1) ?? '';
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      const signedIn = await t.http
        .post('/api/auth/LoginUserConfirm')
        .send({ phone, code: t.sms.lastCodeFor(phone) })
        .expect(200);
      const token = signedIn.body.data.Token as string;
      // A list of one (the portal then loads the linked accounts), whatever the family's size.
      expect(claimsOf(token)['Sportsman']).toEqual([claimsOf(single.Token)['Sportsman']]);
      expect(token.length).toBeLessThan(single.Token.length + 8);
      const listed = await list(token).expect(200);
      expect(listed.body.data).toHaveLength(70);
      // The guard knows every athlete of the login from the store: the farthest one may be named and chosen.
      await list(token).set(USER_ID_HEADER, farthest).expect(200);
      const switched = await post('SwitchAccount', token, { id: farthest }).expect(200);
      expect(claimsOf(switched.body.data.Token)['Sportsman']).toEqual([farthest]);
      const refused = await post('AddAccount', switched.body.data.Token, second).expect(409);
      expect(refused.body.code).toBe(authErrorCodes.linkedAccountsLimit);
    });
  });

  describe.skipIf(!available)('the guard and the userId header', () => {
    it("lets a caller name one of its own ids, and refuses another login's id (403)", async () => {
      const mine = await registerPerson(t, newPhone());
      const theirs = await registerPerson(t, newPhone());
      const myId = claimsOf(mine.Token)['Sportsman'] as string;
      await list(mine.Token).set(USER_ID_HEADER, myId).expect(200);
      const refused = await list(mine.Token)
        .set(USER_ID_HEADER, claimsOf(theirs.Token)['Sportsman'] as string)
        .expect(403);
      expect(refused.body.code).toBe(authErrorCodes.forbiddenUser);
    });
  });

  describe.skipIf(!available)('AddUserRole', () => {
    it('adds the organization role to an athlete login and makes it active', async () => {
      const athlete = await registerPerson(t, newPhone());
      const athleteId = claimsOf(athlete.Token)['Sportsman'];
      const added = await post('AddUserRole', athlete.Token, { role: 'organization', organization }).expect(
        200,
      );
      expect(added.body.data).toMatchObject({
        ContractorType: 'organization',
        NewElmaUserId: expect.any(String),
      });
      const claims = claimsOf(added.body.data.Token);
      expect(claims).toMatchObject({
        ContractorType: 'organization',
        Organization: added.body.data.NewElmaUserId,
        Sportsman: athleteId,
      });
      const again = await post('AddUserRole', added.body.data.Token, {
        role: 'organization',
        organization,
      }).expect(409);
      expect(again.body.code).toBe(authErrorCodes.roleExists);
    });

    it('adds the sportsman role to an organization login; sign-in picks the role asked for', async () => {
      const phone = newPhone();
      const org = await registerOrganizationOn(t, phone);
      const added = await post('AddUserRole', org.Token, { role: 'sportsman', person }).expect(200);
      expect(claimsOf(added.body.data.Token)['ContractorType']).toBe('sportsman');
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      const code = t.sms.lastCodeFor(phone);
      const asOrg = await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code }).expect(200);
      expect(claimsOf(asOrg.body.data.Token)['ContractorType']).toBe('organization');
      // The third code to this phone from this address within the hour waits the lock's second step.
      t.clock.advance(productSendLimits.pairLockStepsMs[1] ?? 0);
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      const asAthlete = await t.http
        .post('/api/auth/LoginUserConfirm')
        .send({ phone, code: t.sms.lastCodeFor(phone), contractorType: 'sportsman' })
        .expect(200);
      expect(claimsOf(asAthlete.body.data.Token)['ContractorType']).toBe('sportsman');
    });

    it('refuses an unknown role name and a bad body', async () => {
      const { Token } = await registerPerson(t, newPhone());
      const unknown = await post('AddUserRole', Token, { role: 'admin' }).expect(400);
      expect(unknown.body.code).toBe(authErrorCodes.validation);
      expect(Object.keys(unknown.body.fieldErrors).length).toBeGreaterThan(0);
      const bad = await post('AddUserRole', Token, {
        role: 'organization',
        organization: { ...organization, inn: '1' },
      }).expect(400);
      expect(bad.body.fieldErrors['organization.inn']).toEqual(['Неверный ИНН']);
      await post('AddUserRole', Token, { role: 'sportsman', person }).expect(409);
      await t.http.post('/api/auth/AddUserRole').send({ role: 'sportsman', person }).expect(401);
    });
  });
});
