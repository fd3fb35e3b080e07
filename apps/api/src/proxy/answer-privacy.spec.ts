import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  birthYearOf,
  isMinorOn,
  organizationPrivateFields,
  organizerVisiblePersonFields,
  personPrivateFields,
  PLATFORM_NAMESPACE,
  platformScriptModules,
  recordKindOf,
  subjectsOf,
  type PlatformScriptName,
} from '@fed/contracts';
import { demoClub, demoCompetitions, demoFamily, sandboxPublicConfig } from '@fed/sandbox-fixtures';
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
 * No private field of another person in any answer: every path the proxy policy allows is called through
 * HTTP, as a guest, as an athlete's login (a parent with two children, a stranger to every other person) and
 * as a club, against the platform twin with its demo federation; every answer is walked to the bottom with
 * the field lists of the contracts (`privacy.ts`). A path without a sample input fails the suite.
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
          process: 'update_profile',
          context: {
            contractortype: 'organization',
            is_need_update_sportsman: true,
            id: demoClub.organizationId,
            sait: 'https://club.example',
          },
        }
      : {
          process: 'update_profile',
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
  'script:createUpdateLegalRepresentative': () => ({
    sportsmanId: daughterId,
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

/**
 * Every place in `value` where a private field of somebody other than `own` shows: a field of the person
 * list on a person's record, of the organization list on an organization's. The organizer may see the
 * organizer's fields of `applicants`. Values of private fields are judged with their record.
 */
function leaksIn(
  value: unknown,
  own: ReadonlySet<string>,
  applicants: ReadonlySet<string>,
  path = '$',
): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => leaksIn(item, own, applicants, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const found: string[] = [];
  if (keys.some((key) => privateKeys.has(key))) {
    const subjects = subjectsOf(record);
    if (!subjects.some((id) => own.has(id))) {
      const organizer = subjects.some((id) => applicants.has(id));
      const forbidden: readonly string[] =
        recordKindOf(record) === 'organization'
          ? organizationPrivateFields
          : personPrivateFields.filter(
              (field) => !organizer || !(organizerVisiblePersonFields as readonly string[]).includes(field),
            );
      found.push(...forbidden.filter((field) => field in record).map((field) => `${path}.${field}`));
    }
  }
  for (const key of keys) {
    if (!privateKeys.has(key)) found.push(...leaksIn(record[key], own, applicants, `${path}.${key}`));
  }
  return found;
}

describe('the proxy shows nobody a private field of another person', () => {
  let dataDir: string;
  let twin: INestApplication;
  let twinUrl: string;
  let app: INestApplication;
  let known: Known;

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
        process: 'update_profile',
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
        expect(leaksIn(response.body, own, applicants), `${who} ${key}`).toEqual([]);
        called.push(`${key} ${response.status}`);
        if (key === 'script:createApplication' && response.status === 200) {
          known.createdRequestId = response.body.data.__id as string;
        }
      }
      // Reads of every audience the caller has answered with data, not only refusals.
      expect(called.filter((line) => line.endsWith(' 200')).length).toBeGreaterThan(
        who === 'guest' ? 12 : 15,
      );
    },
    60_000,
  );

  it('shows a guest the athletes with the birth year only, and minors without photo', async () => {
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
    let minors = 0;
    for (const record of shown) {
      const real = truth.get(record['__id'] as string);
      expect(real).toBeDefined();
      expect(record).not.toHaveProperty('date_of_birth');
      expect(record['birth_year']).toBe(birthYearOf(real?.['date_of_birth']));
      if (isMinorOn(real?.['date_of_birth'], new Date())) {
        minors += 1;
        expect(record, String(record['__name'])).not.toHaveProperty('photo');
      } else {
        expect(record['photo']).toEqual(real?.['photo']);
      }
      expect(record['__name']).toBe(real?.['__name']);
      expect(record['age_class']).toEqual(real?.['age_class']);
    }
    expect(minors).toBeGreaterThan(10);
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
});
