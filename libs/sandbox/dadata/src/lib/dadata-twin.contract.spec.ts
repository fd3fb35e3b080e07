/**
 * DaData suggestions contract. Runs against the twin always, and against real DaData when
 * CONTRACT_DADATA_URL (e.g. https://suggestions.dadata.ru) and CONTRACT_DADATA_TOKEN are set, so that the
 * twin's answers can be checked against the service it stands in for. Checks that only make sense for the
 * twin's own data or limits (demo companies, 429 at a low limit) run against the twin only.
 */
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DadataTwinModule } from './dadata-twin.module';

interface ContractTarget {
  name: string;
  /** Base URL below which `/suggestions/api/4_1/rs/...` lives. */
  baseUrl: () => string;
  token: () => string;
  /** A company the target knows: the query that finds it and its INN. */
  knownParty: { query: string; inn: string };
  twinOnly: boolean;
}

const SPEC_COUNTRIES: [iso: string, query: string][] = [
  ['RU', 'Москва'],
  ['BY', 'Минск'],
  ['AM', 'Ереван'],
  ['AZ', 'Баку'],
  ['GE', 'Тбилиси'],
  ['KG', 'Бишкек'],
  ['MD', 'Кишинев'],
  ['TJ', 'Душанбе'],
  ['TM', 'Ашхабад'],
  ['UZ', 'Ташкент'],
  ['KZ', 'Астана'],
];

const ADDRESS = '/suggestions/api/4_1/rs/suggest/address';
const PARTY = '/suggestions/api/4_1/rs/suggest/party';
const FIND_PARTY = '/suggestions/api/4_1/rs/findById/party';

interface Suggestion {
  value: string;
  unrestricted_value: string;
  data: Record<string, unknown>;
}

