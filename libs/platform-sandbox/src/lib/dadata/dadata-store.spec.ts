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

  it('gives every Russian place a unique, well-formed 13-digit KLADR code within its region', () => {
    const russian = places.filter((place) => place.countryIso === 'RU');
    const codes = russian.map((place) => place.data.kladr_id ?? '');
    for (const place of russian) {
      expect(place.data.kladr_id).toMatch(/^\d{13}$/);
      expect(place.data.kladr_id?.slice(0, 2)).toBe(place.data.region_kladr_id?.slice(0, 2));
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('reduces KLADR codes to their significant prefix', () => {
    expect(kladrPrefix('6300000100000')).toBe('63000001');
    expect(kladrPrefix('6300000000000')).toBe('63');
    expect(kladrPrefix('7800000000100')).toBe('78000000001');
    expect(kladrPrefix('50')).toBe('50');
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
