import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantsIn, filterAnswer, guestViewer, visibleFieldsOf, type Viewer } from './answer-filter';
import { ProxyModule } from './proxy.module';
import { startFakeUpstream, startGatewayApp, type FakeUpstream } from './testing/gateway-testing';
import { extensions, TEST_PLATFORM_TOKEN } from './testing/platform-world';

const NOW = new Date('2026-06-01T12:00:00Z');
const athlete = (id: string, birth: string, extra: Record<string, unknown> = {}) => ({
  __id: id,
  __name: `Спортсмен ${id}`,
  representative_new: [{ code: 'sportsman', name: 'Спортсмен' }],
  date_of_birth: birth,
  phone: [{ type: 'mobile', tel: '+79990001122' }],
  email_kontr: [{ type: 'main', email: `${id}@mail.example` }],
  photo: ['photo-file'],
  gorod: 'Москва',
  ...extra,
});
const viewer = (own: string[] = [], applicants: string[] = []): Viewer => ({
  ownIds: new Set(own),
  applicantIds: new Set(applicants),
  now: NOW,
});

describe('visibleFieldsOf', () => {
  it('gives the owner everything, a stranger the public view with the birth year', () => {
    const adult = athlete('a', '1990-04-05T00:00:00Z');
    expect(visibleFieldsOf(adult, viewer(['a']))).toEqual({ withheld: new Set(), birthYearOnly: false });
    const stranger = visibleFieldsOf(adult, guestViewer(NOW));
    expect(stranger.birthYearOnly).toBe(true);
    expect([...stranger.withheld]).toEqual(expect.arrayContaining(['phone', 'email_kontr', 'date_of_birth']));
    expect(stranger.withheld.has('photo')).toBe(false);
  });

  it('counts 18 on the very birthday as an adult, and a person without a birth date as a minor', () => {
    expect(
      visibleFieldsOf(athlete('a', '2008-06-01T00:00:00Z'), guestViewer(NOW)).withheld.has('photo'),
    ).toBe(false);
    expect(
      visibleFieldsOf(athlete('a', '2008-06-02T00:00:00Z'), guestViewer(NOW)).withheld.has('photo'),
    ).toBe(true);
    expect(
      visibleFieldsOf({ __id: 'a', phone: [], photo: ['x'] }, guestViewer(NOW)).withheld.has('photo'),
    ).toBe(true);
  });

  it('shows the organizer of an applied-to event the birth date and phone, not the e-mail', () => {
    const seen = visibleFieldsOf(athlete('a', '2014-01-01T00:00:00Z'), viewer([], ['a']));
    expect(seen.birthYearOnly).toBe(false);
    expect(seen.withheld.has('date_of_birth')).toBe(false);
    expect(seen.withheld.has('phone')).toBe(false);
    expect(seen.withheld.has('email_kontr')).toBe(true);
    expect(seen.withheld.has('photo')).toBe(true);
  });

  it('keeps an organization’s business contacts public and its bank details, INN and login phone its own', () => {
    const organization = {
      __id: 'o',
      representative_new: [{ code: 'organization', name: 'Организация' }],
      contact_phone: [],
      email_kontr: [],
      fakti_address: 'Москва',
      phone: [],
      inn_a: '7701234567',
      bank_account: '40703810000000000001',
      vk_link: 'https://vk.com/club',
      vk_link_available: true,
    };
    const seen = visibleFieldsOf(organization, guestViewer(NOW));
    expect([...seen.withheld].sort()).toEqual(
      ['backenduserid', 'bank', 'bank_account', 'bic', 'correspondent_account', 'inn_a', 'phone'].sort(),
    );
    expect(
      visibleFieldsOf({ ...organization, vk_link_available: false }, guestViewer(NOW)).withheld.has(
        'vk_link',
      ),
    ).toBe(true);
    expect(visibleFieldsOf(organization, viewer(['o'])).withheld.size).toBe(0);
  });

  it('gives a legal representative’s record to the login of the athlete it acts for', () => {
    const representative = {
      __id: 'r',
      lastname: 'Соколов',
      firstname: 'Андрей',
      date_of_birth: '1988-03-04T00:00:00Z',
      sportsman: ['child'],
    };
    expect(visibleFieldsOf(representative, viewer(['child'])).withheld.size).toBe(0);
    expect(visibleFieldsOf(representative, viewer(['r'])).withheld.has('date_of_birth')).toBe(true);
  });
});

