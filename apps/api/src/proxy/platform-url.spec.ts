import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeUpstream,
  startGatewayApp,
  testCallers,
  testIds,
  type FakeUpstream,
} from './testing/gateway-testing';
import { extensions, platformWorld, TEST_PLATFORM_TOKEN } from './testing/platform-world';
import { PlatformAllowlist, PROXY_URL_MAX_LENGTH } from './platform-url';
import { proxyPolicies } from './proxy-policy';
import { ProxyModule } from './proxy.module';

const fn = extensions.functions;
const script = (module: string, name: string, data?: unknown) =>
  `/api/extensions/${module}/script/${name}` +
  (data === undefined ? '' : `?data=${encodeURIComponent(JSON.stringify(data))}`);
const events = script(fn, 'getEvents');
const eventId = '66666666-0000-4000-8000-000000000001';

interface UrlCase {
  why: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Signed in as this test caller (allowed cases of signed-in paths). */
  as?: keyof typeof testCallers;
}

const application = extensions.application;
const newCompetition = {
  organizerId: testIds.orgX,
  name: 'Кубок клуба по каратэ',
  dateStart: '2030-05-10',
  dateEnd: '2030-05-11',
  registrationDeadline: '2030-05-01',
  city: 'Казань',
  address: 'ул. Баумана, д. 1',
  level: 'city',
  placesLimit: 0,
  programs: [
    { discipline: 'kata', programType: 'individual', gender: null, ageClassId: 'ac-18', feeRub: 1000 },
  ],
};
const apply = {
  sportsmanId: testIds.athleteA,
  competitionId: testIds.competitionX,
  programIds: ['p1'],
  acceptOffer: true,
};