function contractSuite(target: ContractTarget): void {
  const post = (path: string, body: unknown) =>
    request(target.baseUrl())
      .post(path)
      .set('Authorization', `Token ${target.token()}`)
      .set('Content-Type', 'application/json')
      .set('Accept', 'application/json')
      .send(JSON.stringify(body));

  const suggestions = async (path: string, body: unknown): Promise<Suggestion[]> => {
    const response = await post(path, body).expect(200);
    expect(Array.isArray(response.body.suggestions)).toBe(true);
    return response.body.suggestions as Suggestion[];
  };

  describe(`DaData contract (${target.name})`, () => {
    it('suggests addresses as {suggestions: [{value, unrestricted_value, data}]} with DaData field names', async () => {
      const found = await suggestions(ADDRESS, { query: 'Казань' });
      expect(found.length).toBeGreaterThan(0);
      const kazan = found.find((suggestion) => suggestion.data['city'] === 'Казань');
      expect(kazan).toBeDefined();
      expect(kazan?.value).toContain('Казань');
      expect(kazan?.unrestricted_value).toContain('Татарстан');
      expect(kazan?.data).toMatchObject({
        country: 'Россия',
        country_iso_code: 'RU',
        region_with_type: 'Респ Татарстан',
        region: 'Татарстан',
        region_kladr_id: '1600000000000',
        city_with_type: 'г Казань',
        city_type: 'г',
        city_kladr_id: '1600000100000',
        capital_marker: '2',
      });
      for (const field of [
        'postal_code',
        'settlement',
        'settlement_with_type',
        'fias_id',
        'fias_level',
        'kladr_id',
        'geo_lat',
        'geo_lon',
      ]) {
        expect(kazan?.data).toHaveProperty(field);
      }
      expect(Number(kazan?.data['geo_lat'])).toBeCloseTo(55.79, 1);
    });

    it('reads ё as е and ignores case', async () => {
      const withYo = await suggestions(ADDRESS, {
        query: 'ОРЁЛ',
        from_bound: { value: 'city' },
        to_bound: { value: 'city' },
      });
      const withE = await suggestions(ADDRESS, {
        query: 'орел',
        from_bound: { value: 'city' },
        to_bound: { value: 'city' },
      });
      expect(withYo[0]?.data['city']).toBe('Орёл');
      expect(withE[0]?.data['city']).toBe('Орёл');
    });

    it.each(SPEC_COUNTRIES)(
      'limits suggestions to one country by locations country_iso_code %s',
      async (iso, query) => {
        const found = await suggestions(ADDRESS, {
          query,
          count: 5,
          locations: [{ country_iso_code: iso }],
          from_bound: { value: 'city' },
          to_bound: { value: 'settlement' },
        });
        expect(found.length).toBeGreaterThan(0);
        for (const suggestion of found) expect(suggestion.data['country_iso_code']).toBe(iso);
      },
    );

    it('searches all eleven spec countries at once when they are all listed', async () => {
      const found = await suggestions(ADDRESS, {
        query: 'Минск',
        count: 5,
        locations: SPEC_COUNTRIES.map(([iso]) => ({ country_iso_code: iso })),
        from_bound: { value: 'city' },
        to_bound: { value: 'settlement' },
      });
      expect(found[0]?.data).toMatchObject({ country_iso_code: 'BY', city: 'Минск' });
    });

    it('searches Russia only when no locations are given', async () => {
      const found = await suggestions(ADDRESS, {
        query: 'Минск',
        from_bound: { value: 'city' },
        to_bound: { value: 'city' },
      });
      for (const suggestion of found) expect(suggestion.data['country_iso_code']).toBe('RU');
    });

    it('limits suggestions to a region and to a city by locations kladr_id', async () => {
      const inRegion = await suggestions(ADDRESS, {
        query: 'с',
        count: 20,
        locations: [{ kladr_id: '6300000000000' }],
        from_bound: { value: 'city' },
        to_bound: { value: 'settlement' },
      });
      expect(inRegion.length).toBeGreaterThan(1);
      for (const suggestion of inRegion) expect(String(suggestion.data['kladr_id'])).toMatch(/^63/);

      const inCity = await suggestions(ADDRESS, {
        query: 'Самара',
        locations: [{ kladr_id: '6300000100000' }],
        from_bound: { value: 'city' },
        to_bound: { value: 'settlement' },
      });
      expect(inCity[0]?.data['city_kladr_id']).toBe('6300000100000');
      for (const suggestion of inCity) expect(suggestion.data['city']).toBe('Самара');
    });

    it('keeps city..settlement bounds: no regions, streets or houses, value starts at the city', async () => {
      const found = await suggestions(ADDRESS, {
        query: 'Тольятти',
        from_bound: { value: 'city' },
        to_bound: { value: 'settlement' },
      });
      expect(found[0]?.value).toBe('г Тольятти');
      expect(found[0]?.unrestricted_value).toContain('Самарская обл');
      for (const suggestion of found) {
        expect(suggestion.data['city'] ?? suggestion.data['settlement']).toBeTruthy();
        expect(suggestion.data['street']).toBeNull();
        expect(suggestion.data['house']).toBeNull();
      }
    });

    it('suggests settlements within city..settlement bounds', async () => {
      const found = await suggestions(ADDRESS, {
        query: 'Шерегеш',
        from_bound: { value: 'city' },
        to_bound: { value: 'settlement' },
      });
      expect(found.some((suggestion) => suggestion.data['settlement'] === 'Шерегеш')).toBe(true);
    });

    it('suggests a house down to its number, with its street, postal code and coordinates', async () => {
      const found = await suggestions(ADDRESS, { query: 'москва тверская 7' });
      const house = found.find((suggestion) => suggestion.data['house'] === '7');
      expect(house?.value).toBe('г Москва, ул Тверская, д 7');
      expect(house?.data).toMatchObject({
        city: 'Москва',
        street_with_type: 'ул Тверская',
        street_type: 'ул',
        street: 'Тверская',
        house_type: 'д',
        fias_level: '8',
      });
      expect(house?.data['postal_code']).toMatch(/^\d{6}$/);
      expect(house?.unrestricted_value).toContain(String(house?.data['postal_code']));
      expect(Number(house?.data['geo_lat'])).toBeCloseTo(55.76, 1);
      expect(Number(house?.data['geo_lon'])).toBeCloseTo(37.61, 1);
    });

    it('suggests streets only within street..street bounds inside a city, and its houses inside a street', async () => {
      const streets = await suggestions(ADDRESS, {
        query: 'тверская',
        locations: [{ kladr_id: '7700000000000' }],
        from_bound: { value: 'street' },
        to_bound: { value: 'street' },
      });
      const street = streets.find((suggestion) => suggestion.data['street_with_type'] === 'ул Тверская');
      expect(street?.data['fias_level']).toBe('7');
      for (const suggestion of streets) {
        expect(suggestion.data['fias_level']).toBe('7');
        expect(suggestion.data['house']).toBeNull();
        expect(suggestion.data['city']).toBe('Москва');
      }
      const houses = await suggestions(ADDRESS, {
        query: 'тверская',
        locations: [{ kladr_id: String(street?.data['kladr_id']) }],
        from_bound: { value: 'house' },
        to_bound: { value: 'house' },
      });
      expect(houses.length).toBeGreaterThan(0);
      for (const suggestion of houses) {
        expect(suggestion.data['street_with_type']).toBe('ул Тверская');
        expect(suggestion.data['fias_level']).toBe('8');
      }
    });

    it('suggests regions only within region..region bounds', async () => {
      const found = await suggestions(ADDRESS, {
        query: 'Татарстан',
        from_bound: { value: 'region' },
        to_bound: { value: 'region' },
      });
      expect(found[0]?.data['region_with_type']).toBe('Респ Татарстан');
      for (const suggestion of found) expect(suggestion.data['city']).toBeNull();
    });

    it('answers 10 suggestions by default, up to 20 on request, and at most 20 for a larger count', async () => {
      const body = { query: 'Но', from_bound: { value: 'city' }, to_bound: { value: 'settlement' } };
      expect(await suggestions(ADDRESS, body)).toHaveLength(10);
      expect(await suggestions(ADDRESS, { ...body, count: 20 })).toHaveLength(20);
      expect(await suggestions(ADDRESS, { ...body, count: 3 })).toHaveLength(3);
      const clamped = await suggestions(ADDRESS, { ...body, count: 50 });
      expect(clamped.length).toBeLessThanOrEqual(20);
      expect(clamped.length).toBeGreaterThan(0);
    });

    it('answers an empty list for an empty query', async () => {
      expect(await suggestions(ADDRESS, { query: '' })).toEqual([]);
    });

    it('suggests companies with inn, ogrn, name, address and state', async () => {
      const found = await suggestions(PARTY, { query: target.knownParty.query, count: 5 });
      const party = found.find((suggestion) => suggestion.data['inn'] === target.knownParty.inn);
      expect(party).toBeDefined();
      expect(party?.data).toMatchObject({
        inn: target.knownParty.inn,
        ogrn: expect.stringMatching(/^\d{13}$/),
        kpp: expect.stringMatching(/^\d{9}$/),
        type: 'LEGAL',
        name: {
          full_with_opf: expect.any(String),
          short_with_opf: expect.any(String),
          short: expect.any(String),
        },
        address: { value: expect.any(String), data: expect.objectContaining({ city: expect.anything() }) },
        state: { status: expect.stringMatching(/^(ACTIVE|LIQUIDATING|LIQUIDATED|BANKRUPT|REORGANIZING)$/) },
        management: expect.objectContaining({ name: expect.any(String) }),
      });
      expect(party?.value).toBe((party?.data['name'] as { short_with_opf: string }).short_with_opf);
    });

    it('finds a company by INN', async () => {
      const found = await suggestions(FIND_PARTY, { query: target.knownParty.inn });
      expect(found.length).toBeGreaterThan(0);
      for (const suggestion of found) expect(suggestion.data['inn']).toBe(target.knownParty.inn);
    });

    it('answers 401 without a key and 403 with a wrong one', async () => {
      for (const path of [ADDRESS, PARTY, FIND_PARTY]) {
        await request(target.baseUrl())
          .post(path)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ query: 'москва' }))
          .expect(401);
        await request(target.baseUrl())
          .post(path)
          .set('Authorization', 'Token 0000000000000000000000000000000000000000')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ query: 'москва' }))
          .expect(403);
      }
    });

    it('answers 413 for a query longer than 300 characters', async () => {
      await post(ADDRESS, { query: 'а'.repeat(301) }).expect(413);
      await post(ADDRESS, { query: 'а'.repeat(300) }).expect(200);
    });
  });
}

