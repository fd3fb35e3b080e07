import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  birthYearOf,
  consentPublishedFields,
  createSportsmanProcess,
  isMinorOn,
  organizationPrivateFields,
  organizerVisiblePersonFields,
  personPrivateFields,
  PLATFORM_NAMESPACE,
  platformScriptModules,
  publishedPartsOf,
  recordKindOf,
  recordMarkerFieldNames,
  registryPersonFields,
  subjectsOf,
  type PlatformScriptName,
  type PublishConsentPart,
} from '@fed/contracts';
import {
  demoAthleteExpired,
  demoClub,
  demoCompetitions,
  demoFamily,
  sandboxPublicConfig,
} from '@fed/sandbox-fixtures';
import { ElmaTwinModule } from '@fed/sandbox-elma';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallerIdentity } from '../common/caller';
import { PlatformAllowlist, type ProxyTargetKey } from './platform-url';
import { proxyPolicies } from './proxy-policy';
import { ProxyModule } from './proxy.module';
import { startGatewayApp } from './testing/gateway-testing';

/**
 * No private field of another person in any answer, and nothing a person did not choose to publish: every path
 * the proxy policy allows is called through HTTP, as a guest, as an athlete's login (a parent with two
 * children, a stranger to every other person) and as a club, against the platform twin with its demo
 * federation; every answer is walked to the bottom with the field lists of the contracts (`privacy.ts`) and
 * each person's consent as the platform holds it. A path without a sample input fails the suite.
 */

const TOKEN = 'privacy-test-token-0123456789';
const extensions = sandboxPublicConfig.extensions;
const [sonId, daughterId] = demoFamily.childIds;

type Who = 'guest' | 'family' | 'club';
const callers: Record<Exclude<Who, 'guest'>, CallerIdentity> = {
  family: {
    loginId: 'login-family',
    sessionId: 'session-family',
    contractorType: 'sportsman',
    sportsmanIds: [demoFamily.parentId, ...demoFamily.childIds],
    organizationId: null,
  },
  club: {
    loginId: 'login-club',
    sessionId: 'session-club',
    contractorType: 'organization',
    sportsmanIds: [],
    organizationId: demoClub.organizationId,
  },
};
const ownIdsOf = (who: Who): Set<string> =>
  who === 'guest'
    ? new Set()
    : new Set([
        ...callers[who].sportsmanIds,
        ...(callers[who].organizationId ? [callers[who].organizationId] : []),
      ]);

/** Ids the samples need, read from the twin directly before the walk. */
interface Known {
  familyRequestId: string;
  familySaleId: string;
  clubRequestId: string;
  eligibleProgramId: string;
  ageClassId: string;
  offerId: string;
  fileId: string;
  /** The request `createApplication` made in the walk, once it has. */
  createdRequestId?: string;
}

type Sample = (who: Who, known: Known) => unknown;
const script = (name: PlatformScriptName) =>
  `/api/extensions/${extensions[platformScriptModules[name]]}/script/${name}`;
const athleteOf = (who: Who) => (who === 'club' ? demoClub.organizationId : demoFamily.parentId);

/**
 * One sample input per allowed path: what the portal would send as that caller (own ids for ownership rules;
 * a club given an athlete's path sends its own id and is refused, which is an answer too).
 */
