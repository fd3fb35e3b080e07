import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSportsmanProcess } from '@fed/contracts';
import {
  startFakeUpstream,
  startGatewayApp,
  testIds,
  type FakeUpstream,
  type TestCallerName,
} from './testing/gateway-testing';
import { extensions, paidSaleA, platformWorld, TEST_PLATFORM_TOKEN } from './testing/platform-world';
import type { ProxyTargetKey } from './platform-url';
import { proxyPolicies } from './proxy-policy';
import { ProxyModule } from './proxy.module';

type CallerName = 'guest' | TestCallerName;
const callers: CallerName[] = ['guest', 'athleteA', 'athleteB', 'linkedA', 'orgX', 'orgY'];

interface Row {
  /** The policy row exercised. */
  key: ProxyTargetKey;
  what: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  /** Expected status per caller. */
  expect: Record<CallerName, number>;
}

const read = (module: string, name: string, data: unknown) =>
  `/api/extensions/${module}/script/${name}?data=${encodeURIComponent(JSON.stringify(data))}`;
const write = (module: string, name: string) => `/api/extensions/${module}/script/${name}`;

const everyone = { guest: 200, athleteA: 200, athleteB: 200, linkedA: 200, orgX: 200, orgY: 200 };
const loginA = { guest: 401, athleteA: 200, athleteB: 403, linkedA: 200, orgX: 403, orgY: 403 };
const loginB = { guest: 401, athleteA: 403, athleteB: 200, linkedA: 403, orgX: 403, orgY: 403 };
const onlyX = { guest: 401, athleteA: 403, athleteB: 403, linkedA: 403, orgX: 200, orgY: 403 };
const onlyY = { guest: 401, athleteA: 403, athleteB: 403, linkedA: 403, orgX: 403, orgY: 200 };
const nobody = { guest: 401, athleteA: 403, athleteB: 403, linkedA: 403, orgX: 403, orgY: 403 };

/** Spec §7: every profile write starts `create_sportsman` of the `sportsman` app with an update context. */
const sportsmanContext = (id: string, linked: string[], extra: Record<string, unknown> = {}) => ({
  ...createSportsmanProcess,
  context: {
    contractortype: 'sportsman',
    is_need_update_sportsman: true,
    representive: true,
    sportsman: linked,
    id,
    gorod: 'Казань',
    ...extra,
  },
});
const organizationContext = (id: string) => ({
  ...createSportsmanProcess,
  context: { contractortype: 'organization', is_need_update_sportsman: true, id, sait: 'https://x.example' },
});
const refused = { guest: 400, athleteA: 400, athleteB: 400, linkedA: 400, orgX: 400, orgY: 400 };
/** The record read by application, id and fields list (spec §7). */
const recordFields = (id: string, application = 'sportsman') =>
  read(extensions.functions, 'getRecordFields', { application, id, fields: ['__name', 'gorod'] });

const newCompetition = (organizerId: string) => ({
  organizerId,
  name: 'Кубок клуба по каратэ',
  dateStart: '2030-05-10',
  dateEnd: '2030-05-11',
  registrationDeadline: '2030-05-01',
  city: 'Казань',
  address: 'ул. Баумана, д. 1',
  level: 'city',
  placesLimit: 100,
  programs: [
    { discipline: 'kumite', programType: 'individual', gender: 'male', ageClassId: 'ac-18', feeRub: 1500 },
  ],
});