/** Values of `url` outside the allowlist: every one is a 400 JSON error, and nothing reaches the platform. */
const refused: UrlCase[] = [
  { why: 'empty', url: '' },
  { why: 'absolute http URL', url: `http://evil.example${events}` },
  { why: 'absolute https URL to loopback', url: `https://127.0.0.1${events}` },
  { why: 'protocol-relative', url: `//evil.example${events}` },
  { why: 'triple slash', url: '///evil.example/x' },
  { why: 'javascript scheme', url: 'javascript:alert(1)' },
  { why: 'no leading slash', url: events.slice(1) },
  { why: 'dot-dot escaping the extensions', url: '/api/extensions/../../admin' },
  { why: 'dot-dot inside the script path', url: `/api/extensions/${fn}/script/../script/getEvents` },
  { why: 'dot segment', url: `/api/extensions/${fn}/./script/getEvents` },
  { why: 'backslash', url: `${events}\\..` },
  { why: 'UNC backslashes', url: '\\\\evil.example\\share' },
  { why: 'percent-encoded letter in the path', url: `/api/extensions/${fn}/script/%67etEvents` },
  { why: 'encoded slash', url: `/api/extensions/${fn}%2Fscript%2FgetEvents` },
  { why: 'encoded dot-dot', url: `/api/extensions/${fn}/script/%2e%2e/getEvents` },
  { why: 'double-encoded NUL in the path', url: `${events}%2500` },
  { why: 'double-encoded data', url: `${events}?data=%257B%257D` },
  { why: 'raw JSON data (mixed encoding)', url: `${events}?data={}` },
  { why: 'partly encoded data', url: `${events}?data=%7B"search":"x"%7D` },
  { why: 'malformed escape in data', url: `${events}?data=%ZZ` },
  { why: 'invalid UTF-8 in data', url: `${events}?data=%C3%28` },
  { why: 'CRLF injection', url: `${events}\r\nHost: evil.example` },
  { why: 'line feed', url: `${events}\n` },
  { why: 'NUL', url: `${events}\u0000` },
  { why: 'tab', url: `${events}\t` },
  { why: 'encoded NUL inside data', url: `${events}?data=%7B%7D%00` },
  { why: 'non-ASCII lookalike slash', url: `/api/extensions/${fn}/script\u2215getEvents` },
  { why: 'space in the path', url: `/api/extensions/${fn}/script/get Events` },
  { why: 'overlong', url: script(fn, 'getEvents', { search: 'a'.repeat(PROXY_URL_MAX_LENGTH) }) },
  { why: 'fragment', url: `${events}#x` },
  { why: 'empty query', url: `${events}?` },
  { why: 'nameless parameter', url: `${events}?=x` },
  { why: 'unknown module', url: script('00000000-0000-4000-8000-000000000000', 'getEvents') },
  { why: 'module id in upper case', url: script(fn.toUpperCase(), 'getEvents') },
  { why: 'module id not a uuid', url: script('functions', 'getEvents') },
  { why: 'unknown script', url: script(fn, 'dropDatabase') },
  { why: 'prototype key as script', url: script(fn, 'constructor') },
  { why: '__proto__ as script', url: script(fn, '__proto__') },
  { why: 'toString as script', url: script(fn, 'toString') },
  { why: 'script of another module', url: script(extensions.requests, 'getEvents') },
  {
    why: 'server-only write (what was paid)',
    url: script(extensions.requests, 'markRequestsPaid'),
    method: 'POST',
    body: { requestIds: ['r1'], orderId: 'o1', paymentId: 'p1' },
    as: 'athleteA',
  },
  {
    why: 'server-only read (payment terms)',
    url: script(extensions.requests, 'getPaymentTerms', { requestIds: ['r1'] }),
    as: 'athleteA',
  },
  { why: 'missing script name', url: `/api/extensions/${fn}/script` },
  { why: 'module root', url: `/api/extensions/${fn}` },
  { why: 'trailing segment', url: `${events}/extra` },
  { why: 'trailing slash', url: `${events}/` },
  { why: 'read script by POST', url: events, method: 'POST', body: {} },
  { why: 'write script by GET', url: script(fn, 'runBP', {}) },
  { why: 'state change by GET', url: script(extensions.requests, 'changeCompetitionRequestState') },
  { why: 'extra parameter', url: `${script(fn, 'getEvents', {})}&debug=1` },
  { why: 'callback parameter', url: `${events}?callback=x` },
  { why: 'duplicate data', url: `${script(fn, 'getEvents', {})}&data=%7B%7D` },
  { why: 'data on a POST', url: script(extensions.requests, 'cancelSales', {}), method: 'POST', body: {} },
  { why: 'data not JSON', url: `${events}?data=notjson` },
  { why: 'data over the schema limits', url: script(fn, 'getEvents', { size: 1000 }) },
  { why: 'unknown data field', url: script(fn, 'getEvents', { evil: 1 }) },
  { why: 'data of the wrong type', url: script(fn, 'getEvents', [1, 2]) },
  { why: 'required input missing', url: script(extensions.requests, 'getMyRequestList', {}) },
  {
    why: 'bad POST body',
    url: script(extensions.requests, 'cancelSales'),
    method: 'POST',
    body: { saleId: 5 },
  },
  { why: 'app not readable (requests)', url: '/pub/v1/app/sport/requests/list' },
  { why: 'no list of athletes', url: '/pub/v1/app/sport/sportsman/list' },
  { why: 'other namespace', url: '/pub/v1/app/other/competitions/list' },
  { why: 'app create', url: '/pub/v1/app/sport/competitions/create' },
  { why: 'app update', url: `/pub/v1/app/sport/competitions/${eventId}/update` },
  { why: 'app list by POST', url: '/pub/v1/app/sport/competitions/list', method: 'POST', body: {} },
  { why: 'query on an item read', url: `/pub/v1/app/sport/competitions/${eventId}/get?fields=x` },
  {
    why: 'list size over 100',
    url: `/pub/v1/app/sport/competitions/list?data=${encodeURIComponent('{"size":1000}')}`,
  },
  { why: '__proto__ as app', url: '/pub/v1/app/sport/__proto__/list' },
  { why: 'process start', url: '/pub/v1/bpm/template/sport/sportsman/create_sportsman/run' },
  { why: 'disk link', url: '/pub/v1/disk/file/x/get-link' },
  { why: 'disk upload', url: '/pub/v1/disk/directory/root/upload', method: 'POST', body: {} },
  {
    why: 'application without accepting the offer',
    url: script(application, 'createApplication'),
    method: 'POST',
    body: { ...apply, acceptOffer: false },
  },
  {
    why: 'application without programs',
    url: script(application, 'createApplication'),
    method: 'POST',
    body: { ...apply, programIds: [] },
  },
  {
    why: 'eligibility without a competition',
    url: script(application, 'getApplicationEligibility', { sportsmanId: 'x' }),
  },
  {
    why: 'eligibility by POST',
    url: script(application, 'getApplicationEligibility'),
    method: 'POST',
    body: {},
  },
  {
    why: 'application edit by GET',
    url: script(application, 'updateApplication', { requestId: 'r', programIds: ['p'] }),
  },
  {
    why: 'application edit changing the athlete',
    url: script(application, 'updateApplication'),
    method: 'POST',
    body: { requestId: 'r', programIds: ['p'], sportsmanId: testIds.athleteB },
  },
  {
    why: 'competition requests in an unknown state',
    url: script(extensions.requests, 'getCompetitionRequests', { competitionId: 'c', requestState: 'lost' }),
  },
  {
    why: 'competition requests in the wrong module',
    url: script(fn, 'getCompetitionRequests', { competitionId: 'c' }),
  },
  {
    why: 'competition ending before it starts',
    url: script(fn, 'createCompetition'),
    method: 'POST',
    body: { ...newCompetition, dateEnd: '2030-05-09' },
  },
  {
    why: 'registration closing after the start',
    url: script(fn, 'createCompetition'),
    method: 'POST',
    body: { ...newCompetition, registrationDeadline: '2030-05-11' },
  },
  {
    why: 'competition with an unknown discipline',
    url: script(fn, 'createCompetition'),
    method: 'POST',
    body: { ...newCompetition, programs: [{ ...newCompetition.programs[0], discipline: 'sumo' }] },
  },
  {
    why: 'document of an unknown kind',
    url: script(fn, 'submitCompetitionDocument'),
    method: 'POST',
    body: { competitionId: 'c', kind: 'selfie', name: 'x', fileId: 'f' },
  },
  { why: 'the twin itself', url: '/sandbox/elma/pub/v1/app/sport/competitions/list' },
  { why: 'our own auth api', url: '/api/auth/LoginUser' },
];

