import { createHash } from 'node:crypto';
import { foreignCountries, foreignPlaces } from './data/foreign-places';
import { russianCities, russianSettlements } from './data/russian-cities';
import { russianRegion, russianRegions, type RussianRegion } from './data/russian-regions';
import { houseGeo, houseValue, russianStreets, STREET_TYPES } from './data/russian-streets';
import { wordsOf } from './dadata-text';

/** DaData's granularity levels, coarse to fine, as `from_bound`/`to_bound` name them. */
export const BOUND_LEVELS = ['country', 'region', 'area', 'city', 'settlement', 'street', 'house'] as const;
export type BoundLevel = (typeof BOUND_LEVELS)[number];

/** The address fields the twin fills, named as DaData names them; absent parts are null like DaData's. */
export const ADDRESS_FIELDS = [
  'postal_code',
  'country',
  'country_iso_code',
  'federal_district',
  'region_fias_id',
  'region_kladr_id',
  'region_iso_code',
  'region_with_type',
  'region_type',
  'region_type_full',
  'region',
  'area_fias_id',
  'area_kladr_id',
  'area_with_type',
  'area_type',
  'area_type_full',
  'area',
  'city_fias_id',
  'city_kladr_id',
  'city_with_type',
  'city_type',
  'city_type_full',
  'city',
  'settlement_fias_id',
  'settlement_kladr_id',
  'settlement_with_type',
  'settlement_type',
  'settlement_type_full',
  'settlement',
  'street_fias_id',
  'street_kladr_id',
  'street_with_type',
  'street_type',
  'street_type_full',
  'street',
  'house_fias_id',
  'house_kladr_id',
  'house_type',
  'house_type_full',
  'house',
  'fias_id',
  'fias_level',
  'kladr_id',
  'capital_marker',
  'okato',
  'oktmo',
  'tax_office',
  'timezone',
  'geo_lat',
  'geo_lon',
  'qc_geo',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressData = Record<AddressField, string | null>;

/** One part of an address with its level, so that a bounded `value` can keep only the levels asked for. */
interface AddressPart {
  level: BoundLevel;
  text: string;
}

export interface AddressRecord {
  /** Finest level of the record; a city of federal status is both a region and a city. */
  levels: { from: BoundLevel; to: BoundLevel };
  countryIso: string;
  /** KLADR code without its two actuality digits and trailing zero groups; null abroad. */
  kladrPrefix: string | null;
  population: number;
  value: string;
  unrestrictedValue: string;
  parts: AddressPart[];
  data: AddressData;
  /** Words of the place's own name, then every word of its full address (types included). */
  ownWords: string[];
  allWords: string[];
}

const SETTLEMENT_TYPE_FULL: Record<string, string> = {
  п: 'поселок',
  с: 'село',
  пгт: 'поселок городского типа',
  рп: 'рабочий поселок',
  д: 'деревня',
  'ст-ца': 'станица',
  аг: 'агрогородок',
};

/** Regions whose population orders them among places; DaData ranks a region about as a big city. */
const REGION_WEIGHT = 500_000;

function emptyData(): AddressData {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, null])) as AddressData;
}