const rows: Row[] = [
  {
    key: 'script:getEvents',
    what: 'events list',
    method: 'GET',
    url: read(extensions.functions, 'getEvents', {}),
    expect: everyone,
  },
  {
    key: 'app:competitions:get',
    what: 'competition item',
    method: 'GET',
    url: `/pub/v1/app/sport/competitions/${testIds.competitionX}/get`,
    expect: everyone,
  },
  {
    key: 'script:getMyRequestList',
    what: 'request list of athlete A',
    method: 'GET',
    url: read(extensions.requests, 'getMyRequestList', { sportsmanID: testIds.athleteA }),
    expect: loginA,
  },
  {
    key: 'script:getMyRequestList',
    what: 'request list of athlete A2 (linked)',
    method: 'GET',
    url: read(extensions.requests, 'getMyRequestList', { sportsmanID: testIds.athleteA2 }),
    expect: loginA,
  },
  {
    key: 'script:getMySales',
    what: 'sales of athlete B',
    method: 'GET',
    url: read(extensions.requests, 'getMySales', { sportsmanID: testIds.athleteB }),
    expect: loginB,
  },
  {
    key: 'script:getMembershipStatus',
    what: 'membership of athlete B',
    method: 'GET',
    url: read(extensions.requests, 'getMembershipStatus', { sportsmanId: testIds.athleteB }),
    expect: loginB,
  },
  {
    key: 'script:createMembershipRequest',
    what: 'membership request for linked athlete A2',
    method: 'POST',
    url: write(extensions.requests, 'createMembershipRequest'),
    body: { sportsmanId: testIds.athleteA2 },
    expect: loginA,
  },
  {
    key: 'script:getMembershipReminders',
    what: 'membership reminders of athlete A',
    method: 'GET',
    url: read(extensions.requests, 'getMembershipReminders', { sportsmanId: testIds.athleteA }),
    expect: loginA,
  },
  {
    key: 'script:getUsersByElmaUserId',
    what: 'linked accounts of login A',
    method: 'GET',
    url: read(extensions.functions, 'getUsersByElmaUserId', {
      userIds: [testIds.athleteA, testIds.athleteA2],
    }),
    expect: loginA,
  },
  {
    key: 'script:getUsersByElmaUserId',
    what: 'linked accounts mixing A and B',
    method: 'GET',
    url: read(extensions.functions, 'getUsersByElmaUserId', {
      userIds: [testIds.athleteA, testIds.athleteB],
    }),
    expect: nobody,
  },
  {
    key: 'script:getApplicationById',
    what: 'request A (athlete A at competition of X)',
    method: 'GET',
    url: read(extensions.application, 'getApplicationById', { id: testIds.requestA }),
    expect: { ...loginA, orgX: 200 },
  },
  {
    key: 'script:getApplicationById',
    what: 'request B (athlete B at competition of Y)',
    method: 'GET',
    url: read(extensions.application, 'getApplicationById', { id: testIds.requestB }),
    expect: { ...loginB, orgY: 200 },
  },
  {
    key: 'script:createApplication',
    what: 'apply athlete A',
    method: 'POST',
    url: write(extensions.application, 'createApplication'),
    body: {
      sportsmanId: testIds.athleteA,
      competitionId: testIds.competitionX,
      programIds: ['p1'],
      coach: 'Иванов И. И.',
      acceptOffer: true,
    },
    expect: loginA,
  },
  {
    key: 'script:getApplicationEligibility',
    what: 'eligibility of athlete A',
    method: 'GET',
    url: read(extensions.application, 'getApplicationEligibility', {
      sportsmanId: testIds.athleteA,
      competitionId: testIds.competitionX,
    }),
    expect: loginA,
  },
  {
    key: 'script:getApplicationEligibility',
    what: 'eligibility of athlete A2 (linked)',
    method: 'GET',
    url: read(extensions.application, 'getApplicationEligibility', {
      sportsmanId: testIds.athleteA2,
      competitionId: testIds.competitionY,
    }),
    expect: loginA,
  },
  {
    key: 'script:getApplicationEligibility',
    what: 'eligibility of organization X as an athlete',
    method: 'GET',
    url: read(extensions.application, 'getApplicationEligibility', {
      sportsmanId: testIds.orgX,
      competitionId: testIds.competitionX,
    }),
    expect: nobody,
  },
  {
    key: 'script:updateApplication',
    what: 'edit request A',
    method: 'POST',
    url: write(extensions.application, 'updateApplication'),
    body: { requestId: testIds.requestA, programIds: ['p1', 'p2'], coach: null },
    expect: loginA,
  },
  {
    key: 'script:updateApplication',
    what: 'edit request B',
    method: 'POST',
    url: write(extensions.application, 'updateApplication'),
    body: { requestId: testIds.requestB, programIds: ['p1'] },
    expect: loginB,
  },
  {
    key: 'script:updateApplication',
    what: 'edit an unknown request',
    method: 'POST',
    url: write(extensions.application, 'updateApplication'),
    body: { requestId: 'no-such-request', programIds: ['p1'] },
    expect: nobody,
  },
  {
    key: 'script:getCompetitionRequests',
    what: 'requests to competition X',
    method: 'GET',
    url: read(extensions.requests, 'getCompetitionRequests', { competitionId: testIds.competitionX }),
    expect: onlyX,
  },
  {
    key: 'script:getCompetitionRequests',
    what: 'requests to competition Y, new ones only',
    method: 'GET',
    url: read(extensions.requests, 'getCompetitionRequests', {
      competitionId: testIds.competitionY,
      requestState: 'new',
      query: 'Иванов',
    }),
    expect: onlyY,
  },
  {
    key: 'script:getCompetitionRequests',
    what: 'requests to an unknown competition',
    method: 'GET',
    url: read(extensions.requests, 'getCompetitionRequests', { competitionId: 'no-such-competition' }),
    expect: nobody,
  },
  {
    key: 'script:getCompetitionDocuments',
    what: 'documents of competition X',
    method: 'GET',
    url: read(extensions.functions, 'getCompetitionDocuments', { competitionId: testIds.competitionX }),
    expect: onlyX,
  },
  {
    key: 'script:submitCompetitionDocument',
    what: 'submit a document of competition Y',
    method: 'POST',
    url: write(extensions.functions, 'submitCompetitionDocument'),
    body: {
      competitionId: testIds.competitionY,
      kind: 'regulations',
      name: 'Положение о соревнованиях',
      fileId: '77777777-0000-4000-8000-000000000001',
    },
    expect: onlyY,
  },
  {
    key: 'script:submitCompetitionDocument',
    what: 're-submit a document of competition X',
    method: 'POST',
    url: write(extensions.functions, 'submitCompetitionDocument'),
    body: {
      competitionId: testIds.competitionX,
      documentId: '88888888-0000-4000-8000-000000000001',
      kind: 'insurance',
      name: 'Страховой полис',
      fileId: '77777777-0000-4000-8000-000000000002',
    },
    expect: onlyX,
  },
  {
    key: 'script:createCompetition',
    what: 'create a competition of organization X',
    method: 'POST',
    url: write(extensions.functions, 'createCompetition'),
    body: newCompetition(testIds.orgX),
    expect: onlyX,
  },
  {
    key: 'script:createCompetition',
    what: 'create a competition in the name of organization Y',
    method: 'POST',
    url: write(extensions.functions, 'createCompetition'),
    body: newCompetition(testIds.orgY),
    expect: onlyY,
  },
  {
    key: 'script:createCompetition',
    what: 'create a competition organized by an athlete',
    method: 'POST',
    url: write(extensions.functions, 'createCompetition'),
    body: newCompetition(testIds.athleteA),
    expect: nobody,
  },
  {
    key: 'script:changeCompetitionRequestState',
    what: 'withdraw request A',
    method: 'POST',
    url: write(extensions.requests, 'changeCompetitionRequestState'),
    body: { requestId: testIds.requestA, requestState: 'cancelled' },
    expect: { ...loginA, orgX: 200 },
  },
  {
    key: 'script:changeCompetitionRequestState',
    what: 'approve request A',
    method: 'POST',
    url: write(extensions.requests, 'changeCompetitionRequestState'),
    body: { requestId: testIds.requestA, requestState: 'approved' },
    expect: onlyX,
  },
  {
    key: 'script:changeCompetitionRequestState',
    what: 'mark request A paid',
    method: 'POST',
    url: write(extensions.requests, 'changeCompetitionRequestState'),
    body: { requestId: testIds.requestA, requestState: 'paid' },
    expect: nobody,
  },
  {
    key: 'script:changeCompetitionRequestState',
    what: 'reject request B',
    method: 'POST',
    url: write(extensions.requests, 'changeCompetitionRequestState'),
    body: { requestId: testIds.requestB, requestState: 'rejected', reason: 'Нет справки' },
    expect: { ...nobody, orgY: 200 },
  },
  {
    key: 'script:changeCompetitionRequestState',
    what: 'state of an unknown request',
    method: 'POST',
    url: write(extensions.requests, 'changeCompetitionRequestState'),
    body: { requestId: 'no-such-request', requestState: 'cancelled' },
    expect: nobody,
  },
  {
    key: 'script:cancelSales',
    what: 'cancel sale of A',
    method: 'POST',
    url: write(extensions.requests, 'cancelSales'),
    body: { saleId: testIds.saleA },
    expect: loginA,
  },
  {
    key: 'script:cancelSales',
    what: 'cancel sale of B',
    method: 'POST',
    url: write(extensions.requests, 'cancelSales'),
    body: { saleId: testIds.saleB },
    expect: loginB,
  },
  {
    key: 'script:cancelSales',
    what: 'cancel a paid sale of A (refunded first, through the orders API)',
    method: 'POST',
    url: write(extensions.requests, 'cancelSales'),
    body: { saleId: paidSaleA },
    expect: nobody,
  },
  {
    key: 'script:getPhotoVideoOffer',
    what: 'photo/video offer for linked athlete A2',
    method: 'GET',
    url: read(extensions.requests, 'getPhotoVideoOffer', {
      sportsmanId: testIds.athleteA2,
      competitionId: testIds.competitionX,
    }),
    expect: loginA,
  },
  {
    key: 'script:createPhotoVideoSales',
    what: 'photo/video order for athlete B',
    method: 'POST',
    url: write(extensions.requests, 'createPhotoVideoSales'),
    body: {
      sportsmanId: testIds.athleteB,
      competitionId: testIds.competitionY,
      items: [{ entryId: testIds.requestB, programId: 'program-1', package: 'photo' }],
    },
    expect: loginB,
  },
  {
    key: 'script:getPhotoVideoSale',
    what: 'sale of A, read',
    method: 'GET',
    url: read(extensions.requests, 'getPhotoVideoSale', { saleId: testIds.saleA }),
    expect: loginA,
  },
  {
    key: 'script:updatePhotoVideoSale',
    what: 'package of the sale of B',
    method: 'POST',
    url: write(extensions.requests, 'updatePhotoVideoSale'),
    body: { saleId: testIds.saleB, package: 'photo_video' },
    expect: loginB,
  },
  {
    key: 'script:createUpdateLegalRepresentative',
    what: 'legal representative of the active athlete (spec §7 body, no athlete in it)',
    method: 'POST',
    url: write(extensions.insurance, 'createUpdateLegalRepresentative'),
    body: { firstname: 'Анна', lastname: 'Петрова', middlename: '', date_of_birth: '1980-01-02' },
    // Every athlete for itself; an organization has no legal representative.
    expect: { guest: 401, athleteA: 200, athleteB: 200, linkedA: 200, orgX: 403, orgY: 403 },
  },
  {
    key: 'script:createUpdateLegalRepresentative',
    what: 'legal representative naming the athlete in the body',
    method: 'POST',
    url: write(extensions.insurance, 'createUpdateLegalRepresentative'),
    body: {
      firstname: 'Анна',
      lastname: 'Петрова',
      date_of_birth: '1980-01-02',
      sportsmanId: testIds.athleteA2,
    },
    expect: refused,
  },
  {
    key: 'script:getLegalRepresentative',
    what: 'legal representative of A2, read',
    method: 'GET',
    url: read(extensions.insurance, 'getLegalRepresentative', { sportsmanId: testIds.athleteA2 }),
    expect: loginA,
  },
  {
    key: 'script:setPublishConsent',
    what: 'consent of A2 given by login A',
    method: 'POST',
    url: write(extensions.functions, 'setPublishConsent'),
    body: {
      sportsmanId: testIds.athleteA2,
      photo: true,
      birthYear: false,
      city: true,
      results: true,
      givenBy: 'login-a',
    },
    expect: loginA,
  },
  {
    key: 'script:setPublishConsent',
    what: 'consent of A2 claiming login B',
    method: 'POST',
    url: write(extensions.functions, 'setPublishConsent'),
    body: {
      sportsmanId: testIds.athleteA2,
      photo: true,
      birthYear: false,
      city: true,
      results: true,
      givenBy: 'login-b',
    },
    expect: nobody,
  },
  {
    key: 'script:runBP',
    what: 'update profile of A with its linked account',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: sportsmanContext(testIds.athleteA, [testIds.athleteA, testIds.athleteA2]),
    expect: loginA,
  },
  {
    key: 'script:runBP',
    what: 'update profile of A dragging B along as "linked"',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: sportsmanContext(testIds.athleteA, [testIds.athleteA, testIds.athleteB]),
    expect: nobody,
  },
  {
    key: 'script:runBP',
    what: 'update profile of A binding it to login B',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: sportsmanContext(testIds.athleteA, [testIds.athleteA], { backendusrid: 'login-b' }),
    expect: nobody,
  },
  {
    key: 'script:runBP',
    what: 'update profile of the linked athlete A2 (a parent editing a child)',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: sportsmanContext(testIds.athleteA2, [testIds.athleteA2]),
    expect: loginA,
  },
  {
    key: 'script:runBP',
    what: 'an organization context naming athlete A',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: organizationContext(testIds.athleteA),
    expect: nobody,
  },
  {
    key: 'script:runBP',
    what: 'a sportsman context naming organization X',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: sportsmanContext(testIds.orgX, [testIds.orgX]),
    expect: nobody,
  },
  {
    key: 'script:runBP',
    what: 'update profile of organization X',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: organizationContext(testIds.orgX),
    expect: onlyX,
  },
  {
    key: 'script:runBP',
    what: 'create an athlete through the proxy',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: {
      ...createSportsmanProcess,
      context: {
        fio: { lastname: 'Иванов', firstname: 'Иван' },
        date_of_birth: '2010-01-01',
        gorod: 'Казань',
        gender: 'male',
      },
    },
    expect: nobody,
  },
  {
    key: 'script:runBP',
    what: 'a process of another name (update_profile)',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: { ...sportsmanContext(testIds.athleteA, [testIds.athleteA]), process: 'update_profile' },
    expect: refused,
  },
  {
    key: 'script:runBP',
    what: 'create_sportsman of another application',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: { ...organizationContext(testIds.orgX), application: 'competitions' },
    expect: refused,
  },
  {
    key: 'script:runBP',
    what: 'a context without the process and application',
    method: 'POST',
    url: write(extensions.functions, 'runBP'),
    body: { context: organizationContext(testIds.orgX).context },
    expect: refused,
  },
  {
    key: 'script:getRecordFields',
    what: 'fields of athlete A',
    method: 'GET',
    url: recordFields(testIds.athleteA),
    expect: loginA,
  },
  {
    key: 'script:getRecordFields',
    what: 'fields of organization X',
    method: 'GET',
    url: recordFields(testIds.orgX),
    expect: onlyX,
  },
  {
    key: 'script:getRecordFields',
    what: 'fields of athlete B',
    method: 'GET',
    url: recordFields(testIds.athleteB),
    expect: loginB,
  },
  {
    key: 'script:getRecordFields',
    what: 'an own id read in another app',
    method: 'GET',
    url: recordFields(testIds.athleteA, 'requests'),
    expect: nobody,
  },
  {
    key: 'app:sportsman:get',
    what: 'full profile of athlete A',
    method: 'GET',
    url: `/pub/v1/app/sport/sportsman/${testIds.athleteA}/get`,
    expect: loginA,
  },
  {
    key: 'app:sportsman:get',
    what: 'full profile of organization X',
    method: 'GET',
    url: `/pub/v1/app/sport/sportsman/${testIds.orgX}/get`,
    expect: onlyX,
  },
];

