import {
  elmaErrorAnswerSchema,
  elmaFileLinkAnswerSchema,
  elmaItemAnswerSchema,
  elmaListAnswerSchema,
  elmaRunProcessAnswerSchema,
  elmaUploadAnswerSchema,
  PLATFORM_NAMESPACE,
  platformApps,
  sandboxPublicConfig,
  sportsmanRecordSchema,
  platformScripts,
  type PlatformScriptName,
  type PublicConfig,
} from '@fed/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

/**
 * The platform's HTTP contract as the portal's server relies on it. The same tests run against the twin and,
 * with `CONTRACT_PLATFORM_URL` and `CONTRACT_PLATFORM_TOKEN` set, against a real upstream (reads and error
 * answers only, unless `CONTRACT_PLATFORM_WRITES=1`).
 */
export interface ContractTarget {
  /** A supertest client for the server or URL. */
  client: () => ReturnType<typeof request>;
  /** Path of the platform's root on that client: `/sandbox/elma` for the mounted twin, '' for a real URL. */
  prefix: string;
  token: string;
  extensions: PublicConfig['extensions'];
  offerDocumentIds: PublicConfig['offerDocumentIds'];
}

const NS = PLATFORM_NAMESPACE;

/** The value, or a failed test saying it is missing. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

export function platformContractSuite(getTarget: () => ContractTarget, options: { writes: boolean }): void {
  const t = () => getTarget();
  const path = (tail: string) => `${t().prefix}${tail}`;
  const auth = (test: request.Test) => test.set('Authorization', `Bearer ${t().token}`);
  const get = (tail: string) => auth(t().client().get(path(tail)));
  const post = (tail: string, body?: unknown) => auth(t().client().post(path(tail))).send(body as object);
  const scriptPath = (module: keyof PublicConfig['extensions'], name: PlatformScriptName | string) =>
    `/api/extensions/${t().extensions[module]}/script/${name}`;
  const getScript = (module: keyof PublicConfig['extensions'], name: string, data: unknown) =>
    auth(
      t()
        .client()
        .get(path(scriptPath(module, name)))
        .query({ data: JSON.stringify(data) }),
    );
  const postScript = (module: keyof PublicConfig['extensions'], name: string, data: unknown) =>
    post(scriptPath(module, name), data);
  const list = (app: string, body: unknown) => post(`/pub/v1/app/${NS}/${app}/list`, body);
  const expectError = (body: unknown) =>
    expect(elmaErrorAnswerSchema.parse(body).error.length).toBeGreaterThan(0);

  const firstEvents = async (when: 'upcoming' | 'past') => {
    const answer = await getScript('functions', 'getEvents', { when, size: 50 }).expect(200);
    return platformScripts.getEvents.output.parse(answer.body).result;
  };

  describe('token check', () => {
    it('refuses a missing token with 403', async () => {
      const answer = await t()
        .client()
        .post(path(`/pub/v1/app/${NS}/${platformApps.ageClasses}/list`))
        .send({})
        .expect(403);
      expectError(answer.body);
    });

    it('refuses a wrong token with 403', async () => {
      const answer = await t()
        .client()
        .post(path(`/pub/v1/app/${NS}/${platformApps.ageClasses}/list`))
        .set('Authorization', 'Bearer wrong-token-wrong-token')
        .send({})
        .expect(403);
      expectError(answer.body);
    });

    it('accepts the token as X-Token too', async () => {
      const answer = await t()
        .client()
        .post(path(`/pub/v1/app/${NS}/${platformApps.ageClasses}/list`))
        .set('X-Token', t().token)
        .send({ size: 5 })
        .expect(200);
      expect(elmaListAnswerSchema.parse(answer.body).success).toBe(true);
    });
  });

  describe('unknown paths', () => {
    it('answers 404 for an unknown path, app, module or script', async () => {
      expectError((await get('/pub/v1/no/such/path').expect(404)).body);
      expectError((await list('no_such_app', {}).expect(404)).body);
      expectError((await getScript('functions', 'noSuchScript', {}).expect(404)).body);
      const unknownModule = await auth(
        t().client().get(path('/api/extensions/00000000-0000-4000-8000-000000000000/script/getEvents')),
      ).expect(404);
      expectError(unknownModule.body);
      expectError(
        (await post(`/pub/v1/bpm/template/${NS}/no_such_process/run`, { context: {} }).expect(404)).body,
      );
    });

    it('answers 404 for an unknown item id', async () => {
      expectError(
        (
          await get(
            `/pub/v1/app/${NS}/${platformApps.competitions}/00000000-0000-4000-8000-000000000000/get`,
          ).expect(404)
        ).body,
      );
    });
  });

  describe('app items: list', () => {
    it('lists with paging and total', async () => {
      const first = elmaListAnswerSchema.parse(
        (
          await list(platformApps.competitions, {
            active: true,
            from: 0,
            size: 3,
            sortExpressions: [{ field: 'date_start', ascending: true }],
          }).expect(200)
        ).body,
      );
      const second = elmaListAnswerSchema.parse(
        (
          await list(platformApps.competitions, {
            active: true,
            from: 3,
            size: 3,
            sortExpressions: [{ field: 'date_start', ascending: true }],
          }).expect(200)
        ).body,
      );
      expect(first.result.result).toHaveLength(3);
      expect(first.result.total).toBeGreaterThanOrEqual(6);
      const ids = new Set(first.result.result.map((item) => item.__id));
      for (const item of second.result.result) expect(ids.has(item.__id)).toBe(false);
    });

    it('sorts ascending and descending', async () => {
      for (const ascending of [true, false]) {
        const answer = elmaListAnswerSchema.parse(
          (
            await list(platformApps.competitions, {
              size: 20,
              sortExpressions: [{ field: 'date_start', ascending }],
            }).expect(200)
          ).body,
        );
        const dates = answer.result.result.map((item) => String(item['date_start']));
        const sorted = [...dates].sort();
        expect(dates).toEqual(ascending ? sorted : sorted.reverse());
      }
    });

    it('refuses size over 100 and a malformed body with 400', async () => {
      expectError((await list(platformApps.competitions, { size: 101 }).expect(400)).body);
      expectError((await list(platformApps.competitions, { size: 'ten' }).expect(400)).body);
      expectError(
        (await list(platformApps.competitions, { filter: { tf: { no_such_field: 1 } } }).expect(400)).body,
      );
      expectError(
        (
          await list(platformApps.competitions, {
            sortExpressions: [{ field: 'discipline', ascending: true }],
          }).expect(400)
        ).body,
      );
    });

    it('filters tf by exact value, range, link, category and text', async () => {
      const all = elmaListAnswerSchema.parse(
        (await list(platformApps.competitions, { size: 100 }).expect(200)).body,
      ).result;
      const sample = all.result[0] as Record<string, unknown>;
      const city = sample['gorod'] as string;
      const byCity = elmaListAnswerSchema.parse(
        (await list(platformApps.competitions, { size: 100, filter: { tf: { gorod: city } } }).expect(200))
          .body,
      ).result;
      expect(byCity.total).toBeGreaterThan(0);
      for (const item of byCity.result) expect(item['gorod']).toBe(city);

      const start = sample['date_start'] as string;
      const inRange = elmaListAnswerSchema.parse(
        (
          await list(platformApps.competitions, {
            size: 100,
            filter: { tf: { date_start: { min: start, max: start } } },
          }).expect(200)
        ).body,
      ).result;
      expect(inRange.result.map((item) => item.__id)).toContain(sample.__id);
      for (const item of inRange.result) expect(item['date_start']).toBe(start);

      const programs = elmaListAnswerSchema.parse(
        (
          await list(platformApps.programs, {
            size: 100,
            filter: { tf: { competition: sample.__id } },
          }).expect(200)
        ).body,
      ).result;
      expect(programs.total).toBeGreaterThan(0);
      for (const program of programs.result) expect(program['competition']).toEqual([sample.__id]);

      const kumite = elmaListAnswerSchema.parse(
        (
          await list(platformApps.competitions, {
            size: 100,
            filter: { tf: { discipline: ['kumite'] } },
          }).expect(200)
        ).body,
      ).result;
      for (const item of kumite.result) {
        expect((item['discipline'] as Array<{ code: string }>).map((entry) => entry.code)).toContain(
          'kumite',
        );
      }

      const word = String(sample['__name']).split(' ')[0] as string;
      const byText = elmaListAnswerSchema.parse(
        (
          await list(platformApps.competitions, {
            size: 100,
            filter: { tf: { __name: { $contains: word.toUpperCase() } } },
          }).expect(200)
        ).body,
      ).result;
      expect(byText.result.map((item) => item.__id)).toContain(sample.__id);
    });

    it('filters by eql and refuses what it does not understand', async () => {
      const answer = elmaListAnswerSchema.parse(
        (
          await list(platformApps.competitions, {
            size: 100,
            filter: { eql: 'places_limit > 0 AND (discipline = "kata" OR discipline = "kumite")' },
          }).expect(200)
        ).body,
      );
      for (const item of answer.result.result) expect(item['places_limit'] as number).toBeGreaterThan(0);
      expectError(
        (await list(platformApps.competitions, { filter: { eql: 'places_limit >' } }).expect(400)).body,
      );
      expectError(
        (await list(platformApps.competitions, { filter: { eql: 'lower(__name) = "x"' } }).expect(400)).body,
      );
    });

    it('limits fields when asked', async () => {
      const answer = elmaListAnswerSchema.parse(
        (await list(platformApps.competitions, { size: 2, fields: { gorod: true } }).expect(200)).body,
      );
      for (const item of answer.result.result)
        expect(Object.keys(item).sort()).toEqual(['__id', '__name', 'gorod']);
    });
  });

  describe('app items: get', () => {
    it('answers the item by GET and by POST with system fields', async () => {
      const offerId = t().offerDocumentIds.sportsman;
      for (const answer of [
        await get(`/pub/v1/app/${NS}/${platformApps.offer}/${offerId}/get`).expect(200),
        await post(`/pub/v1/app/${NS}/${platformApps.offer}/${offerId}/get`, {}).expect(200),
      ]) {
        const item = elmaItemAnswerSchema.parse(answer.body).item;
        expect(item.__id).toBe(offerId);
        expect(typeof item['__createdAt']).toBe('string');
        expect((item['file'] as string[]).length).toBe(1);
      }
    });
  });

  describe('module scripts: reads', () => {
    it('getEvents filters by time, city, discipline and search; pages and sorts', async () => {
      const upcoming = await firstEvents('upcoming');
      const today = new Date().toISOString().slice(0, 10);
      for (const event of upcoming) expect(event.date_start.slice(0, 10) >= today).toBe(true);
      const dates = upcoming.map((event) => event.date_start);
      expect(dates).toEqual([...dates].sort());
      const past = await firstEvents('past');
      for (const event of past) expect(event.date_start.slice(0, 10) < today).toBe(true);

      const sample = must(upcoming[0] ?? past[0]);
      const byCity = platformScripts.getEvents.output.parse(
        (await getScript('functions', 'getEvents', { city: sample.gorod, size: 100 }).expect(200)).body,
      );
      for (const event of byCity.result) expect(event.gorod).toBe(sample.gorod);
      const searched = platformScripts.getEvents.output.parse(
        (
          await getScript('functions', 'getEvents', {
            search: sample.__name.slice(0, 12).toLowerCase(),
            size: 100,
          }).expect(200)
        ).body,
      );
      expect(searched.result.map((event) => event.__id)).toContain(sample.__id);
      const kata = platformScripts.getEvents.output.parse(
        (await getScript('functions', 'getEvents', { discipline: 'kata', size: 100 }).expect(200)).body,
      );
      for (const event of kata.result) expect(event.discipline.map((entry) => entry.code)).toContain('kata');
      const ranged = platformScripts.getEvents.output.parse(
        (
          await getScript('functions', 'getEvents', {
            dateFrom: sample.date_start.slice(0, 10),
            dateTo: sample.date_start.slice(0, 10),
          }).expect(200)
        ).body,
      );
      expect(ranged.result.map((event) => event.__id)).toContain(sample.__id);
      const page1 = platformScripts.getEvents.output.parse(
        (await getScript('functions', 'getEvents', { size: 2, from: 0, sort: 'name_asc' }).expect(200)).body,
      );
      const page2 = platformScripts.getEvents.output.parse(
        (await getScript('functions', 'getEvents', { size: 2, from: 2, sort: 'name_asc' }).expect(200)).body,
      );
      expect(page1.total).toBe(page2.total);
      expect([...page1.result, ...page2.result].map((event) => event.__name)).toEqual(
        [...page1.result, ...page2.result]
          .map((event) => event.__name)
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      expectError((await getScript('functions', 'getEvents', { size: 500 }).expect(400)).body);
      expectError((await getScript('functions', 'getEvents', { when: 'someday' }).expect(400)).body);
    });

    it('getEventById answers the event with programs, and getEventPrograms the programs', async () => {
      const [event] = await firstEvents('upcoming');
      const details = platformScripts.getEventById.output.parse(
        (await getScript('functions', 'getEventById', { id: must(event).__id }).expect(200)).body,
      ).data;
      expect(details.__id).toBe(must(event).__id);
      expect(details.programs.length).toBeGreaterThan(0);
      const programs = platformScripts.getEventPrograms.output.parse(
        (await getScript('functions', 'getEventPrograms', { eventId: must(event).__id }).expect(200)).body,
      );
      expect(programs.total).toBe(details.programs.length);
      const female = platformScripts.getEventPrograms.output.parse(
        (
          await getScript('functions', 'getEventPrograms', {
            eventId: must(event).__id,
            gender: 'female',
          }).expect(200)
        ).body,
      );
      for (const program of female.result) {
        if (program.program_type.gender) expect(program.pol?.[0]?.code).toBe('female');
      }
      expectError(
        (
          await getScript('functions', 'getEventById', { id: '00000000-0000-4000-8000-000000000000' }).expect(
            404,
          )
        ).body,
      );
    });

    it('getSportsmen and getOrganizations search and page', async () => {
      const athletes = platformScripts.getSportsmen.output.parse(
        (await getScript('functions', 'getSportsmen', { size: 5 }).expect(200)).body,
      );
      expect(athletes.result).toHaveLength(5);
      const one = must(athletes.result[0]);
      const found = platformScripts.getSportsmen.output.parse(
        (
          await getScript('functions', 'getSportsmen', { search: must(one.fio).lastname, size: 100 }).expect(
            200,
          )
        ).body,
      );
      expect(found.result.map((athlete) => athlete.__id)).toContain(one.__id);
      for (const athlete of found.result) expect(athlete.representative_new?.[0]?.code).toBe('sportsman');
      const women = platformScripts.getSportsmen.output.parse(
        (await getScript('functions', 'getSportsmen', { gender: 'female', size: 50 }).expect(200)).body,
      );
      for (const athlete of women.result) expect(athlete.pol?.[0]?.code).toBe('female');
      const organizations = platformScripts.getOrganizations.output.parse(
        (await getScript('functions', 'getOrganizations', { size: 100 }).expect(200)).body,
      );
      expect(organizations.total).toBeGreaterThan(0);
      for (const organization of organizations.result)
        expect(organization.representative_new?.[0]?.code).toBe('organization');
    });

    it('getAgeClasses lists classes sorted by sortirovka, with the default class', async () => {
      const classes = platformScripts.getAgeClasses.output.parse(
        (await getScript('functions', 'getAgeClasses', {}).expect(200)).body,
      ).result;
      const order = classes.map((ageClass) => ageClass.sortirovka);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(classes.map((ageClass) => ageClass.__id)).toContain(sandboxPublicConfig.defaultAgeClassId);
    });

    it('getOfferDocument answers each of the three documents with HTML', async () => {
      for (const id of Object.values(t().offerDocumentIds)) {
        const document = platformScripts.getOfferDocument.output.parse(
          (await getScript('functions', 'getOfferDocument', { id }).expect(200)).body,
        ).data;
        expect(document.__id).toBe(id);
        expect(document.html).toMatch(/<h1>/);
      }
    });

    it('getApplicationEligibility answers every program of the event, with reasons in Russian', async () => {
      const athletes = platformScripts.getSportsmen.output.parse(
        (await getScript('functions', 'getSportsmen', { size: 5 }).expect(200)).body,
      ).result;
      const [event] = await firstEvents('upcoming');
      const details = platformScripts.getEventById.output.parse(
        (await getScript('functions', 'getEventById', { id: must(event).__id }).expect(200)).body,
      ).data;
      for (const athlete of athletes) {
        const eligibility = platformScripts.getApplicationEligibility.output.parse(
          (
            await getScript('application', 'getApplicationEligibility', {
              sportsmanId: athlete.__id,
              competitionId: details.__id,
            }).expect(200)
          ).body,
        ).data;
        expect(eligibility).toMatchObject({ sportsmanId: athlete.__id, competitionId: details.__id });
        expect(eligibility.programs.map((program) => program.programId).sort()).toEqual(
          details.programs.map((program) => program.__id).sort(),
        );
        const reasons = [...eligibility.reasons, ...eligibility.programs.flatMap((p) => p.reasons)];
        for (const reason of reasons) expect(reason.message).toMatch(/[А-Яа-яЁё]/);
        if (eligibility.eligible) expect(eligibility.reasons).toEqual([]);
      }
      const organizations = platformScripts.getOrganizations.output.parse(
        (await getScript('functions', 'getOrganizations', { size: 1 }).expect(200)).body,
      ).result;
      const organization = platformScripts.getApplicationEligibility.output.parse(
        (
          await getScript('application', 'getApplicationEligibility', {
            sportsmanId: must(organizations[0]).__id,
            competitionId: details.__id,
          }).expect(200)
        ).body,
      ).data;
      expect(organization.eligible).toBe(false);
      expect(organization.reasons.map((reason) => reason.code)).toEqual(['not_athlete']);
      expectError(
        (
          await getScript('application', 'getApplicationEligibility', {
            sportsmanId: must(athletes[0]).__id,
            competitionId: '00000000-0000-4000-8000-000000000000',
          }).expect(404)
        ).body,
      );
    });

    it('getCompetitionRequests lists one event’s requests newest first, filters, searches and pages', async () => {
      const past = await firstEvents('past');
      let event: (typeof past)[number] | undefined;
      let all: ReturnType<typeof platformScripts.getCompetitionRequests.output.parse> | undefined;
      for (const candidate of past) {
        const answer = platformScripts.getCompetitionRequests.output.parse(
          (
            await getScript('requests', 'getCompetitionRequests', {
              competitionId: candidate.__id,
              size: 100,
            }).expect(200)
          ).body,
        );
        if (answer.total >= 3) {
          event = candidate;
          all = answer;
          break;
        }
      }
      const listed = must(all);
      const competitionId = must(event).__id;
      for (const entry of listed.result) {
        expect(entry.competition).toEqual([competitionId]);
        expect(entry.nomenclature_type).toBe('competition');
        expect(entry.programNames).toHaveLength(entry.programs.length);
      }
      const created = listed.result.map((entry) => entry.__createdAt);
      expect(created).toEqual([...created].sort().reverse());
      const first = must(listed.result[0]);
      const byState = platformScripts.getCompetitionRequests.output.parse(
        (
          await getScript('requests', 'getCompetitionRequests', {
            competitionId,
            requestState: first.requestState,
            size: 100,
          }).expect(200)
        ).body,
      );
      expect(byState.result.map((entry) => entry.__id)).toContain(first.__id);
      for (const entry of byState.result) expect(entry.requestState).toBe(first.requestState);
      const surname = must(first.sportsmanName.split(' ')[0]);
      const byName = platformScripts.getCompetitionRequests.output.parse(
        (
          await getScript('requests', 'getCompetitionRequests', {
            competitionId,
            query: surname.toUpperCase(),
            size: 100,
          }).expect(200)
        ).body,
      );
      expect(byName.result.map((entry) => entry.__id)).toContain(first.__id);
      for (const entry of byName.result)
        expect(entry.sportsmanName.toLowerCase()).toContain(surname.toLowerCase());
      const second = platformScripts.getCompetitionRequests.output.parse(
        (
          await getScript('requests', 'getCompetitionRequests', { competitionId, from: 1, size: 1 }).expect(
            200,
          )
        ).body,
      );
      expect(second.total).toBe(listed.total);
      expect(second.result.map((entry) => entry.__id)).toEqual([listed.result[1]?.__id]);
      expectError(
        (
          await getScript('requests', 'getCompetitionRequests', {
            competitionId: '00000000-0000-4000-8000-000000000000',
          }).expect(404)
        ).body,
      );
    });

    it('getCompetitionDocuments answers the documents of an event', async () => {
      const [event] = await firstEvents('upcoming');
      const documents = platformScripts.getCompetitionDocuments.output.parse(
        (
          await getScript('functions', 'getCompetitionDocuments', { competitionId: must(event).__id }).expect(
            200,
          )
        ).body,
      );
      expect(documents.total).toBe(documents.result.length);
      for (const document of documents.result) expect(document.competition).toEqual([must(event).__id]);
    });

    it('refuses an unreadable data parameter with 400', async () => {
      const answer = await auth(
        t()
          .client()
          .get(path(scriptPath('functions', 'getEvents')))
          .query({ data: '{not json' }),
      ).expect(400);
      expectError(answer.body);
    });
  });

  describe.runIf(options.writes)('writes', () => {
    const anAthlete = async (
      filter: (
        athlete: ReturnType<typeof platformScripts.getSportsmen.output.parse>['result'][number],
      ) => boolean,
    ) => {
      const athletes = platformScripts.getSportsmen.output.parse(
        (await getScript('functions', 'getSportsmen', { size: 100 }).expect(200)).body,
      ).result;
      const found = athletes.find(filter);
      if (!found) throw new Error('no athlete fits');
      return found;
    };

    it('creates, updates and soft-deletes an item; deleted items leave lists unless asked', async () => {
      const created = elmaItemAnswerSchema.parse(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.ageClasses}/create`, {
            context: {
              __name: 'Тестовый класс',
              code: 'contract_test',
              nazvanie: 'Тестовый класс',
              sortirovka: 50,
              age_from: 90,
              age_to: 99,
            },
          }).expect(200)
        ).body,
      ).item;
      const updated = elmaItemAnswerSchema.parse(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.ageClasses}/${created.__id}/update`, {
            context: { sortirovka: 51 },
          }).expect(200)
        ).body,
      ).item;
      expect(updated['sortirovka']).toBe(51);
      expect(updated['code']).toBe('contract_test');
      await post(`/pub/v1/app/${NS}/${platformApps.ageClasses}/${created.__id}/update`, {
        context: { __deletedAt: new Date().toISOString() },
      }).expect(200);
      const live = elmaListAnswerSchema.parse(
        (await list(platformApps.ageClasses, { filter: { tf: { code: 'contract_test' } } }).expect(200)).body,
      );
      expect(live.result.total).toBe(0);
      const all = elmaListAnswerSchema.parse(
        (
          await list(platformApps.ageClasses, {
            active: false,
            filter: { tf: { code: 'contract_test' } },
          }).expect(200)
        ).body,
      );
      expect(all.result.total).toBe(1);
      expect(all.result.result[0]?.['__deletedAt']).toBeTruthy();
    });

    it('refuses a bad create or update context with 400', async () => {
      expectError(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.ageClasses}/create`, {
            context: { __name: 'x', no_field: 1 },
          }).expect(400)
        ).body,
      );
      expectError(
        (await post(`/pub/v1/app/${NS}/${platformApps.ageClasses}/create`, { notContext: {} }).expect(400))
          .body,
      );
      expectError(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.competitions}/create`, {
            context: { __name: 'x', places_limit: 'many' },
          }).expect(400)
        ).body,
      );
      expectError(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.sportsman}/create`, {
            context: { __name: 'x', age_class: [] },
          }).expect(400)
        ).body,
      );
    });

    it('runs create_sportsman and update_profile processes', async () => {
      const started = elmaRunProcessAnswerSchema.parse(
        (
          await post(`/pub/v1/bpm/template/${NS}/create_sportsman/run`, {
            context: {
              fio: { lastname: 'Тестов', firstname: 'Пётр', middlename: 'Ильич' },
              date_of_birth: '2014-03-05',
              gorod: 'Тула',
              gender: 'male',
              phone: '+79991112233',
            },
          }).expect(200)
        ).body,
      );
      const id = started.context['recordId'] as string;
      const created = sportsmanRecordSchema.parse(
        elmaItemAnswerSchema.parse(
          (await get(`/pub/v1/app/${NS}/${platformApps.sportsman}/${id}/get`).expect(200)).body,
        ).item,
      );
      expect(created.__name).toBe('Тестов Пётр Ильич');
      expect(created.age_class?.length).toBeGreaterThan(0);
      const viaScript = platformScripts.runBP.output.parse(
        (
          await postScript('functions', 'runBP', {
            process: 'create_sportsman',
            context: {
              fio: { lastname: 'Скриптова', firstname: 'Алла', middlename: '' },
              date_of_birth: '2012-09-09',
              gorod: 'Тула',
              gender: 'female',
            },
          }).expect(200)
        ).body,
      );
      expect(viaScript.data).toMatchObject({ process: 'create_sportsman', written: true });
      const updated = platformScripts.runBP.output.parse(
        (
          await postScript('functions', 'runBP', {
            process: 'update_profile',
            context: {
              contractortype: 'sportsman',
              is_need_update_sportsman: true,
              representive: true,
              sportsman: [id],
              id,
              gorod: 'Калуга',
              trener: 'Иванов Иван Иванович',
              vk_link: 'https://vk.com/id1',
              fieldsForClear: ['vk_link'],
            },
          }).expect(200)
        ).body,
      );
      expect(updated.data.written).toBe(true);
      const after = elmaItemAnswerSchema.parse(
        (await get(`/pub/v1/app/${NS}/${platformApps.sportsman}/${id}/get`).expect(200)).body,
      ).item;
      expect(after['gorod']).toBe('Калуга');
      expect(after['coach']).toBe('Иванов Иван Иванович');
      expect(after['vk_link']).toBeUndefined();
      expectError(
        (await post(`/pub/v1/bpm/template/${NS}/create_sportsman/run`, { context: { fio: {} } }).expect(400))
          .body,
      );
      expectError(
        (
          await postScript('functions', 'runBP', {
            process: 'update_profile',
            context: { contractortype: 'organization', id, is_need_update_sportsman: true },
          }).expect(400)
        ).body,
      );
    });

    it('updates an organization profile and clears listed fields', async () => {
      const organizations = platformScripts.getOrganizations.output.parse(
        (await getScript('functions', 'getOrganizations', { size: 5 }).expect(200)).body,
      );
      const organization = must(organizations.result[0]);
      platformScripts.runBP.output.parse(
        (
          await postScript('functions', 'runBP', {
            process: 'update_profile',
            context: {
              contractortype: 'organization',
              is_need_update_sportsman: true,
              id: organization.__id,
              organisation_name: `${organization.__name} (ред.)`,
              contact_phone: [{ type: 'main', tel: '+74951234567' }],
              email: [{ type: 'main', email: 'club@example.org' }],
              fieldsForClear: ['sait'],
            },
          }).expect(200)
        ).body,
      );
      const after = elmaItemAnswerSchema.parse(
        (await get(`/pub/v1/app/${NS}/${platformApps.sportsman}/${organization.__id}/get`).expect(200)).body,
      ).item;
      expect(after.__name).toBe(`${organization.__name} (ред.)`);
      expect(after['email_kontr']).toEqual([{ type: 'main', email: 'club@example.org' }]);
      expect(after['sait']).toBeUndefined();
    });

    it('getUsersByElmaUserId answers the linked accounts', async () => {
      const athlete = await anAthlete(() => true);
      const answer = platformScripts.getUsersByElmaUserId.output.parse(
        (await getScript('functions', 'getUsersByElmaUserId', { userIds: [athlete.__id] }).expect(200)).body,
      );
      expect(answer.sportsmans.map((entry) => entry.__id)).toEqual([athlete.__id]);
    });

    it('walks a request through its states and refuses illegal transitions with 400', async () => {
      const started = elmaRunProcessAnswerSchema.parse(
        (
          await post(`/pub/v1/bpm/template/${NS}/create_sportsman/run`, {
            context: {
              fio: { lastname: 'Заявкин', firstname: 'Олег', middlename: '' },
              date_of_birth: '1996-06-01',
              gorod: 'Москва',
              gender: 'male',
            },
          }).expect(200)
        ).body,
      );
      const athleteId = started.context['recordId'] as string;
      const validUntil = new Date(Date.now() + 730 * 86_400_000).toISOString();
      await post(`/pub/v1/app/${NS}/${platformApps.memberships}/create`, {
        context: {
          __name: 'Членство',
          sportsman: [athleteId],
          season: 2030,
          valid_until: validUntil,
          fee: { cents: 150_000, currency: 'RUB' },
          paid: true,
        },
      }).expect(200);
      const athlete = must(
        platformScripts.getUsersByElmaUserId.output.parse(
          (await getScript('functions', 'getUsersByElmaUserId', { userIds: [athleteId] }).expect(200)).body,
        ).sportsmans[0],
      );
      expect(athlete.term_membership).toBe(validUntil);
      const events = await firstEvents('upcoming');
      let created: ReturnType<typeof platformScripts.createApplication.output.parse> | undefined;
      let chosen: { eventId: string; programIds: string[] } | undefined;
      for (const event of events) {
        const eligibility = platformScripts.getApplicationEligibility.output.parse(
          (
            await getScript('application', 'getApplicationEligibility', {
              sportsmanId: athlete.__id,
              competitionId: event.__id,
            }).expect(200)
          ).body,
        ).data;
        expect(eligibility.existingRequestId).toBeNull();
        if (!eligibility.eligible) continue;
        const open = eligibility.programs.filter((program) => program.eligible).map((p) => p.programId);
        const answer = await postScript('application', 'createApplication', {
          sportsmanId: athlete.__id,
          competitionId: event.__id,
          programIds: open.slice(0, 1),
          coach: 'Тренеров Тимур Тимурович',
          acceptOffer: true,
        });
        if (answer.status === 200) {
          created = platformScripts.createApplication.output.parse(answer.body);
          chosen = { eventId: event.__id, programIds: open };
          break;
        }
      }
      expect(created).toBeDefined();
      const requestId = must(created).data.__id;
      const { eventId, programIds } = must(chosen);
      expect(must(created).data).toMatchObject({
        requestState: 'new',
        coach: 'Тренеров Тимур Тимурович',
        programs: programIds.slice(0, 1),
      });
      expect(must(created).data.programNames).toHaveLength(1);
      expect(must(created).data.registrationDeadline).toEqual(expect.any(String));
      const again = platformScripts.getApplicationEligibility.output.parse(
        (
          await getScript('application', 'getApplicationEligibility', {
            sportsmanId: athlete.__id,
            competitionId: eventId,
          }).expect(200)
        ).body,
      ).data;
      expect(again.existingRequestId).toBe(requestId);
      expect(again.reasons.map((reason) => reason.code)).toContain('already_applied');
      const edit = (coach: string | null) =>
        postScript('application', 'updateApplication', { requestId, programIds, coach });
      const edited = platformScripts.updateApplication.output.parse((await edit(null).expect(200)).body).data;
      expect(edited).toMatchObject({ requestState: 'new', coach: null, programs: programIds });
      expect(edited.programNames).toHaveLength(programIds.length);
      expect(edited.state_history).toHaveLength(1);
      const change = (requestState: string, reason?: string) =>
        postScript('requests', 'changeCompetitionRequestState', {
          requestId,
          requestState,
          ...(reason ? { reason } : {}),
        });

      expectError((await change('paid').expect(400)).body);
      platformScripts.changeCompetitionRequestState.output.parse(
        (await change('under_review').expect(200)).body,
      );
      expectError((await change('returned').expect(400)).body);
      const returned = platformScripts.changeCompetitionRequestState.output.parse(
        (await change('returned', 'Загрузите полис').expect(200)).body,
      ).data;
      expect(returned.reason).toBe('Загрузите полис');
      // Correcting a returned request sends it back to review.
      const corrected = platformScripts.updateApplication.output.parse(
        (await edit('Тренеров Тимур Тимурович').expect(200)).body,
      ).data;
      expect(corrected).toMatchObject({ requestState: 'under_review', reason: null });
      expect(corrected.state_history.at(-1)).toMatchObject({ from: 'returned', to: 'under_review' });
      expectError((await edit(null).expect(400)).body);
      await change('approved').expect(200);
      const paid = platformScripts.changeCompetitionRequestState.output.parse(
        (await change('paid').expect(200)).body,
      ).data;
      expect(paid.payment_status).toBe('paid');
      expect(paid.state_history.map((entry) => entry.to)).toEqual([
        'new',
        'under_review',
        'returned',
        'under_review',
        'approved',
        'paid',
      ]);
      const cancelled = platformScripts.changeCompetitionRequestState.output.parse(
        (await change('cancelled').expect(200)).body,
      ).data;
      expect(cancelled.payment_status).toBe('refunded');
      expect(cancelled.allowedStates).toEqual([]);
      expectError((await change('new').expect(400)).body);
      expectError((await change('nonsense').expect(400)).body);

      const fetched = platformScripts.getApplicationById.output.parse(
        (await getScript('application', 'getApplicationById', { id: requestId }).expect(200)).body,
      );
      expect(fetched.data.requestState).toBe('cancelled');
      const mine = platformScripts.getMyRequestList.output.parse(
        (
          await getScript('requests', 'getMyRequestList', {
            sportsmanID: athlete.__id,
            payment_status: 'refunded',
            query: '',
            nomenclature_type: 'competition',
          }).expect(200)
        ).body,
      );
      expect(mine.result.map((entry) => entry.__id)).toContain(requestId);
      for (const entry of mine.result) expect(entry.payment_status).toBe('refunded');
    });

    it('a request written through update follows the same state machine', async () => {
      const requests = elmaListAnswerSchema.parse(
        (
          await list(platformApps.requests, { size: 5, filter: { tf: { requestState: 'rejected' } } }).expect(
            200,
          )
        ).body,
      );
      const rejected = requests.result.result[0];
      if (!rejected) return;
      expectError(
        (
          await post(`/pub/v1/app/${NS}/${platformApps.requests}/${rejected.__id}/update`, {
            context: { requestState: 'paid' },
          }).expect(400)
        ).body,
      );
    });

    it('cancels a sale once', async () => {
      const sales = elmaListAnswerSchema.parse(
        (
          await list(platformApps.sales, {
            size: 10,
            filter: { tf: { status: ['ordered', 'paid'] } },
          }).expect(200)
        ).body,
      ).result.result;
      const sale = sales[0];
      expect(sale).toBeDefined();
      const cancelled = platformScripts.cancelSales.output.parse(
        (await postScript('requests', 'cancelSales', { saleId: must(sale).__id }).expect(200)).body,
      );
      expect(cancelled.data.status).toBe('cancelled');
      expect(cancelled.data.refund).toEqual(must(sale)['status'] === 'paid' ? must(sale)['price'] : null);
      expectError(
        (await postScript('requests', 'cancelSales', { saleId: must(sale).__id }).expect(400)).body,
      );
      expectError((await postScript('requests', 'cancelSales', {}).expect(400)).body);
      const mine = platformScripts.getMySales.output.parse(
        (
          await getScript('requests', 'getMySales', {
            sportsmanID: (must(sale)['sportsman'] as string[])[0],
          }).expect(200)
        ).body,
      );
      expect(mine.result.map((entry) => entry.__id)).toContain(must(sale).__id);
    });

    it('creates and then updates the legal representative of a minor; refuses an adult athlete', async () => {
      const now = new Date();
      const minor = await anAthlete(
        (athlete) =>
          !!athlete.date_of_birth &&
          now.getUTCFullYear() - new Date(athlete.date_of_birth).getUTCFullYear() < 16,
      );
      const adult = await anAthlete(
        (athlete) =>
          !!athlete.date_of_birth &&
          now.getUTCFullYear() - new Date(athlete.date_of_birth).getUTCFullYear() > 20,
      );
      const body = {
        firstname: 'Ольга',
        lastname: 'Петрова',
        middlename: 'Ивановна',
        date_of_birth: '1985-04-12',
        sportsmanId: minor.__id,
      };
      const first = platformScripts.createUpdateLegalRepresentative.output.parse(
        (await postScript('insurance', 'createUpdateLegalRepresentative', body).expect(200)).body,
      );
      const second = platformScripts.createUpdateLegalRepresentative.output.parse(
        (
          await postScript('insurance', 'createUpdateLegalRepresentative', {
            ...body,
            firstname: 'Елена',
          }).expect(200)
        ).body,
      );
      expect(second.data.__id).toBe(first.data.__id);
      expect(second.data.firstname).toBe('Елена');
      expect(second.data.created).toBe(false);
      expectError(
        (
          await postScript('insurance', 'createUpdateLegalRepresentative', {
            ...body,
            sportsmanId: adult.__id,
          }).expect(400)
        ).body,
      );
      expectError(
        (
          await postScript('insurance', 'createUpdateLegalRepresentative', {
            ...body,
            date_of_birth: '2015-01-01',
          }).expect(400)
        ).body,
      );
    });

    const uploadFile = async (name: string, contentType: string, body: Buffer) =>
      elmaUploadAnswerSchema.parse(
        (
          await auth(t().client().post(path('/pub/v1/disk/directory/root/upload')))
            .attach('file', body, { filename: name, contentType })
            .expect(200)
        ).body,
      ).file.__id;
    const pngBytes = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const pdfBytes = Buffer.from('%PDF-1.4\n%%EOF\n');
    const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

    it('creates a competition with its programs, and refuses a bad one with the reason', async () => {
      const organization = must(
        platformScripts.getOrganizations.output.parse(
          (await getScript('functions', 'getOrganizations', { size: 1 }).expect(200)).body,
        ).result[0],
      );
      const classes = platformScripts.getAgeClasses.output.parse(
        (await getScript('functions', 'getAgeClasses', {}).expect(200)).body,
      ).result;
      const adult = must(classes.find((ageClass) => (ageClass.age_from ?? 0) >= 18) ?? classes[0]);
      const poster = await uploadFile('афиша.png', 'image/png', pngBytes);
      const input = {
        organizerId: organization.__id,
        name: 'Контрактный турнир по каратэ',
        description: 'Проверка создания мероприятия',
        dateStart: isoDay(30),
        dateEnd: isoDay(31),
        registrationDeadline: isoDay(20),
        city: 'Тула',
        address: 'Тульская обл., г. Тула, ул. Ленина, д. 1',
        level: 'regional',
        placesLimit: 120,
        photoVideoSale: true,
        poster,
        programs: [
          {
            discipline: 'kumite',
            programType: 'individual',
            gender: 'male',
            ageClassId: adult.__id,
            weightCategory: '−75 кг',
            feeRub: 2500,
          },
          {
            discipline: 'kata',
            programType: 'individual',
            gender: null,
            ageClassId: adult.__id,
            feeRub: 1500,
          },
        ],
      };
      const created = platformScripts.createCompetition.output.parse(
        (await postScript('functions', 'createCompetition', input).expect(200)).body,
      ).data;
      expect(created).toMatchObject({
        __name: input.name,
        organizer: [organization.__id],
        organizerName: organization.__name,
        gorod: 'Тула',
        places_limit: 120,
        placesTaken: 0,
        photo_video_sale: true,
        poster: [poster],
        fee: { cents: 150_000, currency: 'RUB' },
        registrationOpen: true,
        documents: [],
        age_class: [adult.__id],
      });
      expect(created.date_start.slice(0, 10)).toBe(input.dateStart);
      expect(created.registration_deadline.slice(0, 10)).toBe(input.registrationDeadline);
      expect(created.discipline.map((entry) => entry.code)).toEqual(['kumite', 'kata']);
      expect(created.level).toEqual([{ code: 'regional', name: 'Региональное' }]);
      const kumite = must(created.programs.find((program) => program.program_type.gender));
      expect(kumite.pol?.[0]?.code).toBe('male');
      expect(kumite.__name).toContain('−75 кг');
      const kata = must(created.programs.find((program) => !program.program_type.gender));
      expect(kata.pol ?? []).toEqual([]);
      const mine = platformScripts.getEvents.output.parse(
        (
          await getScript('functions', 'getEvents', {
            organizerId: organization.__id,
            search: input.name,
            size: 10,
          }).expect(200)
        ).body,
      );
      expect(mine.result.map((event) => event.__id)).toContain(created.__id);

      const refused = async (change: Record<string, unknown>, message: RegExp) => {
        const answer = await postScript('functions', 'createCompetition', { ...input, ...change }).expect(
          400,
        );
        expectError(answer.body);
        expect(answer.body.error).toMatch(message);
      };
      await refused({ dateStart: isoDay(-1), registrationDeadline: isoDay(-2) }, /прошлом/);
      const athlete = await anAthlete(() => true);
      await refused({ organizerId: athlete.__id }, /организаци/);
      const text = await uploadFile('notes.txt', 'text/plain', Buffer.from('не картинка'));
      await refused({ poster: text }, /Неверный формат файла/);
      await refused({ poster: '00000000-0000-4000-8000-000000000000' }, /не найден/);
      await refused({ programs: [input.programs[1], input.programs[1]] }, /дважды/);
      await refused({ programs: [{ ...input.programs[1], programType: 'team' }] }, /командн/);
      await refused({ dateEnd: isoDay(29) }, /Окончание/);
    });

    it('takes an event’s documents; a document under review cannot be replaced', async () => {
      const [event, other] = await firstEvents('upcoming');
      const competitionId = must(event).__id;
      const file = await uploadFile('положение.pdf', 'application/pdf', pdfBytes);
      const submitted = platformScripts.submitCompetitionDocument.output.parse(
        (
          await postScript('functions', 'submitCompetitionDocument', {
            competitionId,
            kind: 'regulations',
            name: 'Положение о соревнованиях',
            fileId: file,
          }).expect(200)
        ).body,
      ).data;
      expect(submitted).toMatchObject({
        competition: [competitionId],
        kind: 'regulations',
        file: [file],
        state: 'submitted',
        reason: null,
      });
      expect(submitted.history.map((entry) => entry.state)).toEqual(['submitted']);
      const listed = platformScripts.getCompetitionDocuments.output.parse(
        (await getScript('functions', 'getCompetitionDocuments', { competitionId }).expect(200)).body,
      );
      expect(listed.result.map((document) => document.__id)).toContain(submitted.__id);
      const resubmit = (change: Record<string, unknown>) =>
        postScript('functions', 'submitCompetitionDocument', {
          competitionId,
          documentId: submitted.__id,
          kind: 'regulations',
          name: 'Положение о соревнованиях',
          fileId: file,
          ...change,
        });
      expect((await resubmit({}).expect(400)).body.error).toMatch(/на проверке/);
      expectError((await resubmit({ competitionId: must(other).__id }).expect(400)).body);
      const image = await uploadFile('photo.webp', 'image/webp', Buffer.from('RIFF0000WEBPVP8 '));
      expect(
        (
          await postScript('functions', 'submitCompetitionDocument', {
            competitionId,
            kind: 'other',
            name: 'Фото',
            fileId: image,
          }).expect(400)
        ).body.error,
      ).toMatch(/Неверный формат файла/);
    });

    it('uploads a file, hands out a temporary link and serves the file by it', async () => {
      const uploaded = elmaUploadAnswerSchema.parse(
        (
          await auth(t().client().post(path('/pub/v1/disk/directory/root/upload')))
            .attach('file', Buffer.from('привет'), {
              filename: 'photo.txt',
              contentType: 'text/plain',
            })
            .expect(200)
        ).body,
      ).file;
      expect(uploaded.size).toBe(Buffer.byteLength('привет'));
      const described = (await get(`/pub/v1/disk/file/${uploaded.__id}`).expect(200)).body as {
        file: { __name: string; size: number };
      };
      expect(described.file).toMatchObject({ __name: 'photo.txt', size: uploaded.size });
      const link = elmaFileLinkAnswerSchema.parse(
        (await post(`/pub/v1/disk/file/${uploaded.__id}/get-link`, {}).expect(200)).body,
      ).Link;
      const url = new URL(link);
      const downloaded = await t().client().get(`${url.pathname}${url.search}`).expect(200);
      expect(downloaded.text).toBe('привет');
      await t().client().get(`${url.pathname}?expires=1&signature=bad`).expect(403);
      expectError(
        (await auth(t().client().post(path('/pub/v1/disk/directory/root/upload'))).expect(400)).body,
      );
      expectError(
        (await post('/pub/v1/disk/file/00000000-0000-4000-8000-000000000000/get-link', {}).expect(404)).body,
      );
    });
  });
}
