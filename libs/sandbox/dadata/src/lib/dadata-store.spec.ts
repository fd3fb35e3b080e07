import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAddressDictionary, kladrPrefix } from './dadata-dictionary';
import { DADATA_DATABASE_FILE, DadataStore } from './dadata-store';

describe('DaData dictionary', () => {
  const places = buildAddressDictionary();

  it('holds Russian cities, regions and settlements, and places of all ten other spec countries', () => {
    const russianCities = places.filter(
      (place) => place.countryIso === 'RU' && place.data.city && !place.data.settlement,
    );
    expect(russianCities.length).toBeGreaterThanOrEqual(170);
    for (const iso of ['BY', 'AM', 'AZ', 'GE', 'KG', 'MD', 'TJ', 'TM', 'UZ', 'KZ']) {
      const ofCountry = places.filter((place) => place.countryIso === iso);
      expect(
        ofCountry.some((place) => place.data.capital_marker === '2'),
        iso,
      ).toBe(true);
      expect(
        ofCountry.some((place) => place.data.settlement !== null),
        iso,
      ).toBe(true);
    }
  });

  it('gives every Russian place a unique, well-formed KLADR code within its region: 13 digits, a street 17, a house 19', () => {
    const russian = places.filter((place) => place.countryIso === 'RU');
    const codes = russian.map((place) => place.data.kladr_id ?? '');
    const lengths: Record<string, number> = { '7': 17, '8': 19 };
    for (const place of russian) {
      expect(place.data.kladr_id?.length).toBe(lengths[place.data.fias_level ?? ''] ?? 13);
      expect(place.data.kladr_id).toMatch(/^\d+$/);
      expect(place.data.kladr_id?.slice(0, 2)).toBe(place.data.region_kladr_id?.slice(0, 2));
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('reduces KLADR codes to their significant prefix', () => {
    expect(kladrPrefix('6300000100000')).toBe('63000001');
    expect(kladrPrefix('6300000000000')).toBe('63');
    expect(kladrPrefix('7800000000100')).toBe('78000000001');
    expect(kladrPrefix('50')).toBe('50');
    // A street keeps its city's 11 digits whole, so it lies within the city's trimmed prefix; a house within its street.
    expect(kladrPrefix('16000001000000300')).toBe('160000010000003');
    expect(kladrPrefix('1600000100000030002')).toBe('1600000100000030002');
    expect(kladrPrefix('1600000100000030002').startsWith(kladrPrefix('16000001000000300'))).toBe(true);
    expect(kladrPrefix('16000001000000300').startsWith(kladrPrefix('1600000100000'))).toBe(true);
  });

  it('holds streets and houses of every demo city, each inside its city, with a postal code and a point', () => {
    const streets = places.filter((place) => place.data.fias_level === '7');
    const houses = places.filter((place) => place.data.fias_level === '8');
    expect(new Set(streets.map((street) => street.data.city)).size).toBeGreaterThanOrEqual(24);
    expect(houses.length).toBeGreaterThan(streets.length);
    for (const place of [...streets, ...houses]) {
      expect(place.kladrPrefix?.startsWith(kladrPrefix(place.data.city_kladr_id ?? ''))).toBe(true);
      expect(place.data.street_with_type).toBeTruthy();
      expect(place.data.postal_code).toMatch(/^\d{6}$/);
      expect(Number(place.data.geo_lat)).toBeGreaterThan(40);
    }
    for (const house of houses) {
      expect(house.value).toBe(
        [house.data.city_with_type, house.data.street_with_type, `д ${house.data.house}`].join(', '),
      );
    }
  });
});

describe('DadataStore', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('loads the dictionary into SQLite once and reuses the file on the next start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dadata-store-'));
    dirs.push(dir);
    const first = DadataStore.open(dir);
    const stats = first.stats();
    first.close();
    const file = join(dir, DADATA_DATABASE_FILE);
    const writtenAt = statSync(file).mtimeMs;

    const second = DadataStore.open(dir);
    expect(second.stats()).toEqual(stats);
    expect(statSync(file).mtimeMs).toBe(writtenAt);
    expect(second.searchPlaces('нижн новг').map((match) => match.record.data.city)).toContain(
      'Нижний Новгород',
    );
    second.close();

    expect(stats.parties).toBeGreaterThanOrEqual(10);
    expect(stats.places.map((row) => row.country)).toEqual([
      'AM',
      'AZ',
      'BY',
      'GE',
      'KG',
      'KZ',
      'MD',
      'RU',
      'TJ',
      'TM',
      'UZ',
    ]);
  });
});