const eventId = '66666666-0000-4000-8000-000000000001';
/** Every other guest path: anyone may read it. */
const guestRows: Row[] = [
  {
    key: 'script:getEventById',
    what: 'event',
    method: 'GET',
    url: read(extensions.functions, 'getEventById', { id: eventId }),
    expect: everyone,
  },
  {
    key: 'script:getEventPrograms',
    what: 'programs',
    method: 'GET',
    url: read(extensions.functions, 'getEventPrograms', { eventId }),
    expect: everyone,
  },
  {
    key: 'script:getSportsmen',
    what: 'athletes',
    method: 'GET',
    url: read(extensions.functions, 'getSportsmen', {}),
    expect: everyone,
  },
  {
    key: 'script:getOrganizations',
    what: 'organizations',
    method: 'GET',
    url: read(extensions.functions, 'getOrganizations', {}),
    expect: everyone,
  },
  {
    key: 'script:getPublicProfile',
    what: 'public page',
    method: 'GET',
    url: read(extensions.functions, 'getPublicProfile', { id: testIds.athleteB }),
    expect: everyone,
  },
  {
    key: 'script:getOrganizationProfile',
    what: 'organization page',
    method: 'GET',
    url: read(extensions.functions, 'getOrganizationProfile', { id: testIds.orgY }),
    expect: everyone,
  },
  {
    key: 'script:getAgeClasses',
    what: 'age classes',
    method: 'GET',
    url: read(extensions.functions, 'getAgeClasses', {}),
    expect: everyone,
  },
  {
    key: 'script:getOfferDocument',
    what: 'offer document',
    method: 'GET',
    url: read(extensions.functions, 'getOfferDocument', { id: eventId }),
    expect: everyone,
  },
  ...(['competitions', 'programs', 'vozrastnye_klassy', 'offer'] as const).map((app): Row => ({
    key: `app:${app}:list`,
    what: `${app} list`,
    method: 'GET',
    url: `/pub/v1/app/sport/${app}/list`,
    expect: everyone,
  })),
  ...(['programs', 'vozrastnye_klassy', 'offer'] as const).map((app): Row => ({
    key: `app:${app}:get`,
    what: `${app} item`,
    method: 'GET',
    url: `/pub/v1/app/sport/${app}/${eventId}/get`,
    expect: everyone,
  })),
];
const allRows = [...rows, ...guestRows];