// --- the twin ---------------------------------------------------------------------------------------

const TWIN_KEY = 'contract-test-key';
let twinApp: INestApplication | undefined;
let twinUrl = '';
let twinDir = '';

async function startTwin(rateLimitPerSecond: number): Promise<{ app: INestApplication; url: string }> {
  const app = await NestFactory.create(
    DadataTwinModule.forRoot({ apiKey: TWIN_KEY, dataDir: twinDir, rateLimitPerSecond }),
    { logger: false },
  );
  await app.listen(0, '127.0.0.1');
  return { app, url: `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/sandbox/dadata` };
}

beforeAll(async () => {
  twinDir = mkdtempSync(join(tmpdir(), 'dadata-twin-'));
  const started = await startTwin(1000);
  twinApp = started.app;
  twinUrl = started.url;
});

afterAll(async () => {
  await twinApp?.close();
  rmSync(twinDir, { recursive: true, force: true });
});

contractSuite({
  name: 'twin',
  baseUrl: () => twinUrl,
  token: () => TWIN_KEY,
  knownParty: { query: 'спорт-лайн', inn: '7728053113' },
  twinOnly: true,
});

const realUrl = process.env['CONTRACT_DADATA_URL'];
const realToken = process.env['CONTRACT_DADATA_TOKEN'];

