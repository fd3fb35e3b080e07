import { createHash } from 'node:crypto';
import { demoParties, type DemoPartyRow } from './data/demo-parties';
import type { AddressData, AddressRecord } from './dadata-dictionary';
import { wordsOf } from './dadata-text';

export type PartyStatus = DemoPartyRow['status'];
export type PartyType = DemoPartyRow['type'];
export type BranchType = DemoPartyRow['branchType'];

/** `data` of a party suggestion with DaData's field names (the ones the twin knows; the rest are null). */
export interface PartyData {
  kpp: string | null;
  capital: null;
  invalid: null;
  management: { name: string; post: string; start_date: null; disqualified: null } | null;
  founders: null;
  managers: null;
  predecessors: null;
  successors: null;
  branch_type: BranchType;
  branch_count: number;
  source: null;
  qc: null;
  hid: string;
  type: PartyType;
  state: {
    status: PartyStatus;
    code: null;
    actuality_date: number;
    registration_date: number;
    liquidation_date: number | null;
  };
  opf: { type: '2014'; code: string; full: string; short: string };
  name: { full_with_opf: string; short_with_opf: string; latin: null; full: string; short: string };
  fio: { surname: string; name: string; patronymic: string; gender: null; source: null; qc: null } | null;
  inn: string;
  ogrn: string;
  okpo: null;
  okato: null;
  oktmo: null;
  okogu: null;
  okfs: null;
  okved: string;
  okveds: null;
  authorities: null;
  documents: null;
  licenses: null;
  finance: null;
  address: { value: string; unrestricted_value: string; invalidity: null; data: AddressData };
  phones: null;
  emails: null;
  ogrn_date: number;
  okved_type: '2014';
  employee_count: null;
}

export interface PartySuggestion {
  value: string;
  unrestricted_value: string;
  data: PartyData;
}

export interface PartyRecord {
  inn: string;
  ogrn: string;
  kpp: string | null;
  type: PartyType;
  status: PartyStatus;
  branchType: BranchType;
  kladrPrefix: string | null;
  words: string[];
  suggestion: PartySuggestion;
}

/** The register's habit: the legal form, then the name in quotes (nested quotes merged at the end). */
function withOpf(opf: string, name: string): string {
  return `${opf} "${name}"`.replace(/""$/, '"');
}

function millis(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`);
}

/** Actuality date of the whole demo register: fixed, so answers are reproducible. */
const ACTUALITY_DATE = millis('2026-11-01');

export function buildPartyDictionary(
  findCity: (name: string, region: string) => AddressRecord | undefined,
): PartyRecord[] {
  return demoParties.map((row) => {
    const city = findCity(row.city.name, row.city.region);
    if (!city) throw new Error(`Party ${row.inn}: unknown city ${row.city.name}`);
    const houseMatch = /^(.*),\s*(д)\s+(.+)$/.exec(row.street);
    const streetWithType = houseMatch?.[1] ?? row.street;
    const [streetType, ...streetName] = streetWithType.split(' ');
    const addressData: AddressData = {
      ...city.data,
      postal_code: row.postalCode,
      street_with_type: streetWithType,
      street_type: streetType ?? null,
      street: streetName.join(' ') || null,
      house_type: houseMatch?.[2] ?? null,
      house: houseMatch?.[3] ?? null,
      fias_level: '8',
    };
    const cityValue = city.value;
    const addressValue = `${cityValue}, ${row.street}`;
    const isIndividual = row.type === 'INDIVIDUAL';
    const shortWithOpf = isIndividual ? `ИП ${row.shortName}` : withOpf(row.opf.short, row.shortName);
    const fullWithOpf = isIndividual
      ? `${row.opf.full} ${row.fullName}`
      : withOpf(row.opf.full.toUpperCase(), row.fullName);
    const branchCount =
      row.branchType === 'MAIN'
        ? demoParties.filter((other) => other.inn === row.inn && other.branchType === 'BRANCH').length
        : 0;
    const data: PartyData = {
      kpp: row.kpp,
      capital: null,
      invalid: null,
      management: row.management
        ? { name: row.management.name, post: row.management.post, start_date: null, disqualified: null }
        : null,
      founders: null,
      managers: null,
      predecessors: null,
      successors: null,
      branch_type: row.branchType,
      branch_count: branchCount,
      source: null,
      qc: null,
      hid: createHash('sha256')
        .update(`${row.inn}:${row.kpp ?? ''}`)
        .digest('hex'),
      type: row.type,
      state: {
        status: row.status,
        code: null,
        actuality_date: ACTUALITY_DATE,
        registration_date: millis(row.registered),
        liquidation_date: row.liquidated ? millis(row.liquidated) : null,
      },
      opf: { type: '2014', ...row.opf },
      name: {
        full_with_opf: fullWithOpf,
        short_with_opf: shortWithOpf,
        latin: null,
        full: row.fullName,
        short: row.shortName,
      },
      fio: row.fio ? { ...row.fio, gender: null, source: null, qc: null } : null,
      inn: row.inn,
      ogrn: row.ogrn,
      okpo: null,
      okato: null,
      oktmo: null,
      okogu: null,
      okfs: null,
      okved: row.okved,
      okveds: null,
      authorities: null,
      documents: null,
      licenses: null,
      finance: null,
      address: {
        value: addressValue,
        unrestricted_value: `${row.postalCode}, ${city.unrestrictedValue}, ${row.street}`,
        invalidity: null,
        data: addressData,
      },
      phones: null,
      emails: null,
      ogrn_date: millis(row.registered),
      okved_type: '2014',
      employee_count: null,
    };
    return {
      inn: row.inn,
      ogrn: row.ogrn,
      kpp: row.kpp,
      type: row.type,
      status: row.status,
      branchType: row.branchType,
      kladrPrefix: city.kladrPrefix,
      words: [
        ...new Set([
          ...wordsOf(row.fullName),
          ...wordsOf(row.shortName),
          ...wordsOf(row.opf.short),
          ...wordsOf(row.opf.full),
        ]),
      ],
      suggestion: { value: shortWithOpf, unrestricted_value: shortWithOpf, data },
    };
  });
}