/** Allowed values: each is forwarded and answers the platform's 200. */
const allowed: UrlCase[] = [
  { why: 'events without data', url: events },
  { why: 'events with empty data', url: script(fn, 'getEvents', {}) },
  {
    why: 'events search with Cyrillic and a percent sign',
    url: script(fn, 'getEvents', { search: 'Москва 50%', size: 10 }),
  },
  {
    why: 'events with form-encoded spaces',
    url: `${events}?${new URLSearchParams({ data: JSON.stringify({ search: 'a b' }) }).toString()}`,
  },
  { why: 'event by id', url: script(fn, 'getEventById', { id: eventId }) },
  { why: 'programs of an event', url: script(fn, 'getEventPrograms', { eventId, gender: 'male' }) },
  { why: 'athletes directory', url: script(fn, 'getSportsmen', { search: 'Иван' }) },
  { why: 'organizations directory', url: script(fn, 'getOrganizations', {}) },
  { why: 'age classes', url: script(fn, 'getAgeClasses') },
  { why: 'offer document', url: script(fn, 'getOfferDocument', { id: eventId }) },
  {
    why: 'competitions list',
    url: `/pub/v1/app/sport/competitions/list?data=${encodeURIComponent('{"size":5}')}`,
  },
  { why: 'competition item', url: `/pub/v1/app/sport/competitions/${testIds.competitionX}/get` },
  { why: 'programs list', url: '/pub/v1/app/sport/programs/list' },
  { why: 'age classes list', url: '/pub/v1/app/sport/vozrastnye_klassy/list' },
  { why: 'offer item', url: `/pub/v1/app/sport/offer/${eventId}/get` },
  {
    why: 'eligibility of an own athlete',
    url: script(application, 'getApplicationEligibility', {
      sportsmanId: testIds.athleteA,
      competitionId: testIds.competitionX,
    }),
    as: 'athleteA',
  },
  {
    why: 'application with a coach',
    url: script(application, 'createApplication'),
    method: 'POST',
    body: { ...apply, coach: 'Петров П. П.' },
    as: 'athleteA',
  },
  {
    why: 'application edit',
    url: script(application, 'updateApplication'),
    method: 'POST',
    body: { requestId: testIds.requestA, programIds: ['p1'], coach: null },
    as: 'athleteA',
  },
  {
    why: 'competition requests with filters',
    url: script(extensions.requests, 'getCompetitionRequests', {
      competitionId: testIds.competitionX,
      requestState: 'under_review',
      query: 'Соколов',
      from: 20,
      size: 20,
    }),
    as: 'orgX',
  },
  {
    why: 'competition creation',
    url: script(fn, 'createCompetition'),
    method: 'POST',
    body: newCompetition,
    as: 'orgX',
  },
  {
    why: 'competition documents',
    url: script(fn, 'getCompetitionDocuments', { competitionId: testIds.competitionX }),
    as: 'orgX',
  },
  {
    why: 'document submission',
    url: script(fn, 'submitCompetitionDocument'),
    method: 'POST',
    body: { competitionId: testIds.competitionX, kind: 'permit', name: 'Разрешение', fileId: 'f1' },
    as: 'orgX',
  },
];