const samples: Partial<Record<ProxyTargetKey, Sample>> = {
  'script:getEvents': () => ({ when: 'all', size: 100 }),
  'script:getEventById': () => ({ id: demoCompetitions.clubOpen }),
  'script:getEventPrograms': () => ({ eventId: demoCompetitions.clubOpen }),
  'script:getSportsmen': () => ({ size: 100 }),
  'script:getOrganizations': () => ({ size: 100 }),
  // The minor without a parent's consent: the registry alone must survive the page's wrapper too.
  'script:getPublicProfile': () => ({ id: daughterId }),
  'script:getOrganizationProfile': () => ({ id: demoClub.organizationId }),
  'script:setPublishConsent': (who) => ({
    sportsmanId: athleteOf(who),
    photo: true,
    birthYear: true,
    city: true,
    results: true,
    givenBy: who === 'guest' ? 'nobody' : callers[who].loginId,
  }),
  'script:getLegalRepresentative': (who) => ({
    sportsmanId: who === 'club' ? demoClub.organizationId : sonId,
  }),
  'script:getAgeClasses': () => ({}),
  'script:getOfferDocument': (_who, known) => ({ id: known.offerId }),
  'script:getApplicationById': (who, known) => ({
    id: who === 'club' ? known.clubRequestId : known.familyRequestId,
  }),
  'script:getApplicationEligibility': (who) => ({
    sportsmanId: athleteOf(who),
    competitionId: demoCompetitions.clubOpen,
  }),
  'script:createApplication': (who, known) => ({
    sportsmanId: athleteOf(who),
    competitionId: demoCompetitions.clubOpen,
    programIds: [known.eligibleProgramId],
    coach: null,
    acceptOffer: true,
  }),
  'script:updateApplication': (_who, known) => ({
    requestId: known.createdRequestId ?? known.familyRequestId,
    programIds: [known.eligibleProgramId],
    coach: 'Петров Пётр',
  }),
  'script:getMyRequestList': (who) => ({ sportsmanID: athleteOf(who), size: 50 }),
  'script:getMySales': (who) => ({ sportsmanID: athleteOf(who), size: 50 }),
  'script:getMembershipStatus': (who) => ({ sportsmanId: athleteOf(who) }),
  'script:createMembershipRequest': (who) => ({ sportsmanId: athleteOf(who) }),
  'script:getMembershipReminders': (who) => ({ sportsmanId: athleteOf(who) }),
  'script:cancelSales': (_who, known) => ({ saleId: known.familySaleId }),
  'script:getPhotoVideoOffer': (who) => ({
    sportsmanId: athleteOf(who),
    competitionId: demoCompetitions.photoVideoCup,
  }),
  'script:createPhotoVideoSales': (who, known) => ({
    sportsmanId: athleteOf(who),
    competitionId: demoCompetitions.photoVideoCup,
    items: [{ entryId: known.familyRequestId, programId: known.eligibleProgramId, package: 'photo' }],
  }),
  'script:getPhotoVideoSale': (_who, known) => ({ saleId: known.familySaleId }),
  'script:updatePhotoVideoSale': (_who, known) => ({ saleId: known.familySaleId, package: 'photo' }),
  'script:changeCompetitionRequestState': (who, known) =>
    who === 'club'
      ? { requestId: known.clubRequestId, requestState: 'under_review' }
      : { requestId: known.familyRequestId, requestState: 'cancelled' },
  'script:getCompetitionRequests': () => ({ competitionId: demoCompetitions.clubOpen, size: 50 }),
  'script:getCompetitionDocuments': () => ({ competitionId: demoCompetitions.clubOpen }),
  'script:submitCompetitionDocument': (_who, known) => ({
    competitionId: demoCompetitions.clubOpen,
    kind: 'insurance',
    name: 'Полис',
    fileId: known.fileId,
  }),
  'script:createCompetition': (_who, known) => ({
    organizerId: demoClub.organizationId,
    name: 'Турнир для проверки приватности',
    dateStart: '2099-06-01',
    dateEnd: '2099-06-02',
    registrationDeadline: '2099-05-20',
    city: 'Москва',
    address: 'ул. Ленина, д. 1',
    level: 'city',
    placesLimit: 10,
    programs: [
      {
        discipline: 'kata',
        programType: 'individual',
        gender: null,
        ageClassId: known.ageClassId,
        feeRub: 500,
      },
    ],
  }),
  'script:runBP': (who) =>
    who === 'club'
      ? {
          ...createSportsmanProcess,
          context: {
            contractortype: 'organization',
            is_need_update_sportsman: true,
            id: demoClub.organizationId,
            sait: 'https://club.example',
          },
        }
      : {
          ...createSportsmanProcess,
          context: {
            contractortype: 'sportsman',
            is_need_update_sportsman: true,
            representive: true,
            sportsman: [...demoFamily.childIds],
            id: demoFamily.parentId,
            trener: 'Петров Пётр',
          },
        },
  'script:getUsersByElmaUserId': (who) => ({ userIds: [...ownIdsOf(who)] }),
  'script:getRecordFields': (who) => ({
    application: 'sportsman',
    id: athleteOf(who),
    fields: ['__id', '__name', 'fio', 'phone', 'date_of_birth', 'bank_account', 'publish_consent'],
  }),
  // The athlete is the caller's active user (the `userId` the proxy sends), never the body.
  'script:createUpdateLegalRepresentative': () => ({
    lastname: 'Соколов',
    firstname: 'Андрей',
    middlename: 'Викторович',
    date_of_birth: '1988-03-04',
  }),
  'app:competitions:get': () => ({ id: demoCompetitions.clubOpen }),
  'app:competitions:list': () => ({ size: 50 }),
  'app:programs:get': (_who, known) => ({ id: known.eligibleProgramId }),
  'app:programs:list': () => ({ size: 50 }),
  'app:vozrastnye_klassy:get': (_who, known) => ({ id: known.ageClassId }),
  'app:vozrastnye_klassy:list': () => ({ size: 50 }),
  'app:offer:get': (_who, known) => ({ id: known.offerId }),
  'app:offer:list': () => ({ size: 50 }),
  'app:sportsman:get': (who) => ({ id: athleteOf(who) }),
};