describe('proxy ownership matrix', () => {
  it('covers every path of the policy', () => {
    expect(new Set(allRows.map((row) => row.key))).toEqual(new Set(Object.keys(proxyPolicies)));
  });

  let app: INestApplication;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    upstream = await startFakeUpstream(platformWorld);
    app = await startGatewayApp(
      ProxyModule.forRoot({
        platform: { url: upstream.url, token: TEST_PLATFORM_TOKEN, extensions },
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  const cases = allRows.flatMap((row) =>
    callers.map((caller) => ({ ...row, caller, status: row.expect[caller] })),
  );

  it.each(cases)('$what as $caller → $status', async ({ method, url, body, caller, status }) => {
    const target = `/api/proxy?url=${encodeURIComponent(url)}`;
    const agent = request(app.getHttpServer());
    let call = method === 'GET' ? agent.get(target) : agent.post(target).send(body as object);
    if (caller !== 'guest') call = call.set('Authorization', `Bearer ${caller}`);
    const response = await call;
    expect(response.status).toBe(status);
    if (status !== 200) {
      expect(response.body).toMatchObject({ statusCode: status, code: expect.any(String) });
    }
  });

  it('never lets a write through for a caller it refused', async () => {
    const writes = upstream.requests.filter((r) => r.method === 'POST' && r.target.includes('/script/'));
    for (const r of writes) {
      const body = JSON.parse(r.body) as Record<string, unknown>;
      expect(JSON.stringify(body)).not.toContain('login-b');
      expect(body['requestState']).not.toBe('paid');
      // A new athlete's context (no kind) is the api's registration alone.
      if (r.target.endsWith('/script/runBP')) {
        expect((body['context'] as Record<string, unknown>)['contractortype']).toBeDefined();
      }
    }
  });

  describe('the userId header', () => {
    const url = encodeURIComponent(read(extensions.functions, 'getEvents', {}));

    it.each([
      ['athleteA', testIds.athleteA2, 200],
      ['athleteA', testIds.athleteB, 403],
      ['orgX', testIds.orgX, 200],
      ['orgX', testIds.orgY, 403],
    ] as const)('%s sending userId %s → %i', async (caller, userId, status) => {
      const response = await request(app.getHttpServer())
        .get(`/api/proxy?url=${url}`)
        .set('Authorization', `Bearer ${caller}`)
        .set('userId', userId);
      expect(response.status).toBe(status);
    });

    it('is refused from a guest', async () => {
      const response = await request(app.getHttpServer())
        .get(`/api/proxy?url=${url}`)
        .set('userId', testIds.athleteA);
      expect(response.status).toBe(403);
    });
  });

  describe('the userId the platform gets (spec §7)', () => {
    const representative = { firstname: 'Анна', lastname: 'Петрова', date_of_birth: '1980-01-02' };
    const save = (caller: string, userId?: string) => {
      const call = request(app.getHttpServer())
        .post(
          `/api/proxy?url=${encodeURIComponent(write(extensions.insurance, 'createUpdateLegalRepresentative'))}`,
        )
        .set('Authorization', `Bearer ${caller}`);
      return (userId === undefined ? call : call.set('userId', userId)).send(representative);
    };
    const forwardedUserId = () => upstream.requests.at(-1)?.headers['userid'];

    it('is the active athlete the caller’s token speaks for, or the verified header', async () => {
      await save('athleteA').expect(200);
      expect(forwardedUserId()).toBe(testIds.athleteA);
      await save('linkedA').expect(200);
      expect(forwardedUserId()).toBe(testIds.athleteA2);
      await save('athleteA', testIds.athleteA2).expect(200);
      expect(forwardedUserId()).toBe(testIds.athleteA2);
      expect(JSON.parse(upstream.requests.at(-1)?.body ?? '{}')).toEqual({
        ...representative,
        middlename: '',
      });
    });

    it('is never another login’s athlete, nor an organization', async () => {
      upstream.requests.length = 0;
      await save('athleteA', testIds.athleteB).expect(403);
      await save('orgX').expect(403);
      await save('orgX', testIds.orgX).expect(403);
      expect(upstream.requests).toEqual([]);
    });

    it('goes with every signed-in read too, and with no guest’s', async () => {
      const events = `/api/proxy?url=${encodeURIComponent(read(extensions.functions, 'getEvents', {}))}`;
      await request(app.getHttpServer()).get(events).set('Authorization', 'Bearer orgX').expect(200);
      expect(forwardedUserId()).toBe(testIds.orgX);
      await request(app.getHttpServer()).get(events).expect(200);
      expect(forwardedUserId()).toBeUndefined();
    });
  });

  it('sends the platform token upstream, never the caller’s credentials or cookies', async () => {
    upstream.requests.length = 0;
    const response = await request(app.getHttpServer())
      .get(`/api/proxy?url=${encodeURIComponent(read(extensions.functions, 'getEvents', {}))}`)
      .set('Authorization', 'Bearer athleteA')
      .set('Cookie', 'session=secret')
      .set('Connection', 'keep-alive, X-Evil')
      .set('X-Evil', '1')
      .set('X-Forwarded-For', '10.0.0.1');
    expect(response.status).toBe(200);
    const [forwarded] = upstream.requests;
    expect(forwarded?.headers.authorization).toBe(`Bearer ${TEST_PLATFORM_TOKEN}`);
    expect(forwarded?.headers.cookie).toBeUndefined();
    expect(forwarded?.headers['x-evil']).toBeUndefined();
    expect(forwarded?.headers['x-forwarded-for']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 401 JSON to a bad token, even on a guest path', async () => {
    const response = await request(app.getHttpServer())
      .get(`/api/proxy?url=${encodeURIComponent(read(extensions.functions, 'getEvents', {}))}`)
      .set('Authorization', 'Bearer nobody');
    expect(response.status).toBe(401);
    expect(response.body.statusCode).toBe(401);
  });
});
