import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantsIn,
  filterAnswer,
  filterRecordFields,
  guestViewer,
  visibleFieldsOf,
  type Viewer,
} from './answer-filter';
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

const consent = (parts: Partial<Record<'photo' | 'birthYear' | 'city' | 'results', boolean>>) => ({
  publish_consent: {
    photo: false,
    birthYear: false,
    city: false,
    results: false,
    ...parts,
    givenAt: '2026-05-01T10:00:00Z',
    givenBy: { login: 'login-1', role: 'self' },
  },
});
const everything = consent({ photo: true, birthYear: true, city: true, results: true });

describe('visibleFieldsOf', () => {
  it('gives the owner everything, consent and birth date included', () => {
    const adult = athlete('a', '1990-04-05T00:00:00Z', everything);
    expect(visibleFieldsOf(adult, viewer(['a']))).toEqual({
      withheld: new Set(),
      keepOnly: null,
      birthDate: 'exact',
    });
  });

  it('shows a stranger what an adult published: the birth year, photo, city and results by choice', () => {
    const all = visibleFieldsOf(athlete('a', '1990-04-05T00:00:00Z', everything), guestViewer(NOW));
    expect(all.birthDate).toBe('year');
    expect(all.keepOnly).toBeNull();
    expect([...all.withheld]).toEqual(
      expect.arrayContaining(['phone', 'email_kontr', 'date_of_birth', 'publish_consent', 'vk_link']),
    );
    for (const field of ['photo', 'gorod', 'results']) expect(all.withheld.has(field)).toBe(false);

    const some = visibleFieldsOf(
      athlete('a', '1990-04-05T00:00:00Z', consent({ photo: true })),
      guestViewer(NOW),
    );
    expect(some.birthDate).toBe('hidden');
    expect(some.withheld.has('photo')).toBe(false);
    expect(some.withheld.has('gorod')).toBe(true);
    expect(some.withheld.has('results')).toBe(true);
  });

  it('publishes none of the four for an adult who chose nothing, but keeps the rest of the public view', () => {
    const seen = visibleFieldsOf(athlete('a', '1990-04-05T00:00:00Z'), guestViewer(NOW));
    expect(seen.keepOnly).toBeNull();
    expect(seen.birthDate).toBe('hidden');
    for (const field of ['photo', 'gorod', 'results']) expect(seen.withheld.has(field)).toBe(true);
    for (const field of ['pol', 'coach', 'term_membership']) expect(seen.withheld.has(field)).toBe(false);
  });

  it('shows a minor without a parent’s consent as the registry alone: name, club and age class', () => {
    const seen = visibleFieldsOf(athlete('k', '2015-05-05T00:00:00Z'), guestViewer(NOW));
    expect(seen.birthDate).toBe('hidden');
    expect([...(seen.keepOnly ?? [])].sort()).toEqual(
      ['__id', '__name', 'age_class', 'fio', 'organiz', 'organizationName', 'representative_new'].sort(),
    );
    // With the parent's choice, a minor is shown as an adult who chose the same.
    const chosen = visibleFieldsOf(
      athlete('k', '2015-05-05T00:00:00Z', consent({ city: true })),
      guestViewer(NOW),
    );
    expect(chosen.keepOnly).toBeNull();
    expect(chosen.withheld.has('gorod')).toBe(false);
    expect(chosen.withheld.has('photo')).toBe(true);
  });

  it('counts 18 on the very birthday as an adult, and a person without a birth date as a minor', () => {
    expect(visibleFieldsOf(athlete('a', '2008-06-01T00:00:00Z'), guestViewer(NOW)).keepOnly).toBeNull();
    expect(visibleFieldsOf(athlete('a', '2008-06-02T00:00:00Z'), guestViewer(NOW)).keepOnly).not.toBeNull();
    expect(visibleFieldsOf({ __id: 'a', phone: [], photo: ['x'] }, guestViewer(NOW)).keepOnly).not.toBeNull();
  });

  it('reads a malformed consent as no consent', () => {
    const broken = athlete('a', '1990-04-05T00:00:00Z', { publish_consent: { photo: 'yes', city: 1 } });
    const seen = visibleFieldsOf(broken, guestViewer(NOW));
    expect(seen.withheld.has('photo')).toBe(true);
    expect(seen.withheld.has('gorod')).toBe(true);
  });

  it('shows the organizer of an applied-to event the birth date and phone, not the e-mail', () => {
    const seen = visibleFieldsOf(
      athlete('a', '1990-01-01T00:00:00Z', consent({ photo: true })),
      viewer([], ['a']),
    );
    expect(seen.birthDate).toBe('exact');
    expect(seen.withheld.has('date_of_birth')).toBe(false);
    expect(seen.withheld.has('phone')).toBe(false);
    expect(seen.withheld.has('email_kontr')).toBe(true);
    expect(seen.withheld.has('photo')).toBe(false);
    const minor = visibleFieldsOf(athlete('k', '2014-01-01T00:00:00Z'), viewer([], ['k']));
    expect(minor.birthDate).toBe('exact');
    expect([...(minor.keepOnly ?? [])]).toEqual(expect.arrayContaining(['date_of_birth', 'phone', 'fio']));
    expect(minor.keepOnly?.has('photo')).toBe(false);
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
    expect(answer.result[0]).toEqual({ __id: 'k', __name: 'Ребёнок', fio: { lastname: 'Р' } });
    const own = { result: [{ __id: 'k', __name: 'Ребёнок', photo: ['p'] }] };
    expect(filterAnswer(own, viewer(['k']))).toBe(false);
  });

  it('walks any depth, leaves contact values of visible fields alone, and says whether it took anything', () => {
    const answer = {
      success: true,
      result: [
        athlete('mine', '1990-01-01T00:00:00Z'),
        {
          nested: {
            deeper: [
              athlete('x', '2015-05-05T00:00:00Z', { ...consent({ birthYear: true, city: true }), pol: [] }),
            ],
          },
        },
        { deep: [{ card: athlete('y', '2015-05-05T00:00:00Z', { fio: { lastname: 'Y' }, pol: [] }) }] },
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
            pol: [],
            birth_year: 2015,
          },
        ],
      },
    });
    expect(answer.result[2]).toEqual({
      deep: [
        {
          card: {
            __id: 'y',
            __name: 'Спортсмен y',
            representative_new: expect.any(Array),
            fio: { lastname: 'Y' },
          },
        },
      ],
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

describe('filterRecordFields', () => {
  const answer = (fieldsData: Record<string, unknown>) => ({ success: true, fieldsData });

  it('gives the owner every field asked, as the platform answered it', () => {
    const read = answer({ fio: { lastname: 'А' }, phone: [{ type: 'mobile', tel: '+79990001122' }] });
    const before = structuredClone(read);
    expect(filterRecordFields(read, 'a', viewer(['a']))).toBe(false);
    expect(read).toEqual(before);
  });

  it('judges fieldsData as the record read, even when the fields asked carry no mark of a record', () => {
    // `gorod` and `coach` alone: the walk would see no record; the read says whose it is.
    const read = answer({ gorod: 'Москва', coach: 'Тренер' });
    expect(filterRecordFields(read, 'a', guestViewer(NOW))).toBe(true);
    expect(read.fieldsData).toEqual({});
    expect(filterAnswer(answer({ gorod: 'Москва', coach: 'Тренер' }), guestViewer(NOW))).toBe(false);
  });

  it('withholds a field the caller may not see though it was asked; what was not asked counts the careful way', () => {
    const adult = answer({
      __id: 'a',
      date_of_birth: '1990-04-05T00:00:00Z',
      phone: [{ type: 'mobile', tel: '+79990001122' }],
      gorod: 'Москва',
      coach: 'Тренер',
      ...consent({ city: true, birthYear: true }),
    });
    expect(filterRecordFields(adult, 'a', viewer(['b']))).toBe(true);
    expect(adult.fieldsData).toEqual({ __id: 'a', birth_year: 1990, gorod: 'Москва', coach: 'Тренер' });
    // Without the consent or the birth date asked, a stranger gets the registry's fields alone.
    const unknown = answer({ fio: { lastname: 'А' }, gorod: 'Москва', photo: ['p'] });
    filterRecordFields(unknown, 'a', viewer(['b']));
    expect(unknown.fieldsData).toEqual({ fio: { lastname: 'А' } });
    // The record is the one read, whatever `__id` the answer carries.
    const forged = answer({ __id: 'b', phone: [{ type: 'mobile', tel: '+79990001122' }] });
    filterRecordFields(forged, 'a', viewer(['b']));
    expect(forged.fieldsData).not.toHaveProperty('phone');
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
    answer = JSON.stringify({
      success: true,
      result: [athlete('a', '1990-01-01T00:00:00Z', consent({ photo: true, birthYear: true }))],
      total: 1,
    });
    const response = await request(app.getHttpServer()).get(`/api/proxy?url=${getSportsmen}`);
    expect(response.status).toBe(200);
    expect(response.body.result[0]).not.toHaveProperty('phone');
    expect(response.body.result[0]).not.toHaveProperty('publish_consent');
    expect(response.body.result[0]).not.toHaveProperty('gorod');
    expect(response.body.result[0]).toMatchObject({ birth_year: 1990, photo: ['photo-file'] });
  });
});
