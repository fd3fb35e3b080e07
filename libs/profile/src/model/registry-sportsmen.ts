import type { ScriptInput } from '@fed/api-client';
import { sportsmenSorts, type GenderCode, type SportsmenSort } from '@fed/contracts';
import {
  addressChoice,
  addressPage,
  addressText,
  writeAddressParams,
  type AddressListCodec,
} from '@fed/ui-kit';
import { GENDERS } from '@fed/validation';

/** Athletes on one page of the directory: two, three or four to a row come out even. */
export const SPORTSMEN_PAGE_SIZE = 24;
/** The platform pages up to `from` 1 000 000. */
const LAST_PAGE = Math.floor(1_000_000 / SPORTSMEN_PAGE_SIZE);

/** The membership filter: members whose membership lasts until today or later, or those whose does not. */
export const membershipChoices = ['valid', 'expired'] as const;
export type MembershipChoice = (typeof membershipChoices)[number];

export const membershipNames: Record<MembershipChoice, string> = {
  valid: 'Действует',
  expired: 'Не действует',
};

/** The directory's orders (the contract's `sportsmenSorts`) as a person reads them. */
export const sportsmenSortNames: Record<SportsmenSort, string> = {
  name_asc: 'По имени, А–Я',
  name_desc: 'По имени, Я–А',
  age_class: 'По возрастному классу',
  city: 'По городу',
};

/** What the athletes' directory shows; it lives in the address, so Back, a refresh and a link keep it. */
export interface SportsmenFilters {
  search: string;
  /** The club's id. */
  club: string | null;
  city: string;
  gender: GenderCode | null;
  /** The age class's id. */
  ageClass: string | null;
  membership: MembershipChoice | null;
  sort: SportsmenSort;
  /** 1-based. */
  page: number;
}

export const defaultSportsmenFilters: SportsmenFilters = {
  search: '',
  club: null,
  city: '',
  gender: null,
  ageClass: null,
  membership: null,
  sort: 'name_asc',
  page: 1,
};

const PARAM = {
  search: 'q',
  club: 'club',
  city: 'city',
  gender: 'gender',
  ageClass: 'age',
  membership: 'member',
  sort: 'sort',
  page: 'page',
} as const;

/** An id from the address, only when it is made of what platform ids are (anything else would be a 400). */
function addressId(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

function readSportsmenFilters(params: URLSearchParams): SportsmenFilters {
  return {
    search: addressText(params, PARAM.search),
    club: addressId(params, PARAM.club),
    city: addressText(params, PARAM.city),
    gender: addressChoice(params, PARAM.gender, GENDERS),
    ageClass: addressId(params, PARAM.ageClass),
    membership: addressChoice(params, PARAM.membership, membershipChoices),
    sort: addressChoice(params, PARAM.sort, sportsmenSorts) ?? defaultSportsmenFilters.sort,
    page: addressPage(params, PARAM.page, LAST_PAGE),
  };
}

export const sportsmenAddress: AddressListCodec<SportsmenFilters> = {
  read: readSportsmenFilters,
  write: (filters) => writeAddressParams(PARAM, filters, defaultSportsmenFilters),
  defaults: defaultSportsmenFilters,
};

/** How many filters narrow the list (search, order and page aside): the 'Фильтры (N)' of a phone. */
export function countSportsmenFilters(filters: SportsmenFilters): number {
  return [filters.club, filters.city, filters.gender, filters.ageClass, filters.membership].filter(Boolean)
    .length;
}

/** Whether anything differs from the plain directory. */
export function hasSportsmenFilters(filters: SportsmenFilters): boolean {
  return countSportsmenFilters(filters) > 0 || filters.search !== '' || filters.sort !== 'name_asc';
}

/** The `getSportsmen` input of a page of the directory. */
export function sportsmenQueryInput(filters: SportsmenFilters): ScriptInput<'getSportsmen'> {
  return {
    ...(filters.search && { search: filters.search }),
    ...(filters.club && { organizationId: filters.club }),
    ...(filters.city && { city: filters.city }),
    ...(filters.gender && { gender: filters.gender }),
    ...(filters.ageClass && { ageClassId: filters.ageClass }),
    ...(filters.membership && { membershipValid: filters.membership === 'valid' }),
    sort: filters.sort,
    from: (filters.page - 1) * SPORTSMEN_PAGE_SIZE,
    size: SPORTSMEN_PAGE_SIZE,
  };
}
