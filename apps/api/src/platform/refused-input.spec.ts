import type { INestApplication } from '@nestjs/common';
import { createSportsmanProcess } from '@fed/contracts';
import { validationMessages } from '@fed/validation';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAuthTestApp,
  organization,
  person,
  registerPerson,
  type AuthTestApp,
} from '../auth/testing/auth-test-app';
import { FilesModule } from '../files/files.module';
import { ProxyModule } from '../proxy/proxy.module';
import {
  sendJson,
  startFakeUpstream,
  startGatewayApp,
  testIds,
  type FakeUpstream,
} from '../proxy/testing/gateway-testing';
import { extensions, platformWorld, TEST_PLATFORM_TOKEN } from '../proxy/testing/platform-world';
import { segment } from './platform-client';

/**
 * Input that is refused with a clean 400 naming the field (never a 500 or a 502), and the platform's 429 passed
 * on as 429 with `Retry-After` and «повторите через N с» by every module that calls it.
 */

const NAME_MESSAGE = validationMessages.name;
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('person and organization fields on the server', () => {
  let t: AuthTestApp;
  let phoneCounter = 0;
  const newPhone = () => `+7999555${String(++phoneCounter).padStart(4, '0')}`;

  beforeAll(async () => {
    t = await createAuthTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  const register = (overrides: Record<string, unknown>) =>
    t.http.post('/api/auth/RegisterUser').send({
      phone: newPhone(),
      person: { ...person, ...overrides },
      acceptUserAgreement: true,
      acceptSportsmanAgreement: true,
    });

  // The add-account rules of spec §5 name no letters-only pattern: only what no one types is refused by its form.
  it.each([
    ['NUL', 'Ива\u0000нов', validationMessages.fallback('lastName')],
    ['a lone surrogate', 'Ива\ud800нов', validationMessages.fallback('lastName')],
    ['one letter', 'И', validationMessages.min(2)],
    ['90 000 characters', 'a'.repeat(90_000), validationMessages.max(100)],
  ])(
    'registration refuses a last name with %s: 400 naming person.lastName',
    async (_what, lastName, message) => {
      const response = await register({ lastName });
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors).toEqual({ 'person.lastName': [message] });
      expect(t.platform.records.size).toBe(0);
    },
  );

  it('registration refuses a city of 5 000 characters with 400 naming person.city (it was a 502)', async () => {
    const response = await register({ city: 'М'.repeat(5000) });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ 'person.city': [validationMessages.max(200)] });
  });

  it('adding an account refuses a bad first name and a bad middle name', async () => {
    const tokens = await registerPerson(t, newPhone());
    const response = await t.http
      .post('/api/auth/AddAccount')
      .set('Authorization', `Bearer ${tokens.Token}`)
      .send({ ...person, firstName: 'П', middleName: 'Серге\u0000евич' });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({
      firstName: [validationMessages.min(2)],
      middleName: [validationMessages.fallback('middleName')],
    });
  });

  it('organization registration refuses a contact person with markup and a city of 5 000 characters', async () => {
    const response = await t.http.post('/api/auth/RegisterOrganization').send({
      phone: newPhone(),
      organization: { ...organization, contactPerson: 'Петрова <script>', city: 'М'.repeat(5000) },
      acceptUserAgreement: true,
      acceptOrganizationAgreement: true,
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({
      'organization.contactPerson': [NAME_MESSAGE],
      'organization.city': [validationMessages.max(200)],
    });
  });

  it('registration answers the platform’s 429 with 429, its Retry-After and «повторите через N с»', async () => {
    const phone = newPhone();
    await t.http
      .post('/api/auth/RegisterUser')
      .send({ phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true })
      .expect(200);
    t.platform.failWith = 429;
    t.platform.retryAfter = '7';
    try {
      const response = await t.http
        .post('/api/auth/RegisterUserConfirm')
        .send({ phone, code: t.sms.lastCodeFor(phone) });
      expect(response.status).toBe(429);
      expect(response.headers['retry-after']).toBe('7');
      expect(response.body.message).toContain('повторите через 7 с');
    } finally {
      t.platform.failWith = null;
      t.platform.retryAfter = null;
    }
  });
});

describe('the proxy refuses malformed ids and person fields before any lookup', () => {
  let upstream: FakeUpstream;
  let app: INestApplication;
  const post = (script: string, module: keyof typeof extensions, body: string) =>
    request(app.getHttpServer())
      .post(`/api/proxy?url=${encodeURIComponent(`/api/extensions/${extensions[module]}/script/${script}`)}`)
      .set('Authorization', 'Bearer athleteA')
      .set('Content-Type', 'application/json')
      .send(body);

  beforeAll(async () => {
    upstream = await startFakeUpstream(platformWorld);
    app = await startGatewayApp(
      ProxyModule.forRoot({
        platform: () => ({ url: upstream.url, token: TEST_PLATFORM_TOKEN, extensions }),
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  beforeEach(() => {
    upstream.requests.length = 0;
  });

  it('cancelSales with a lone surrogate in saleId: 400 naming saleId (it was a 500 URIError)', async () => {
    const response = await post('cancelSales', 'requests', '{"saleId":"a\\ud800b"}');
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fieldErrors)).toEqual(['saleId']);
    expect(upstream.requests).toEqual([]);
  });

  it('submitCompetitionDocument with a lone surrogate in competitionId: 400', async () => {
    const response = await request(app.getHttpServer())
      .post(
        `/api/proxy?url=${encodeURIComponent(`/api/extensions/${extensions.functions}/script/submitCompetitionDocument`)}`,
      )
      .set('Authorization', 'Bearer orgX')
      .set('Content-Type', 'application/json')
      .send(`{"competitionId":"x\\udc00","kind":"insurance","name":"Полис","fileId":"${testIds.saleA}"}`);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fieldErrors)).toEqual(['competitionId']);
  });

  it('a legal representative named with markup or digits: 400 naming the fields', async () => {
    const response = await post(
      'createUpdateLegalRepresentative',
      'insurance',
      JSON.stringify({
        lastname: '<img src=x onerror=alert(1)>',
        firstname: 'Андрей1',
        date_of_birth: '1980-01-01',
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ lastname: [NAME_MESSAGE], firstname: [NAME_MESSAGE] });
  });

  it('a profile update with a name of digits or a 5 000-character city: 400 naming the fields', async () => {
    const response = await post(
      'runBP',
      'functions',
      JSON.stringify({
        ...createSportsmanProcess,
        context: {
          contractortype: 'sportsman',
          is_need_update_sportsman: true,
          representive: true,
          sportsman: [],
          id: testIds.athleteA,
          fio: { lastname: '12345', firstname: 'Пётр' },
          gorod: 'М'.repeat(5000),
        },
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({
      'context.fio.lastname': [NAME_MESSAGE],
      'context.gorod': [validationMessages.max(200)],
    });
  });

  it('a record read naming a field with markup, or no field at all: 400 naming the list', async () => {
    const read = (data: unknown) =>
      request(app.getHttpServer())
        .get(
          `/api/proxy?url=${encodeURIComponent(
            `/api/extensions/${extensions.functions}/script/getRecordFields?data=${encodeURIComponent(JSON.stringify(data))}`,
          )}`,
        )
        .set('Authorization', 'Bearer athleteA');
    const markup = await read({ application: 'sportsman', id: testIds.athleteA, fields: ['<b>fio</b>'] });
    expect(markup.status).toBe(400);
    expect(Object.keys(markup.body.fieldErrors)).toEqual(['data.fields.0']);
    const none = await read({ application: 'sportsman', id: testIds.athleteA, fields: [] });
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.fieldErrors)).toEqual(['data.fields']);
    expect(upstream.requests).toEqual([]);
  });

  it('builds lookup paths that never throw, whatever the id', () => {
    expect(segment('a\ud800b/c')).toBe('a%EF%BF%BDb%2Fc');
    expect(segment(testIds.saleA)).toBe(testIds.saleA);
  });
});

describe('files pass the platform’s 429 on', () => {
  let upstream: FakeUpstream;
  let app: INestApplication;

  beforeAll(async () => {
    upstream = await startFakeUpstream((_q, _b, r) =>
      r
        .writeHead(429, { 'Retry-After': '9', 'Content-Type': 'application/json' })
        .end('{"success":false,"error":"too many requests"}'),
    );
    app = await startGatewayApp(
      FilesModule.forRoot({
        platform: () => ({ baseUrl: upstream.url, token: TEST_PLATFORM_TOKEN, extensions }),
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('an upload answers 429 with Retry-After and «повторите через 9 с» (it was a 502)', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/files?purpose=poster')
      .set('Authorization', 'Bearer athleteA')
      .attach('file', png, { filename: 'poster.png', contentType: 'image/png' });
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('9');
    expect(response.body.message).toContain('повторите через 9 с');
  });

  it('a download answers 429 with Retry-After', async () => {
    const response = await request(app.getHttpServer()).get(`/api/files/${testIds.saleA}`);
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('9');
  });

  it('still answers 502 when the platform fails otherwise', async () => {
    upstream.handler = (_q, _b, r) => sendJson(r, 500, { success: false, error: 'boom' });
    const response = await request(app.getHttpServer())
      .post('/api/files?purpose=poster')
      .set('Authorization', 'Bearer athleteA')
      .attach('file', png, { filename: 'poster.png', contentType: 'image/png' });
    expect(response.status).toBe(502);
    expect(response.headers['retry-after']).toBeUndefined();
  });
});