/** A synthetic but stable FIAS id (UUID format) derived from a KLADR code; the twin has no FIAS copy. */
export function syntheticFiasId(kladrId: string): string {
  const hex = createHash('sha1').update(`fias:${kladrId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The significant prefix of a KLADR code (RR DDD CCC SSS AA): the actuality digits and trailing zero groups
 * dropped, so that a place lies within another when its prefix starts with the other's.
 */
export function kladrPrefix(kladrId: string): string {
  const digits = kladrId.replace(/\D/g, '');
  // A house (19 digits: its street's 15 and 4 of its own) or a street (15 and 2 actuality digits): the code
  // keeps its place's 11 digits untrimmed, so it still starts with the trimmed prefix of every place it lies in.
  if (digits.length >= 19) return digits.slice(0, 19);
  if (digits.length >= 15) return digits.slice(0, 15);
  if (digits.length < 11) return digits;
  let prefix = digits.slice(0, 11);
  while (prefix.length > 2 && prefix.endsWith('000')) prefix = prefix.slice(0, -3);
  return prefix;
}

function geo(value: number): string {
  return value.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
}

function regionFields(region: RussianRegion): Partial<AddressData> {
  const kladr = `${region.code}00000000000`;
  return {
    country: 'Россия',
    country_iso_code: 'RU',
    federal_district: region.district,
    region_fias_id: syntheticFiasId(kladr),
    region_kladr_id: kladr,
    region_iso_code: region.iso,
    region_with_type: region.withType,
    region_type: region.type,
    region_type_full: region.typeFull,
    region: region.name,
  };
}

function record(
  init: Omit<AddressRecord, 'value' | 'unrestrictedValue' | 'ownWords' | 'allWords'> & {
    ownName: string;
    value: string;
  },
): AddressRecord {
  const { ownName, ...rest } = init;
  // DaData leads the full address with the postal code where it knows one (streets and houses here).
  const unrestrictedValue = [init.data.postal_code, ...init.parts.map((part) => part.text)]
    .filter(Boolean)
    .join(', ');
  const ownWords = wordsOf(ownName);
  const allWords = [
    ...new Set([...ownWords, ...wordsOf(unrestrictedValue), ...wordsOf(init.data.country ?? '')]),
  ];
  return { ...rest, unrestrictedValue, ownWords, allWords };
}

function buildRegions(): AddressRecord[] {
  return russianRegions
    .filter((region) => region.type !== 'г')
    .map((region) => {
      const data = { ...emptyData(), ...regionFields(region) };
      data.fias_id = data.region_fias_id;
      data.kladr_id = data.region_kladr_id;
      data.fias_level = '1';
      return record({
        levels: { from: 'region', to: 'region' },
        countryIso: 'RU',
        kladrPrefix: region.code,
        population: REGION_WEIGHT,
        value: region.withType,
        parts: [{ level: 'region', text: region.withType }],
        data,
        ownName: region.name,
      });
    });
}

interface CityCode {
  kladrId: string;
  region: string;
}

function buildRussianCities(cityCodes: Map<string, CityCode>): AddressRecord[] {
  const syntheticCounters = new Map<string, number>();
  return russianCities.map(([name, regionCode, population, lat, lon, centre]) => {
    const region = russianRegion(regionCode);
    let kladrId: string;
    if (centre === 'federal') {
      kladrId = `${regionCode}00000000000`;
    } else if (centre === 'centre') {
      kladrId = `${regionCode}00000100000`;
    } else {
      // Synthetic: city codes from 501 up within the region, never clashing with a regional centre's 001.
      const next = (syntheticCounters.get(regionCode) ?? 500) + 1;
      syntheticCounters.set(regionCode, next);
      kladrId = `${regionCode}000${String(next).padStart(3, '0')}00000`;
    }
    cityCodes.set(`${regionCode}:${name}`, { kladrId, region: regionCode });
    const fiasId = syntheticFiasId(kladrId);
    const data: AddressData = { ...emptyData(), ...regionFields(region) };
    Object.assign(data, {
      city_fias_id: fiasId,
      city_kladr_id: kladrId,
      city_with_type: `г ${name}`,
      city_type: 'г',
      city_type_full: 'город',
      city: name,
      fias_id: fiasId,
      kladr_id: kladrId,
      fias_level: centre === 'federal' ? '1' : '4',
      capital_marker: centre === 'centre' ? '2' : '0',
      geo_lat: geo(lat),
      geo_lon: geo(lon),
      qc_geo: '4',
    });
    const parts: AddressPart[] =
      centre === 'federal'
        ? [{ level: 'city', text: `г ${name}` }]
        : [
            { level: 'region', text: region.withType },
            { level: 'city', text: `г ${name}` },
          ];
    return record({
      levels: { from: centre === 'federal' ? 'region' : 'city', to: 'city' },
      countryIso: 'RU',
      kladrPrefix: kladrPrefix(kladrId),
      population,
      value: centre ? `г ${name}` : `${region.withType}, г ${name}`,
      parts,
      data,
      ownName: name,
    });
  });
}

function buildRussianSettlements(cityCodes: Map<string, CityCode>): AddressRecord[] {
  const areaCodes = new Map<string, string>();
  const settlementCounters = new Map<string, number>();
  return russianSettlements.map((row) => {
    const region = russianRegion(row.region);
    const data: AddressData = { ...emptyData(), ...regionFields(region) };
    const parts: AddressPart[] = [];
    if (region.type !== 'г') parts.push({ level: 'region', text: region.withType });
    let parentPrefix: string;
    if (row.city) {
      const city = cityCodes.get(`${row.region}:${row.city}`);
      if (!city) throw new Error(`Settlement ${row.name}: unknown city ${row.city}`);
      parentPrefix = city.kladrId.slice(0, 8);
      Object.assign(data, {
        city_fias_id: syntheticFiasId(city.kladrId),
        city_kladr_id: city.kladrId,
        city_with_type: `г ${row.city}`,
        city_type: 'г',
        city_type_full: 'город',
        city: row.city,
      });
      if (region.type !== 'г') parts.push({ level: 'city', text: `г ${row.city}` });
      else parts.splice(0, parts.length, { level: 'city', text: `г ${row.city}` });
    } else {
      const areaName = row.area ?? 'р-н';
      const areaKey = `${row.region}:${areaName}`;
      let areaCode = areaCodes.get(areaKey);
      if (!areaCode) {
        // Synthetic district codes from 501 up within the region.
        areaCode = String(
          501 + [...areaCodes.keys()].filter((key) => key.startsWith(`${row.region}:`)).length,
        );
        areaCodes.set(areaKey, areaCode);
      }
      const areaKladr = `${row.region}${areaCode}00000000`;
      const [areaBase, areaType] = splitTrailingType(areaName);
      Object.assign(data, {
        area_fias_id: syntheticFiasId(areaKladr),
        area_kladr_id: areaKladr,
        area_with_type: areaName,
        area_type: areaType,
        area_type_full: areaType === 'р-н' ? 'район' : areaType,
        area: areaBase,
      });
      parts.push({ level: 'area', text: areaName });
      parentPrefix = `${row.region}${areaCode}000`;
    }
    const counter = (settlementCounters.get(parentPrefix) ?? 0) + 1;
    settlementCounters.set(parentPrefix, counter);
    const kladrId = `${parentPrefix}${String(counter).padStart(3, '0')}00`;
    const fiasId = syntheticFiasId(kladrId);
    const withType = `${row.type} ${row.name}`;
    Object.assign(data, {
      settlement_fias_id: fiasId,
      settlement_kladr_id: kladrId,
      settlement_with_type: withType,
      settlement_type: row.type,
      settlement_type_full: SETTLEMENT_TYPE_FULL[row.type] ?? row.type,
      settlement: row.name,
      fias_id: fiasId,
      kladr_id: kladrId,
      fias_level: '6',
      capital_marker: '0',
      geo_lat: geo(row.lat),
      geo_lon: geo(row.lon),
      qc_geo: '4',
    });
    parts.push({ level: 'settlement', text: withType });
    return record({
      levels: { from: 'settlement', to: 'settlement' },
      countryIso: 'RU',
      kladrPrefix: kladrPrefix(kladrId),
      population: row.population,
      value: parts.map((part) => part.text).join(', '),
      parts,
      data,
      ownName: row.name,
    });
  });
}

/** Streets rank after the places they lie in, and before their own houses. */
const STREET_WEIGHT = 2;
const HOUSE_WEIGHT = 1;

/**
 * Streets and houses of the demo cities (fias_level 7 and 8). KLADR codes are synthetic like the cities' ones
 * but shaped as DaData's: a street is its city's 11 digits, 4 of its own and 2 actuality digits (17), a house
 * its street's 15 digits and 4 of its own (19).
 */
function buildRussianStreets(cities: readonly AddressRecord[]): AddressRecord[] {
  const streetCounters = new Map<string, number>();
  return russianStreets.flatMap((row) => {
    const city = cities.find(
      (place) => place.data.city === row.city && place.data.region_kladr_id === `${row.region}00000000000`,
    );
    const cityKladr = city?.data.city_kladr_id;
    if (!city || !cityKladr) throw new Error(`Street ${row.withType}: unknown city ${row.city}`);
    // `houseValue` writes a regional centre's address, which names no region: the demo cities are all such.
    if (city.value !== `г ${row.city}`)
      throw new Error(`Street ${row.withType}: ${row.city} is not a regional centre`);
    const cityDigits = cityKladr.slice(0, 11);
    const number = (streetCounters.get(cityDigits) ?? 0) + 1;
    streetCounters.set(cityDigits, number);
    const streetKladr = `${cityDigits}${String(number).padStart(4, '0')}00`;
    const streetFias = syntheticFiasId(streetKladr);
    const cityParts = city.parts;
    const streetData: AddressData = {
      ...city.data,
      postal_code: row.postalCode,
      street_fias_id: streetFias,
      street_kladr_id: streetKladr,
      street_with_type: row.withType,
      street_type: row.type,
      street_type_full: STREET_TYPES[row.type],
      street: row.name,
      fias_id: streetFias,
      kladr_id: streetKladr,
      fias_level: '7',
      geo_lat: geo(row.lat),
      geo_lon: geo(row.lon),
      qc_geo: '2',
    };
    const streetParts: AddressPart[] = [...cityParts, { level: 'street', text: row.withType }];
    const street = record({
      levels: { from: 'street', to: 'street' },
      countryIso: 'RU',
      kladrPrefix: kladrPrefix(streetKladr),
      population: STREET_WEIGHT,
      value: `${city.value}, ${row.withType}`,
      parts: streetParts,
      data: streetData,
      ownName: row.name,
    });
    const houses = row.houses.map((house, index) => {
      const houseKladr = `${streetKladr.slice(0, 15)}${String(index + 1).padStart(4, '0')}`;
      const houseFias = syntheticFiasId(houseKladr);
      const point = houseGeo(row, index);
      return record({
        levels: { from: 'house', to: 'house' },
        countryIso: 'RU',
        kladrPrefix: kladrPrefix(houseKladr),
        population: HOUSE_WEIGHT,
        value: houseValue(row, house),
        parts: [...streetParts, { level: 'house', text: `д ${house}` }],
        data: {
          ...streetData,
          house_fias_id: houseFias,
          house_kladr_id: houseKladr,
          house_type: 'д',
          house_type_full: 'дом',
          house,
          fias_id: houseFias,
          kladr_id: houseKladr,
          fias_level: '8',
          geo_lat: geo(point.lat),
          geo_lon: geo(point.lon),
          qc_geo: '0',
        },
        ownName: `${row.name} ${house}`,
      });
    });
    return [street, ...houses];
  });
}

/** `Одинцовский р-н` → [`Одинцовский`, `р-н`]. */
function splitTrailingType(text: string): [string, string | null] {
  const match = /^(.*)\s(\S+)$/.exec(text);
  return match?.[1] && match[2] ? [match[1], match[2]] : [text, null];
}

/** `г Минск` → [`Минск`, `г`]; `Гомельская обл` → [`Гомельская`, `обл`]. */
function splitRegion(text: string): [string, string | null] {
  const leading = /^(г|мун)\s(.+)$/.exec(text);
  if (leading?.[1] && leading[2]) return [leading[2], leading[1]];
  const trailing = /^(.*)\s(обл|р-н|велаят)$/.exec(text);
  if (trailing?.[1] && trailing[2]) return [trailing[1], trailing[2]];
  return [text, null];
}

function buildForeignPlaces(): AddressRecord[] {
  const countryNames = new Map(foreignCountries.map((country) => [country.iso, country.name]));
  return foreignPlaces.map((row) => {
    const country = countryNames.get(row.country);
    if (!country) throw new Error(`Unknown country ${row.country}`);
    const [regionName, regionType] = splitRegion(row.region);
    const data: AddressData = {
      ...emptyData(),
      country,
      country_iso_code: row.country,
      region_with_type: row.region,
      region_type: regionType,
      region: regionName,
      geo_lat: geo(row.lat),
      geo_lon: geo(row.lon),
      qc_geo: '4',
      capital_marker: row.capital ? '2' : '0',
    };
    const withType = `${row.type} ${row.name}`;
    const parts: AddressPart[] = [{ level: 'country', text: country }];
    const isOwnRegion = row.region === withType;
    if (!isOwnRegion) parts.push({ level: 'region', text: row.region });
    if (row.area) {
      const [areaName, areaType] = splitTrailingType(row.area);
      Object.assign(data, { area_with_type: row.area, area: areaName, area_type: areaType });
      parts.push({ level: 'area', text: row.area });
    }
    const isCity = row.type === 'г';
    if (isCity) {
      Object.assign(data, {
        city_with_type: withType,
        city_type: 'г',
        city_type_full: 'город',
        city: row.name,
        fias_level: '4',
      });
      parts.push({ level: 'city', text: withType });
    } else {
      Object.assign(data, {
        settlement_with_type: withType,
        settlement_type: row.type,
        settlement_type_full: SETTLEMENT_TYPE_FULL[row.type] ?? row.type,
        settlement: row.name,
        fias_level: '6',
      });
      parts.push({ level: 'settlement', text: withType });
    }
    return record({
      levels: isCity ? { from: 'city', to: 'city' } : { from: 'settlement', to: 'settlement' },
      countryIso: row.country,
      kladrPrefix: null,
      population: row.population,
      value: isCity ? `${country}, ${withType}` : parts.map((part) => part.text).join(', '),
      parts,
      data,
      ownName: row.name,
    });
  });
}

/** Every place of the shipped dictionary as DaData would describe it. Pure: the store persists it. */
export function buildAddressDictionary(): AddressRecord[] {
  const cityCodes = new Map<string, CityCode>();
  const cities = buildRussianCities(cityCodes);
  return [
    ...buildRegions(),
    ...cities,
    ...buildRussianSettlements(cityCodes),
    ...buildRussianStreets(cities),
    ...buildForeignPlaces(),
  ];
}

/** `value` as DaData gives it when the caller bounds the levels: only the parts within the bounds. */
export function boundedValue(place: AddressRecord, from: BoundLevel, to: BoundLevel): string {
  const low = BOUND_LEVELS.indexOf(from);
  const high = BOUND_LEVELS.indexOf(to);
  const kept = place.parts.filter((part) => {
    const level = BOUND_LEVELS.indexOf(part.level);
    return level >= low && level <= high;
  });
  return kept.length > 0 ? kept.map((part) => part.text).join(', ') : place.value;
}