/** The `url` parameter of a call to `key` with `input`, as the portal builds it. */
function proxyUrl(
  key: ProxyTargetKey,
  input: unknown,
): { method: 'GET' | 'POST'; url: string; body?: unknown } {
  const data = (value: unknown) => `?data=${encodeURIComponent(JSON.stringify(value))}`;
  const [kind, name = '', operation] = key.split(':');
  if (kind === 'app') {
    const base = `/pub/v1/app/${PLATFORM_NAMESPACE}/${name}`;
    const path =
      operation === 'get' ? `${base}/${(input as { id: string }).id}/get` : `${base}/list${data(input)}`;
    return { method: 'GET', url: encodeURIComponent(path) };
  }
  const path = script(name as PlatformScriptName);
  const method = new PlatformAllowlist(extensions).keys().find((entry) => entry.key === key)?.method ?? 'GET';
  return method === 'GET'
    ? { method, url: encodeURIComponent(`${path}${data(input)}`) }
    : { method, url: encodeURIComponent(path), body: input };
}

function mayCall(who: Who, key: ProxyTargetKey): boolean {
  const { audience } = proxyPolicies[key];
  if (audience === 'guest') return true;
  if (who === 'guest') return false;
  return audience === 'signedIn' || callers[who].contractorType === 'organization';
}

const privateKeys = new Set<string>([...personPrivateFields, ...organizationPrivateFields]);

/** What the platform holds of a person's choice: the parts published (`null`: never chose) and majority. */
interface Choice {
  parts: ReadonlySet<PublishConsentPart> | null;
  minor: boolean;
}

/** The fields of a person's record `choice` keeps from everybody but the owner (an organizer sees its extras). */
function unpublished(record: Record<string, unknown>, choice: Choice, organizer: boolean): string[] {
  const keys = Object.keys(record);
  if (choice.parts === null && choice.minor) {
    const kept = new Set<string>([
      ...registryPersonFields,
      ...(organizer ? organizerVisiblePersonFields : []),
    ]);
    return keys.filter((key) => !kept.has(key));
  }
  const parts = choice.parts ?? new Set<PublishConsentPart>();
  const hidden = Object.entries(consentPublishedFields).flatMap(([part, fields]) =>
    parts.has(part as PublishConsentPart) ? [] : fields,
  );
  if (!parts.has('birthYear')) hidden.push('birth_year');
  return keys.filter((key) => hidden.includes(key));
}

/**
 * Every place in `value` where a private field of somebody other than `own` shows: a field of the person
 * list on a person's record, of the organization list on an organization's, or a field the person did not
 * publish (`choices`: what the platform holds). The organizer may see the organizer's fields of `applicants`.
 * Values of private fields are judged with their record.
 */
function leaksIn(
  value: unknown,
  own: ReadonlySet<string>,
  applicants: ReadonlySet<string>,
  choices: ReadonlyMap<string, Choice>,
  path = '$',
): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => leaksIn(item, own, applicants, choices, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const found: string[] = [];
  if (keys.some((key) => recordMarkerFieldNames.has(key))) {
    const subjects = subjectsOf(record);
    if (!subjects.some((id) => own.has(id))) {
      const organizer = subjects.some((id) => applicants.has(id));
      const person = recordKindOf(record) === 'person';
      const forbidden: readonly string[] = person
        ? personPrivateFields.filter(
            (field) => !organizer || !(organizerVisiblePersonFields as readonly string[]).includes(field),
          )
        : organizationPrivateFields;
      found.push(...forbidden.filter((field) => field in record).map((field) => `${path}.${field}`));
      // A legal representative's record is its athlete's login's alone: the private lists judge it.
      const choice =
        person && typeof record['lastname'] !== 'string' ? choices.get(subjects[0] ?? '') : undefined;
      if (choice) {
        found.push(
          ...unpublished(record, choice, organizer).map((field) => `${path}.${field} (unpublished)`),
        );
      }
    }
  }
  for (const key of keys) {
    if (!privateKeys.has(key))
      found.push(...leaksIn(record[key], own, applicants, choices, `${path}.${key}`));
  }
  return found;
}