describe('proxy url allowlist (through HTTP)', () => {
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

  const call = (c: UrlCase) => {
    const target = `/api/proxy?url=${encodeURIComponent(c.url)}`;
    const agent = request(app.getHttpServer());
    const sent = c.method === 'POST' ? agent.post(target).send(c.body as object) : agent.get(target);
    return c.as ? sent.set('Authorization', `Bearer ${c.as}`) : sent;
  };

  it('holds at least 50 refused and 10 allowed values', () => {
    expect(refused.length).toBeGreaterThanOrEqual(50);
    expect(allowed.length).toBeGreaterThanOrEqual(10);
  });

  it.each(refused)('refuses $why', async (c) => {
    const before = upstream.requests.length;
    const response = await call(c);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toMatchObject({
      statusCode: 400,
      code: expect.any(String),
      message: expect.any(String),
    });
    expect(upstream.requests.length).toBe(before);
  });

  it.each(allowed)('allows $why', async (c) => {
    const response = await call(c);
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it('forwards a signed-in read with the canonical data', async () => {
    const url = script(extensions.requests, 'getMyRequestList', { sportsmanID: testIds.athleteA });
    const response = await request(app.getHttpServer())
      .get(`/api/proxy?url=${encodeURIComponent(url)}`)
      .set('Authorization', 'Bearer athleteA');
    expect(response.status).toBe(200);
    const forwarded = JSON.parse(response.body.echo.data as string) as Record<string, unknown>;
    expect(forwarded).toMatchObject({ sportsmanID: testIds.athleteA, payment_status: '', from: 0, size: 20 });
  });

  describe('the proxy request itself', () => {
    const valid = encodeURIComponent(events);
    it.each([
      ['no url', '/api/proxy'],
      ['two url parameters', `/api/proxy?url=${valid}&url=${valid}`],
      ['another parameter', `/api/proxy?url=${valid}&x=1`],
      ['url as an array', `/api/proxy?url[]=${valid}`],
      ['malformed escape', `/api/proxy?url=%E0%A4%A`],
    ])('refuses %s', async (_why, target) => {
      const response = await request(app.getHttpServer()).get(target);
      expect(response.status).toBe(400);
      expect(response.body.statusCode).toBe(400);
    });

    it.each(['put', 'delete', 'patch'] as const)('refuses %s', async (method) => {
      const response = await request(app.getHttpServer())[method](`/api/proxy?url=${valid}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('proxy_method_not_allowed');
    });
  });

  it('has a policy row for every allowlisted target', () => {
    const keys = new PlatformAllowlist(extensions).keys().map(({ key }) => key);
    expect(new Set(keys)).toEqual(new Set(Object.keys(proxyPolicies)));
  });
});