describe('filterAnswer', () => {
  it('takes the photo out of a person read with only a name and a photo (no birth date: a minor)', () => {
    const answer = { result: [{ __id: 'k', __name: 'Ребёнок', fio: { lastname: 'Р' }, photo: ['p'] }] };
    expect(filterAnswer(answer, guestViewer(NOW))).toBe(true);
    expect(answer.result[0]).not.toHaveProperty('photo');
    const own = { result: [{ __id: 'k', __name: 'Ребёнок', photo: ['p'] }] };
    expect(filterAnswer(own, viewer(['k']))).toBe(false);
  });

  it('walks any depth, leaves contact values of visible fields alone, and says whether it took anything', () => {
    const answer = {
      success: true,
      result: [
        athlete('mine', '1990-01-01T00:00:00Z'),
        { nested: { deeper: [athlete('x', '2015-05-05T00:00:00Z')] } },
      ],
    };
    expect(filterAnswer(answer, viewer(['mine']))).toBe(true);
    expect(answer.result[0]).toEqual(athlete('mine', '1990-01-01T00:00:00Z'));
    expect(answer.result[1]).toEqual({
      nested: {
        deeper: [
          {
            __id: 'x',
            __name: 'Спортсмен x',
            representative_new: expect.any(Array),
            gorod: 'Москва',
            birth_year: 2015,
          },
        ],
      },
    });
    const clean = { success: true, result: [{ __id: 'e', __name: 'Событие', address: 'ул. Ленина, 1' }] };
    expect(filterAnswer(clean, guestViewer(NOW))).toBe(false);
  });

  it('survives an answer nested far deeper than the call stack', () => {
    let deep: unknown = athlete('x', '1990-01-01T00:00:00Z');
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(filterAnswer(deep, guestViewer(NOW))).toBe(true);
  });

  it('finds the applicants of the organizer’s competitions in the requests of an answer', () => {
    const answer = {
      result: [
        { __id: 'r1', sportsman: ['a'], competition: ['mine'] },
        { __id: 'r2', sportsman: ['b'], competition: ['other'] },
      ],
    };
    expect([...applicantsIn(answer, new Set(['mine']))]).toEqual(['a']);
    expect(applicantsIn(answer, new Set()).size).toBe(0);
  });
});

describe('the proxy relays the platform’s bytes untouched unless the filter took something', () => {
  let upstream: FakeUpstream;
  let app: INestApplication;
  let answer = '';
  const getSportsmen = encodeURIComponent(`/api/extensions/${extensions.functions}/script/getSportsmen`);

  beforeAll(async () => {
    upstream = await startFakeUpstream((_q, _b, r) =>
      r.writeHead(200, { 'Content-Type': 'application/json' }).end(answer),
    );
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

  it('passes an answer without private fields byte for byte', async () => {
    answer =
      '{ "success" : true,\n  "result": [{"__id":"a","__name":"Иванов Иван","gorod":"Москва"}], "total": 1 }';
    const response = await request(app.getHttpServer()).get(`/api/proxy?url=${getSportsmen}`).buffer(true);
    expect(response.status).toBe(200);
    expect(response.text).toBe(answer);
  });

  it('re-serializes an answer it filtered', async () => {
    answer = JSON.stringify({ success: true, result: [athlete('a', '1990-01-01T00:00:00Z')], total: 1 });
    const response = await request(app.getHttpServer()).get(`/api/proxy?url=${getSportsmen}`);
    expect(response.status).toBe(200);
    expect(response.body.result[0]).not.toHaveProperty('phone');
    expect(response.body.result[0]).toMatchObject({ birth_year: 1990, photo: ['photo-file'] });
  });
});
