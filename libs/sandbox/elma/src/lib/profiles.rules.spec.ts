import { fixedClock } from '@fed/calendar';
import {
  AGE_OF_MAJORITY,
  createSportsmanProcess,
  elmaItemAnswerSchema,
  elmaUploadAnswerSchema,
  fullYears,
  platformApps,
  platformScripts,
  type SportsmanCard,
  USER_ID_HEADER,
} from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { isValidCorrespondentAccount, isValidSettlementAccount } from '@fed/validation';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily } from './seed/demo-accounts';
import { startTwin, TEST_TOKEN, type TwinHarness } from './testing/twin-harness';
import { twinCalls } from './testing/twin-calls';

const { federationProfileId } = sandboxPublicConfig;
const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
/** A fixed clock, so ages, seasons and "upcoming" do not move under the test. */
const NOW = new Date('2026-03-14T09:30:00.000Z');
const TODAY = '2026-03-14T00:00:00.000Z';
const [sonId, daughterId] = demoFamily.childIds;

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

const sportAge = (birth: string) => NOW.getUTCFullYear() - new Date(birth).getUTCFullYear();

/** The directories, public pages, consent and profile editing of the twin, on the (small) demo federation. */
describe('ELMA twin: profiles and directories', () => {
  let twin: TwinHarness;
  const calls = twinCalls(() => twin);
  const { http } = calls;
  type Module = Parameters<typeof calls.read>[0];
  const read = (name: string, data: unknown, module: Module = 'functions') => calls.read(module, name, data);
  const write = (name: string, body: unknown, module: Module = 'functions') =>
    calls.script(module, name, body);
  const item = async (id: string) =>
    elmaItemAnswerSchema.parse(
      (
        await http()
          .get(`/sandbox/elma/pub/v1/app/sport/${platformApps.sportsman}/${id}/get`)
          .set(auth)
          .expect(200)
      ).body,
    ).item;

  const athletes = async (data: Record<string, unknown>) =>
    platformScripts.getSportsmen.output.parse(
      (await read('getSportsmen', { size: 100, ...data }).expect(200)).body,
    );
  /** Every page of a query, one size at a time. */
  const allPages = async (data: Record<string, unknown>, size: number) => {
    const rows: SportsmanCard[] = [];
    for (let from = 0; ; from += size) {
      const page = await athletes({ ...data, from, size });
      rows.push(...page.result);
      if (from + size >= page.total) return { rows, total: page.total };
    }
  };

  beforeAll(async () => {
    twin = await startTwin({ clock: fixedClock(NOW) });
  });
  afterAll(async () => {
    await twin.dispose();
  });

  describe('the demo seed', () => {
    it('records consent for most adults, none for minors, and results for past events', async () => {
      await twin.close();
      const db = new Database(join(twin.dataDir, 'platform.sqlite'), { readonly: true });
      try {
        const people = db
          .prepare(
            "SELECT id, json_extract(data, '$.date_of_birth') AS birth, json_extract(data, '$.publish_consent') AS consent FROM items WHERE app = ? AND json_extract(data, '$.representative_new[0].code') = 'sportsman'",
          )
          .all(platformApps.sportsman) as Array<{ id: string; birth: string; consent: string | null }>;
        const adults = people.filter((person) => fullYears(person.birth, NOW) >= AGE_OF_MAJORITY);
        const minors = people.filter((person) => fullYears(person.birth, NOW) < AGE_OF_MAJORITY);
        expect(minors.every((person) => person.consent === null)).toBe(true);
        const consenting = adults.filter((person) => person.consent !== null);
        expect(consenting.length / adults.length).toBeGreaterThan(0.6);
        expect(consenting.length).toBeLessThan(adults.length);
        expect(people.find((person) => person.id === demoAthleteExpired.sportsmanId)?.consent).toBeNull();
        expect(
          JSON.parse(must(people.find((person) => person.id === demoFamily.parentId)?.consent)),
        ).toMatchObject({
          photo: true,
          birthYear: true,
          city: true,
          results: true,
          givenBy: { role: 'self' },
        });
        const places = db
          .prepare(
            `SELECT json_extract(r.data, '$.result_place') AS place, json_extract(r.data, '$.requestState') AS state,
                    json_extract(c.data, '$.date_start') AS start
               FROM items r JOIN items c ON c.app = ? AND c.id = json_extract(r.data, '$.competition[0]')
              WHERE r.app = ? AND json_extract(r.data, '$.nomenclature_type') = 'competition'`,
          )
          .all(platformApps.competitions, platformApps.requests) as Array<{
          place: number | null;
          state: string;
          start: string;
        }>;
        const placed = places.filter((row) => row.place !== null);
        expect(placed.length).toBeGreaterThan(10);
        expect(placed.every((row) => row.start < TODAY && ['approved', 'paid'].includes(row.state))).toBe(
          true,
        );
        expect(placed.some((row) => row.place === 1)).toBe(true);
        const banks = db
          .prepare(
            "SELECT json_extract(data, '$.bic') AS bic, json_extract(data, '$.bank_account') AS account, json_extract(data, '$.correspondent_account') AS correspondent FROM items WHERE app = ? AND json_extract(data, '$.representative_new[0].code') = 'organization'",
          )
          .all(platformApps.sportsman) as Array<{ bic: string; account: string; correspondent: string }>;
        for (const bank of banks) {
          expect(isValidSettlementAccount(bank.account, bank.bic), bank.account).toBe(true);
          expect(isValidCorrespondentAccount(bank.correspondent, bank.bic), bank.correspondent).toBe(true);
        }
      } finally {
        db.close();
        twin = await startTwin({ clock: fixedClock(NOW), dataDir: twin.dataDir });
      }
    });
  });

  describe('getSportsmen', () => {
    it('lists athletes only, by name, with club, age class and membership; pages add up', async () => {
      const { rows, total } = await allPages({}, 7);
      expect(rows).toHaveLength(total);
      expect(total).toBeGreaterThan(50);
      expect(rows.every((row) => row.representative_new[0]?.code === 'sportsman')).toBe(true);
      const names = rows.map((row) => row.__name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const parent = must(rows.find((row) => row.__id === demoFamily.parentId));
      expect(parent).toMatchObject({
        organiz: [demoClub.organizationId],
        organizationName: 'СК «Сэнсэй»',
        membershipValid: true,
      });
      // 38 this season: a veteran first (the lowest sortirovka), then an adult, then the open class.
      expect(parent.age_class.map((entry) => entry.code)).toEqual(['veterany_35', 'vzroslye_18', 'open']);
      expect(must(rows.find((row) => row.__id === demoAthleteExpired.sportsmanId)).membershipValid).toBe(
        false,
      );
      const descending = (await athletes({ sort: 'name_desc', size: 5 })).result.map((row) => row.__name);
      expect(descending).toEqual([...names].reverse().slice(0, 5));
    });

    it('searches the name only, in any case and with ё as е', async () => {
      const found = await athletes({ search: 'СОКОЛОВА алиса' });
      expect(found.result.map((row) => row.__id)).toEqual([daughterId]);
      expect((await athletes({ search: 'соколова' })).result.map((row) => row.__id)).toContain(daughterId);
      // The club's coach and the city are in the full-text column, not in a name.
      expect((await athletes({ search: 'москва' })).total).toBe(0);
    });

    it('filters by club, and by city among those who publish it', async () => {
      const club = await athletes({ organizationId: demoClub.organizationId });
      expect(club.total).toBeGreaterThan(3);
      expect(club.result.every((row) => row.organiz[0] === demoClub.organizationId)).toBe(true);
      const moscow = await athletes({ city: 'Москва' });
      expect(moscow.total).toBeGreaterThan(0);
      expect(moscow.result.every((row) => row.gorod === 'Москва' && row.publish_consent?.city === true)).toBe(
        true,
      );
      // The daughter lives in Moscow but nobody chose to publish her city.
      expect(moscow.result.map((row) => row.__id)).not.toContain(daughterId);
    });

    it('filters by gender and membership without telling those of minors whose parent chose nothing', async () => {
      for (const filter of [{ gender: 'female' }, { membershipValid: true }, { membershipValid: false }]) {
        const { rows } = await allPages(filter, 100);
        expect(rows.length, JSON.stringify(filter)).toBeGreaterThan(0);
        for (const row of rows) {
          const minor = fullYears(must(row.date_of_birth), NOW) < AGE_OF_MAJORITY;
          expect(!minor || row.publish_consent !== null, row.__name).toBe(true);
        }
        if ('gender' in filter) expect(rows.every((row) => row.pol?.[0]?.code === 'female')).toBe(true);
        if ('membershipValid' in filter) {
          expect(rows.every((row) => row.membershipValid === filter.membershipValid)).toBe(true);
        }
      }
      expect((await allPages({ gender: 'female' }, 100)).rows.map((row) => row.__id)).not.toContain(
        daughterId,
      );
    });

    it('filters by age class: the sport age this season lies in its bounds', async () => {
      const classes = platformScripts.getAgeClasses.output.parse(
        (await read('getAgeClasses', {}).expect(200)).body,
      ).result;
      for (const code of ['deti_8_9', 'yunoshi_12_13', 'vzroslye_18']) {
        const ageClass = must(classes.find((candidate) => candidate.code === code));
        const { rows, total } = await allPages({ ageClassId: ageClass.__id }, 100);
        expect(total, code).toBeGreaterThan(0);
        for (const row of rows) {
          const age = sportAge(must(row.date_of_birth));
          expect(age).toBeGreaterThanOrEqual(ageClass.age_from ?? 0);
          expect(age).toBeLessThanOrEqual(ageClass.age_to ?? Infinity);
          expect(row.age_class.map((entry) => entry.__id)).toContain(ageClass.__id);
        }
      }
      expect((await read('getSportsmen', { ageClassId: 'no-such-class' }).expect(400)).body.success).toBe(
        false,
      );
    });

    it('sorts by age class (the athlete’s class, then name) and by published city (the rest last), across pages', async () => {
      const { rows: byClass, total } = await allPages({ sort: 'age_class' }, 9);
      expect(byClass).toHaveLength(total);
      const keys = byClass.map((row) => [row.age_class[0]?.sortirovka ?? Infinity, row.__name] as const);
      for (let index = 1; index < keys.length; index += 1) {
        const [previous, current] = [must(keys[index - 1]), must(keys[index])];
        expect(previous[0] < current[0] || (previous[0] === current[0] && previous[1] <= current[1])).toBe(
          true,
        );
      }
      const { rows: byCity } = await allPages({ sort: 'city' }, 11);
      const published = byCity.map((row) => (row.publish_consent?.city ? must(row.gorod) : null));
      const firstHidden = published.indexOf(null);
      expect(firstHidden).toBeGreaterThan(0);
      expect(published.slice(firstHidden).every((city) => city === null)).toBe(true);
      const cities = published.slice(0, firstHidden) as string[];
      expect(cities).toEqual([...cities].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(byCity.map((row) => row.__id)).size).toBe(byCity.length);
    });
  });

  describe('getOrganizations and the organization page', () => {
    it('lists organizations by name with their athletes and upcoming events counted', async () => {
      const organizations = platformScripts.getOrganizations.output.parse(
        (await read('getOrganizations', { size: 100 }).expect(200)).body,
      );
      expect(organizations.result.every((row) => row.representative_new?.[0]?.code === 'organization')).toBe(
        true,
      );
      const club = must(organizations.result.find((row) => row.__id === demoClub.organizationId));
      const clubAthletes = (await athletes({ organizationId: demoClub.organizationId })).total;
      const upcoming = platformScripts.getEvents.output.parse(
        (await read('getEvents', { organizerId: demoClub.organizationId, when: 'upcoming' }).expect(200))
          .body,
      ).total;
      expect(club).toMatchObject({ athletesCount: clubAthletes, upcomingEventsCount: upcoming });
      expect(upcoming).toBeGreaterThanOrEqual(2);
      const found = platformScripts.getOrganizations.output.parse(
        (await read('getOrganizations', { search: 'сэнсэй' }).expect(200)).body,
      );
      expect(found.result.map((row) => row.__id)).toEqual([demoClub.organizationId]);
      const inMoscow = platformScripts.getOrganizations.output.parse(
        (await read('getOrganizations', { city: 'Москва' }).expect(200)).body,
      );
      expect(inMoscow.result.every((row) => row.gorod === 'Москва')).toBe(true);
    });

    it('leaves the one organization asked out: the federation’s own list of its clubs', async () => {
      const all = platformScripts.getOrganizations.output.parse(
        (await read('getOrganizations', { size: 100 }).expect(200)).body,
      );
      const clubs = platformScripts.getOrganizations.output.parse(
        (await read('getOrganizations', { size: 100, excludeId: federationProfileId }).expect(200)).body,
      );
      expect(all.result.map((row) => row.__id)).toContain(federationProfileId);
      expect(clubs.total).toBe(all.total - 1);
      expect(clubs.result.map((row) => row.__id)).toEqual(
        all.result.map((row) => row.__id).filter((id) => id !== federationProfileId),
      );
    });

    it('answers a club’s and the federation’s page with past events counted; 404 for an athlete', async () => {
      const page = platformScripts.getOrganizationProfile.output.parse(
        (await read('getOrganizationProfile', { id: demoClub.organizationId }).expect(200)).body,
      ).data;
      const past = platformScripts.getEvents.output.parse(
        (await read('getEvents', { organizerId: demoClub.organizationId, when: 'past' }).expect(200)).body,
      ).total;
      expect(page).toMatchObject({ __name: 'СК «Сэнсэй»', pastEventsCount: past, sait: expect.any(String) });
      const federation = platformScripts.getOrganizationProfile.output.parse(
        (await read('getOrganizationProfile', { id: federationProfileId }).expect(200)).body,
      ).data;
      expect(federation.upcomingEventsCount).toBeGreaterThanOrEqual(1);
      await read('getOrganizationProfile', { id: demoFamily.parentId }).expect(404);
    });
  });

  describe('someone’s public page', () => {
    const publicProfile = async (id: string) =>
      platformScripts.getPublicProfile.output.parse((await read('getPublicProfile', { id }).expect(200)).body)
        .data;

    it('is the athlete’s or the organization’s, as the id is, in one read; 404 for an unknown id', async () => {
      expect(await publicProfile(demoFamily.parentId)).toMatchObject({
        kind: 'sportsman',
        profile: { __id: demoFamily.parentId, organizationName: 'СК «Сэнсэй»' },
      });
      const club = await publicProfile(demoClub.organizationId);
      const clubPage = platformScripts.getOrganizationProfile.output.parse(
        (await read('getOrganizationProfile', { id: demoClub.organizationId }).expect(200)).body,
      ).data;
      expect(club).toEqual({ kind: 'organization', profile: clubPage });
      expect(await publicProfile(federationProfileId)).toMatchObject({ kind: 'organization' });
      await read('getPublicProfile', { id: '00000000-0000-4000-8000-00000000dead' }).expect(404);
    });

    it('lists the events an athlete entered, newest first, with places of past ones', async () => {
      const answer = await publicProfile(demoFamily.parentId);
      if (answer.kind !== 'sportsman') throw new Error('an athlete’s page was expected');
      const page = answer.profile;
      expect(page).toMatchObject({ organizationName: 'СК «Сэнсэй»', coach: expect.any(String) });
      const results = must(page.results);
      expect(results.length).toBeGreaterThanOrEqual(2);
      const starts = results.map((result) => result.dateStart);
      expect(starts).toEqual([...starts].sort().reverse());
      for (const result of results) {
        if (result.dateStart < TODAY) expect(result.place).toEqual(expect.any(Number));
        else expect(result.place).toBeNull();
        expect(result.programNames.length).toBeGreaterThan(0);
      }
    });
  });

  describe('consent to publish', () => {
    it('records the choice with the platform’s time and who gave it: a parent for a minor', async () => {
      const answer = platformScripts.setPublishConsent.output.parse(
        (
          await write('setPublishConsent', {
            sportsmanId: sonId,
            photo: true,
            birthYear: false,
            city: true,
            results: false,
            givenBy: 'login-1',
          }).expect(200)
        ).body,
      ).data;
      const expected = {
        photo: true,
        birthYear: false,
        city: true,
        results: false,
        givenAt: NOW.toISOString(),
        givenBy: { login: 'login-1', role: 'parent' },
      };
      expect(answer.publish_consent).toEqual(expected);
      expect((await item(sonId))['publish_consent']).toEqual(expected);
      const adult = await write('setPublishConsent', {
        sportsmanId: demoAthleteExpired.sportsmanId,
        photo: false,
        birthYear: false,
        city: false,
        results: true,
        givenBy: 'login-2',
      }).expect(200);
      expect(adult.body.data.publish_consent.givenBy).toEqual({ login: 'login-2', role: 'self' });
      await write('setPublishConsent', {
        sportsmanId: demoClub.organizationId,
        photo: true,
        birthYear: true,
        city: true,
        results: true,
        givenBy: 'login-3',
      }).expect(404);
      await write('setPublishConsent', { sportsmanId: sonId, photo: true, givenBy: 'x' }).expect(400);
    });
  });

  describe('the legal representative', () => {
    it('reads none for the daughter, then hers once added, and she may enter the children’s event', async () => {
      const eligibility = async () =>
        platformScripts.getApplicationEligibility.output.parse(
          (
            await read(
              'getApplicationEligibility',
              { sportsmanId: daughterId, competitionId: demoCompetitions.clubChildren },
              'application',
            ).expect(200)
          ).body,
        ).data;
      expect((await eligibility()).reasons.map((reason) => reason.code)).toContain(
        'minor_without_representative',
      );
      const none = platformScripts.getLegalRepresentative.output.parse(
        (await read('getLegalRepresentative', { sportsmanId: daughterId }, 'insurance').expect(200)).body,
      );
      expect(none.data).toBeNull();
      const representativeBody = {
        lastname: 'Соколов',
        firstname: 'Андрей',
        middlename: 'Викторович',
        date_of_birth: '1988-03-04',
      };
      // The athlete is the call's `userId` header, never the body: without it the platform cannot tell whose.
      expect(
        (await write('createUpdateLegalRepresentative', representativeBody, 'insurance').expect(400)).body
          .error,
      ).toContain('userId');
      await write(
        'createUpdateLegalRepresentative',
        { ...representativeBody, sportsmanId: daughterId },
        'insurance',
      )
        .set(USER_ID_HEADER, daughterId)
        .expect(400);
      await write('createUpdateLegalRepresentative', representativeBody, 'insurance')
        .set(USER_ID_HEADER, daughterId)
        .expect(200);
      const representative = platformScripts.getLegalRepresentative.output.parse(
        (await read('getLegalRepresentative', { sportsmanId: daughterId }, 'insurance').expect(200)).body,
      ).data;
      expect(representative).toMatchObject({
        lastname: 'Соколов',
        firstname: 'Андрей',
        sportsman: [daughterId],
      });
      const after = await eligibility();
      expect(after.reasons.map((reason) => reason.code)).not.toContain('minor_without_representative');
      expect(after.eligible).toBe(true);
      await read('getLegalRepresentative', { sportsmanId: 'no-such-athlete' }, 'insurance').expect(404);
    });
  });

  describe('profile editing (create_sportsman with an update context)', () => {
    const organization = (context: Record<string, unknown>) =>
      write('runBP', {
        ...createSportsmanProcess,
        context: {
          contractortype: 'organization',
          is_need_update_sportsman: true,
          id: demoClub.organizationId,
          ...context,
        },
      });
    const sportsman = (context: Record<string, unknown>) =>
      write('runBP', {
        ...createSportsmanProcess,
        context: {
          contractortype: 'sportsman',
          is_need_update_sportsman: true,
          representive: true,
          sportsman: [...demoFamily.childIds],
          id: demoFamily.parentId,
          ...context,
        },
      });
    const upload = async (body: Buffer, name: string, type: string) => {
      const answer = await http()
        .post('/sandbox/elma/pub/v1/disk/directory/portal-uploads/upload')
        .set(auth)
        .attach('file', body, { filename: name, contentType: type })
        .expect(200);
      return elmaUploadAnswerSchema.parse(answer.body).file.__id;
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

    it('checks bank details by the Bank of Russia’s rules, naming the field, also against the BIC held', async () => {
      const refused = async (context: Record<string, unknown>, field: string, message: string) => {
        const answer = await organization(context).expect(400);
        expect(answer.body.error, JSON.stringify(context)).toContain(field);
        expect(answer.body.error).toContain(message);
      };
      await refused(
        { bic: '044525225', bank_account: '40702810738000000000' },
        'bank_account',
        'контрольная цифра',
      );
      await refused({ bic: '123456789' }, 'bic', 'Неверный БИК');
      await refused(
        { correspondent_account: '30101810500000000225' },
        'correspondent_account',
        'контрольная цифра',
      );
      await organization({
        bank: 'ПАО Сбербанк',
        bic: '044525225',
        bank_account: '40702810638000000000',
        correspondent_account: '30101810400000000225',
      }).expect(200);
      // An account sent alone is keyed by the BIC the record holds; a new BIC must fit the accounts kept.
      await refused({ bank_account: '40702810638000000001' }, 'bank_account', 'контрольная цифра');
      await refused({ bic: '044525187' }, 'bank_account', 'контрольная цифра');
      await organization({ bank_account: '40702810200000000001' }).expect(200);
      expect(await item(demoClub.organizationId)).toMatchObject({
        bic: '044525225',
        bank_account: '40702810200000000001',
        correspondent_account: '30101810400000000225',
      });
      await organization({ fieldsForClear: ['bank_account', 'correspondent_account', 'bic', 'bank'] }).expect(
        200,
      );
      const cleared = await item(demoClub.organizationId);
      for (const field of ['bic', 'bank_account', 'correspondent_account', 'bank'])
        expect(cleared).not.toHaveProperty(field);
    });

    it('refuses bad links, phones and e-mails in Russian, and a field the context may not clear', async () => {
      const errorOf = async (context: Record<string, unknown>) =>
        (await organization(context).expect(400)).body.error as string;
      expect(await errorOf({ sait: 'javascript:alert(1)' })).toContain('Неверный формат ссылки');
      expect(await errorOf({ vk_link: 'https://evil.example/id1' })).toContain('Неверный формат ссылки');
      expect(await errorOf({ contact_phone: [{ type: 'main', tel: '12345' }] })).toContain(
        'Неверный формат телефона',
      );
      expect(await errorOf({ email: [{ type: 'main', email: 'not-an-email' }] })).toContain(
        'Неверный формат почты',
      );
      expect(await errorOf({ fieldsForClear: ['photo'] })).toContain('photo');
      expect((await sportsman({ fieldsForClear: ['bank'] }).expect(400)).body.error).toContain('bank');
    });

    it('starts only create_sportsman of the sportsman app; the update writes only with is_need_update_sportsman', async () => {
      const context = {
        contractortype: 'sportsman',
        is_need_update_sportsman: true,
        representive: true,
        sportsman: [demoFamily.parentId],
        id: demoFamily.parentId,
        gorod: 'Тверь',
        fieldsForClear: [],
      };
      for (const wrong of [
        { application: 'sportsman', process: 'update_profile', context },
        { application: 'competitions', process: 'create_sportsman', context },
        { process: 'create_sportsman', context },
      ]) {
        expect((await write('runBP', wrong).expect(400)).body.error).toContain('runBP');
      }
      const checked = platformScripts.runBP.output.parse(
        (await sportsman({ gorod: 'Тверь', is_need_update_sportsman: false }).expect(200)).body,
      );
      expect(checked.data).toMatchObject({ process: 'create_sportsman', written: false });
      expect((await item(demoFamily.parentId))['gorod']).not.toBe('Тверь');
      // The sportsman context updates an athlete, the organization context an organization.
      await sportsman({ id: demoClub.organizationId, sportsman: [] }).expect(400);
      await organization({ id: demoFamily.parentId }).expect(400);
    });

    it('reads back the fields asked of a record, and no others (getRecordFields)', async () => {
      const fieldsOf = (data: unknown) => read('getRecordFields', data);
      const answer = platformScripts.getRecordFields.output.parse(
        (
          await fieldsOf({
            application: 'sportsman',
            id: demoFamily.parentId,
            fields: ['__id', 'fio', 'age_class', 'gorod', 'legal_representative'],
          }).expect(200)
        ).body,
      );
      const whole = await item(demoFamily.parentId);
      expect(Object.keys(answer.fieldsData).sort()).toEqual(['__id', 'age_class', 'fio', 'gorod']);
      expect(answer.fieldsData).toMatchObject({ __id: demoFamily.parentId, fio: whole['fio'] });
      // Computed on read, as the item's own read computes it.
      expect(answer.fieldsData['age_class']).toEqual(whole['age_class']);
      expect(
        (
          await fieldsOf({ application: 'sportsman', id: demoFamily.parentId, fields: ['no_such'] }).expect(
            400,
          )
        ).body.error,
      ).toContain('no_such');
      await fieldsOf({ application: 'sportsman', id: 'no-such-record', fields: ['fio'] }).expect(404);
      await fieldsOf({ application: 'sportsman', id: demoFamily.parentId, fields: [] }).expect(400);
      await fieldsOf({ application: 'nowhere', id: demoFamily.parentId, fields: ['fio'] }).expect(400);
    });

    it('links a photo or logo only to an uploaded image, and clears it on request', async () => {
      const photo = await upload(png, 'я.png', 'image/png');
      const pdf = await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf', 'application/pdf');
      expect((await sportsman({ photo: [pdf] }).expect(400)).body.error).toContain(
        'Неверный формат файла фотографии',
      );
      expect(
        (await sportsman({ photo: ['11111111-2222-4333-8444-555555555555'] }).expect(400)).body.error,
      ).toContain('не найден');
      expect((await organization({ logo: [pdf] }).expect(400)).body.error).toContain('логотипа');
      await sportsman({ photo: [photo] }).expect(200);
      expect((await item(demoFamily.parentId))['photo']).toEqual([photo]);
      await organization({ logo: [photo] }).expect(200);
      expect((await item(demoClub.organizationId))['logo']).toEqual([photo]);
      await sportsman({ fieldsForClear: ['photo', 'trener'] }).expect(200);
      const cleared = await item(demoFamily.parentId);
      expect(cleared).not.toHaveProperty('photo');
      expect(cleared).not.toHaveProperty('coach');
    });
  });
});