describe('the proxy shows nobody a private field of another person', () => {
  let dataDir: string;
  let twin: INestApplication;
  let twinUrl: string;
  let app: INestApplication;
  let known: Known;
  /** Every athlete's choice as the twin holds it, read again after a call that may change one. */
  let choices = new Map<string, Choice>();

  /** The twin directly, with the server's token: the truth the proxied answers are compared with. */
  async function raw(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    const response = await fetch(`${twinUrl}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', ...init.headers },
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }
  const rawScript = (name: PlatformScriptName, input: unknown) =>
    raw(`${script(name)}?data=${encodeURIComponent(JSON.stringify(input))}`);
  const list = (answer: Record<string, unknown>) => answer['result'] as Record<string, unknown>[];

  async function readChoices(): Promise<Map<string, Choice>> {
    const read = new Map<string, Choice>();
    for (let from = 0; ; from += 100) {
      const page = (
        await raw(`/pub/v1/app/${PLATFORM_NAMESPACE}/sportsman/list`, {
          method: 'POST',
          body: JSON.stringify({ from, size: 100, fields: { publish_consent: true, date_of_birth: true } }),
        })
      )['result'] as { result: Record<string, unknown>[]; total: number };
      for (const record of page.result) {
        read.set(record['__id'] as string, {
          parts: publishedPartsOf(record),
          minor: isMinorOn(record['date_of_birth'], new Date()),
        });
      }
      if (from + 100 >= page.total) return read;
    }
  }

  function call(who: Who, key: ProxyTargetKey, input: unknown) {
    const { method, url, body } = proxyUrl(key, input);
    const test =
      method === 'GET'
        ? request(app.getHttpServer()).get(`/api/proxy?url=${url}`)
        : request(app.getHttpServer())
            .post(`/api/proxy?url=${url}`)
            .send(body as object);
    return who === 'guest' ? test : test.set('Authorization', `Bearer ${who}`);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'privacy-test-'));
    const moduleRef = await Test.createTestingModule({
      imports: [ElmaTwinModule.forRoot({ token: TOKEN, seed: 'demo', dataDir })],
    }).compile();
    twin = moduleRef.createNestApplication({ logger: false });
    await twin.listen(0, '127.0.0.1');
    twinUrl = `http://127.0.0.1:${(twin.getHttpServer().address() as AddressInfo).port}/sandbox/elma`;
    app = await startGatewayApp(
      ProxyModule.forRoot({ platform: () => ({ url: twinUrl, token: TOKEN, extensions }) }),
      undefined,
      callers,
    );

    const form = new FormData();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
    const uploaded = await fetch(`${twinUrl}/pub/v1/disk/directory/portal-uploads/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    const fileId = ((await uploaded.json()) as { file: { __id: string } }).file.__id;
    // The daughter (9) gets a photo through her parent's login, so a minor's photo is there to withhold.
    await raw(script('runBP'), {
      method: 'POST',
      body: JSON.stringify({
        ...createSportsmanProcess,
        context: {
          contractortype: 'sportsman',
          is_need_update_sportsman: true,
          representive: true,
          sportsman: [...demoFamily.childIds],
          id: daughterId,
          photo: [fileId],
        },
      }),
    });

    const familyRequests = list(
      await rawScript('getMyRequestList', { sportsmanID: demoFamily.parentId, size: 50 }),
    );
    const familySales = list(await rawScript('getMySales', { sportsmanID: demoFamily.parentId, size: 50 }));
    const clubRequests = list(
      await rawScript('getCompetitionRequests', { competitionId: demoCompetitions.clubOpen, size: 50 }),
    );
    const eligibility = (
      await rawScript('getApplicationEligibility', {
        sportsmanId: demoFamily.parentId,
        competitionId: demoCompetitions.clubOpen,
      })
    )['data'] as { programs: { programId: string; eligible: boolean }[] };
    const ageClasses = list(await rawScript('getAgeClasses', {}));
    const offers = (
      await raw(`/pub/v1/app/${PLATFORM_NAMESPACE}/offer/list`, { method: 'POST', body: '{}' })
    )['result'] as { result: { __id: string }[] };
    known = {
      familyRequestId: String(familyRequests.find((r) => r['requestState'] === 'new')?.['__id']),
      familySaleId: String(familySales[0]?.['__id']),
      clubRequestId: String(clubRequests.find((r) => r['requestState'] === 'new')?.['__id']),
      eligibleProgramId: String(eligibility.programs.find((p) => p.eligible)?.programId),
      ageClassId: String(ageClasses[0]?.['__id']),
      offerId: String(offers.result[0]?.__id),
      fileId,
    };
    for (const [name, id] of Object.entries(known)) expect(id, name).toMatch(/^[0-9a-f-]{36}$/);
    choices = await readChoices();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await twin?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const allowlisted = new PlatformAllowlist(extensions).keys().map((entry) => entry.key);

  it('has a sample input for every path of the allowlist', () => {
    expect(allowlisted.filter((key) => samples[key] === undefined)).toEqual([]);
  });

  it.each(['guest', 'family', 'club'] as const)(
    'as %s: every allowed path answers without another person’s private field',
    async (who) => {
      const own = ownIdsOf(who);
      const applicants = new Set<string>();
      if (who === 'club') {
        const requests = list(
          await rawScript('getCompetitionRequests', { competitionId: demoCompetitions.clubOpen, size: 100 }),
        );
        for (const entry of requests) for (const id of entry['sportsman'] as string[]) applicants.add(id);
      }
      const called: string[] = [];
      for (const key of allowlisted.filter((entry) => mayCall(who, entry))) {
        const sample = samples[key];
        if (sample === undefined) continue;
        const response = await call(who, key, sample(who, known));
        expect(response.status, `${who} ${key}: ${JSON.stringify(response.body)}`).toBeLessThan(500);
        if (key === 'script:setPublishConsent') choices = await readChoices();
        expect(leaksIn(response.body, own, applicants, choices), `${who} ${key}`).toEqual([]);
        called.push(`${key} ${response.status}`);
        if (key === 'script:createApplication' && response.status === 200) {
          known.createdRequestId = response.body.data.__id as string;
        }
      }
      // Reads of every audience the caller has answered with data, not only refusals.
      expect(called.filter((line) => line.endsWith(' 200')).length).toBeGreaterThan(
        who === 'guest' ? 14 : 17,
      );
    },
    60_000,
  );

  it('shows a guest each athlete as they chose: a minor without consent as name, club and age class', async () => {
    const truth = new Map(
      list(await rawScript('getSportsmen', { size: 100, search: 'Соколова' }))
        .concat(list(await rawScript('getSportsmen', { size: 100 })))
        .map((record) => [record['__id'] as string, record]),
    );
    const shown = [
      ...(await call('guest', 'script:getSportsmen', { size: 100, search: 'Соколова' }).expect(200)).body
        .result,
      ...(await call('guest', 'script:getSportsmen', { size: 100 }).expect(200)).body.result,
    ] as Record<string, unknown>[];
    const daughter = shown.find((record) => record['__id'] === daughterId);
    expect(daughter, 'the daughter is listed').toBeDefined();
    expect(truth.get(daughterId)?.['photo']).toHaveLength(1);
    expect(Object.keys(daughter ?? {}).sort()).toEqual(
      ['__id', '__name', 'age_class', 'fio', 'organiz', 'organizationName', 'representative_new'].sort(),
    );
    const seen = { minors: 0, photos: 0, years: 0, hiddenCities: 0 };
    for (const record of shown) {
      const real = truth.get(record['__id'] as string);
      expect(real).toBeDefined();
      const parts = publishedPartsOf(real ?? {});
      expect(record).not.toHaveProperty('date_of_birth');
      expect(record).not.toHaveProperty('publish_consent');
      if (parts === null && isMinorOn(real?.['date_of_birth'], new Date())) {
        seen.minors += 1;
        for (const field of ['photo', 'gorod', 'pol', 'birth_year', 'membershipValid']) {
          expect(record, String(record['__name'])).not.toHaveProperty(field);
        }
      } else {
        expect(record['birth_year']).toBe(
          parts?.has('birthYear') ? birthYearOf(real?.['date_of_birth']) : undefined,
        );
        expect(record['photo']).toEqual(parts?.has('photo') ? real?.['photo'] : undefined);
        expect(record['gorod']).toEqual(parts?.has('city') ? real?.['gorod'] : undefined);
        expect(record['pol']).toEqual(real?.['pol']);
        if (record['photo']) seen.photos += 1;
        if (record['birth_year']) seen.years += 1;
        if (!parts?.has('city')) seen.hiddenCities += 1;
      }
      expect(record['__name']).toBe(real?.['__name']);
      expect(record['age_class']).toEqual(real?.['age_class']);
      expect(record['organizationName']).toEqual(real?.['organizationName']);
    }
    expect(seen.minors).toBeGreaterThan(10);
    expect(seen.photos).toBeGreaterThan(3);
    expect(seen.years).toBeGreaterThan(3);
    expect(seen.hiddenCities).toBeGreaterThan(3);
  });

  it('shows others an adult who chose nothing without photo, birth year, city or results', async () => {
    const expired = demoAthleteExpired.sportsmanId;
    const real = ((await rawScript('getPublicProfile', { id: expired }))['data'] as Record<string, unknown>)[
      'profile'
    ] as Record<string, unknown>;
    expect(real['publish_consent']).toBeNull();
    for (const who of ['guest', 'family', 'club'] as const) {
      const shown = (await call(who, 'script:getPublicProfile', { id: expired }).expect(200)).body.data
        .profile;
      for (const field of ['photo', 'gorod', 'results', 'birth_year', 'date_of_birth', 'publish_consent']) {
        expect(shown, `${who} ${field}`).not.toHaveProperty(field);
      }
      expect(shown).toMatchObject({
        __id: expired,
        fio: real['fio'],
        pol: real['pol'],
        organiz: real['organiz'],
      });
    }
  });

  it('shows a club’s business contacts to anybody, and keeps its sign-in phone and bank details', async () => {
    const organizations = (await call('guest', 'script:getOrganizations', { size: 100 }).expect(200)).body
      .result as Record<string, unknown>[];
    const club = organizations.find((record) => record['__id'] === demoClub.organizationId);
    expect(club).toMatchObject({
      contact_phone: expect.any(Array),
      email_kontr: expect.any(Array),
      sait: expect.any(String),
      fakti_address: expect.any(String),
    });
    expect(club).not.toHaveProperty('phone');
    const own = (await call('club', 'app:sportsman:get', { id: demoClub.organizationId }).expect(200)).body;
    expect(own).toEqual(
      await raw(`/pub/v1/app/${PLATFORM_NAMESPACE}/sportsman/${demoClub.organizationId}/get`),
    );
    expect(own.item).toMatchObject({ inn_a: expect.any(String), bank_account: expect.any(String) });
  });

  it('shows the owner’s login its own records unchanged, the minor’s photo and birth date included', async () => {
    for (const id of [demoFamily.parentId, sonId, daughterId]) {
      const mine = await call('family', 'app:sportsman:get', { id }).expect(200);
      expect(mine.body).toEqual(await raw(`/pub/v1/app/${PLATFORM_NAMESPACE}/sportsman/${id}/get`));
    }
    const daughter = (await call('family', 'app:sportsman:get', { id: daughterId }).expect(200)).body.item;
    expect(daughter).toMatchObject({
      photo: [known.fileId],
      date_of_birth: expect.any(String),
      phone: expect.any(Array),
    });
    const accounts = await call('family', 'script:getUsersByElmaUserId', {
      userIds: [...ownIdsOf('family')],
    }).expect(200);
    expect(accounts.body).toEqual(
      await rawScript('getUsersByElmaUserId', { userIds: [...ownIdsOf('family')] }),
    );
    // In a list, the login's own athletes stay whole too.
    const listed = (
      await call('family', 'script:getSportsmen', { size: 100, search: 'Соколова' }).expect(200)
    ).body.result as Record<string, unknown>[];
    expect(listed.find((record) => record['__id'] === daughterId)).toMatchObject({ photo: [known.fileId] });
  });

  it('a parent’s choice for a child publishes exactly that, recorded on the platform with time and login', async () => {
    const before = (await call('guest', 'script:getPublicProfile', { id: daughterId }).expect(200)).body.data
      .profile;
    expect(before).not.toHaveProperty('photo');
    expect(before).not.toHaveProperty('gorod');
    const choice = { sportsmanId: daughterId, photo: true, birthYear: false, city: false, results: true };
    // Only the login's own sub, only for its own athletes.
    await call('family', 'script:setPublishConsent', { ...choice, givenBy: 'login-club' }).expect(403);
    await call('club', 'script:setPublishConsent', { ...choice, givenBy: 'login-club' }).expect(403);
    await call('guest', 'script:setPublishConsent', { ...choice, givenBy: 'login-family' }).expect(401);
    const saved = (
      await call('family', 'script:setPublishConsent', { ...choice, givenBy: 'login-family' }).expect(200)
    ).body.data;
    expect(saved.publish_consent).toMatchObject({
      photo: true,
      birthYear: false,
      city: false,
      results: true,
      givenAt: expect.any(String),
      givenBy: { login: 'login-family', role: 'parent' },
    });
    const after = (await call('guest', 'script:getPublicProfile', { id: daughterId }).expect(200)).body.data
      .profile;
    expect(after.photo).toEqual([known.fileId]);
    expect(after).toHaveProperty('results');
    expect(after).toHaveProperty('pol');
    for (const field of ['gorod', 'birth_year', 'date_of_birth', 'publish_consent']) {
      expect(after).not.toHaveProperty(field);
    }
    // The owner sees the whole record, the choice included.
    const own = (await call('family', 'script:getPublicProfile', { id: daughterId }).expect(200)).body.data
      .profile;
    expect(own).toMatchObject({ gorod: expect.any(String), date_of_birth: expect.any(String) });
    expect(own.publish_consent).toEqual(saved.publish_consent);
  });

  it('answers a record read by fields with the fields asked alone, and only of the caller’s own records', async () => {
    const fields = ['__id', 'fio', 'phone', 'date_of_birth', 'photo', 'publish_consent'];
    const read = (who: Who, id: string) =>
      call(who, 'script:getRecordFields', { application: 'sportsman', id, fields });
    const truth = (await raw(`/pub/v1/app/${PLATFORM_NAMESPACE}/sportsman/${daughterId}/get`))[
      'item'
    ] as Record<string, unknown>;
    const mine = (await read('family', daughterId).expect(200)).body as {
      fieldsData: Record<string, unknown>;
    };
    expect(Object.keys(mine.fieldsData).sort()).toEqual(fields.filter((field) => field in truth).sort());
    for (const field of Object.keys(mine.fieldsData)) expect(mine.fieldsData[field]).toEqual(truth[field]);
    expect(mine.fieldsData).toMatchObject({ photo: [known.fileId], phone: expect.any(Array) });
    await read('club', daughterId).expect(403);
    await read('guest', daughterId).expect(401);
    await call('family', 'script:getRecordFields', {
      application: 'requests',
      id: daughterId,
      fields: ['__id'],
    }).expect(403);
  });

  it('sets the legal representative of the caller’s active athlete alone', async () => {
    const representative = {
      lastname: 'Соколова',
      firstname: 'Мария',
      middlename: 'Ивановна',
      date_of_birth: '1985-02-03',
    };
    const save = (who: Who, userId?: string) => {
      const test = call(who, 'script:createUpdateLegalRepresentative', representative);
      return userId === undefined ? test : test.set('userId', userId);
    };
    // The family's active athlete is the parent (an adult): the platform says no representative is needed.
    expect((await save('family').expect(400)).body.message).toMatch(/несовершеннолетнему/);
    await save('family', daughterId).expect(200);
    const daughters = (await rawScript('getLegalRepresentative', { sportsmanId: daughterId }))['data'];
    expect(daughters).toMatchObject({ lastname: 'Соколова', firstname: 'Мария', sportsman: [daughterId] });
    await save('club').expect(403);
    await save('club', daughterId).expect(403);
  });

  it('lets only the child’s login read the legal representative', async () => {
    const mine = (await call('family', 'script:getLegalRepresentative', { sportsmanId: sonId }).expect(200))
      .body;
    expect(mine.data).toMatchObject({
      lastname: 'Соколов',
      date_of_birth: expect.any(String),
      sportsman: [sonId],
    });
    await call('club', 'script:getLegalRepresentative', { sportsmanId: sonId }).expect(403);
    await call('guest', 'script:getLegalRepresentative', { sportsmanId: sonId }).expect(401);
  });
});