describe.skipIf(!realUrl || !realToken)('against real DaData', () => {
  contractSuite({
    name: 'real DaData',
    baseUrl: () => realUrl ?? '',
    token: () => realToken ?? '',
    knownParty: { query: 'сбербанк', inn: '7707083893' },
    twinOnly: false,
  });
});

// --- twin-only behaviour ------------------------------------------------------------------------------

describe('DaData twin specifics', () => {
  const post = (path: string, body: unknown) =>
    request(twinUrl)
      .post(path)
      .set('Authorization', `Token ${TWIN_KEY}`)
      .send(body as object);

  it('answers DaData-style error bodies', async () => {
    const response = await request(twinUrl).post(ADDRESS).send({ query: 'москва' }).expect(401);
    expect(response.body).toMatchObject({ family: 'CLIENT_ERROR', reason: 'Unauthorized' });
    expect(JSON.stringify(response.body)).not.toContain(TWIN_KEY);
  });

  it('answers 400 for a body that is not a suggestion request', async () => {
    await post(ADDRESS, { count: 5 }).expect(400);
    await post(ADDRESS, { query: 'москва', count: 'many' }).expect(400);
    await post(ADDRESS, { query: 'москва', from_bound: { value: 'planet' } }).expect(400);
    await post(ADDRESS, {
      query: 'москва',
      from_bound: { value: 'settlement' },
      to_bound: { value: 'city' },
    }).expect(400);
  });

  it('ranks bigger places first and tells same-named cities apart by region', async () => {
    const response = await post(ADDRESS, {
      query: 'железногорск',
      from_bound: { value: 'city' },
      to_bound: { value: 'settlement' },
    }).expect(200);
    const values = (response.body.suggestions as Suggestion[]).map(
      (suggestion) => suggestion.unrestricted_value,
    );
    expect(values).toEqual(['Курская обл, г Железногорск', 'Красноярский край, г Железногорск']);
  });

  it('boosts places of locations_boost to the top', async () => {
    const plain = await post(ADDRESS, {
      query: 'ки',
      from_bound: { value: 'city' },
      to_bound: { value: 'city' },
    });
    expect((plain.body.suggestions as Suggestion[])[0]?.data['city']).not.toBe('Кисловодск');
    const boosted = await post(ADDRESS, {
      query: 'ки',
      from_bound: { value: 'city' },
      to_bound: { value: 'city' },
      locations_boost: [{ kladr_id: '26' }],
    });
    expect((boosted.body.suggestions as Suggestion[])[0]?.data['region_kladr_id']).toBe('2600000000000');
  });

  it('finds settlements inside a city by the city kladr_id and matches several words', async () => {
    const response = await post(ADDRESS, {
      query: 'сочи красная',
      from_bound: { value: 'city' },
      to_bound: { value: 'settlement' },
    }).expect(200);
    const first = (response.body.suggestions as Suggestion[])[0];
    expect(first?.value).toBe('г Сочи, пгт Красная Поляна');
    expect(first?.data).toMatchObject({ city: 'Сочи', settlement: 'Красная Поляна', fias_level: '6' });
  });

  it('finds demo companies by INN prefix, by name words, with status and type filters', async () => {
    const byPrefix = await post(PARTY, { query: '7728' }).expect(200);
    expect((byPrefix.body.suggestions as Suggestion[]).map((s) => s.data['kpp'])).toEqual([
      '772801001',
      '781045001',
    ]);

    const byWords = await post(PARTY, { query: 'стадион заря' }).expect(200);
    expect((byWords.body.suggestions as Suggestion[])[0]?.data).toMatchObject({
      inn: '6671045184',
      state: { status: 'LIQUIDATING' },
    });

    const active = await post(PARTY, { query: 'фитнес', status: ['ACTIVE'] }).expect(200);
    expect(active.body.suggestions).toEqual([]);

    const individuals = await post(PARTY, { query: 'петрова', type: 'INDIVIDUAL' }).expect(200);
    const individual = (individuals.body.suggestions as Suggestion[])[0];
    expect(individual?.value).toBe('ИП Петрова Анна Сергеевна');
    expect(individual?.data).toMatchObject({
      type: 'INDIVIDUAL',
      kpp: null,
      management: null,
      inn: '616411208778',
    });
  });

  it('finds a branch by INN and KPP, and a company by OGRN', async () => {
    const branch = await post(FIND_PARTY, { query: '7728053113', kpp: '781045001' }).expect(200);
    expect(branch.body.suggestions).toHaveLength(1);
    expect((branch.body.suggestions as Suggestion[])[0]?.data).toMatchObject({ branch_type: 'BRANCH' });

    const main = await post(FIND_PARTY, { query: '7728053113', branch_type: 'MAIN' }).expect(200);
    expect((main.body.suggestions as Suggestion[])[0]?.data).toMatchObject({
      branch_type: 'MAIN',
      branch_count: 1,
    });

    const byOgrn = await post(FIND_PARTY, { query: '1111655004560' }).expect(200);
    expect((byOgrn.body.suggestions as Suggestion[])[0]?.data['inn']).toBe('1655018427');

    const none = await post(FIND_PARTY, { query: '0000000000' }).expect(200);
    expect(none.body).toEqual({ suggestions: [] });
  });

  it('answers 429 once a key exceeds its rate per second', async () => {
    const limited = await startTwin(5);
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 7; index += 1) {
        const response = await request(limited.url)
          .post(ADDRESS)
          .set('Authorization', `Token ${TWIN_KEY}`)
          .send({ query: 'москва' });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    } finally {
      await limited.app.close();
    }
  });
});
