import type { ScriptInput } from '@fed/api-client';
import { parseIsoDay } from '@fed/calendar';
import { disciplines, type DisciplineCode } from '@fed/contracts';
import { addressPage, addressText, writeAddressParams, type AddressListCodec } from '@fed/ui-kit';

/** Events on one page of the list. */
export const EVENTS_PAGE_SIZE = 20;
/** The platform pages up to `from` 1 000 000. */
const LAST_PAGE = Math.floor(1_000_000 / EVENTS_PAGE_SIZE);

export const eventPeriods = ['upcoming', 'past', 'all'] as const;
export type EventPeriod = (typeof eventPeriods)[number];

export const eventPeriodNames: Record<EventPeriod, string> = {
  upcoming: 'Предстоящие',
  past: 'Прошедшие',
  all: 'Все',
};

/** What the events list shows; it lives in the address so that back, refresh and a shared link keep it. */
export interface EventFilters {
  search: string;
  /** `YYYY-MM-DD`, inclusive, by start date. */
  dateFrom: string | null;
  dateTo: string | null;
  city: string;
  discipline: DisciplineCode | null;
  when: EventPeriod;
  /** 1-based. */
  page: number;
}

export const defaultEventFilters: EventFilters = {
  search: '',
  dateFrom: null,
  dateTo: null,
  city: '',
  discipline: null,
  when: 'upcoming',
  page: 1,
};

/** Names of the search parameters. */
const PARAM = {
  search: 'q',
  dateFrom: 'from',
  dateTo: 'to',
  city: 'city',
  discipline: 'discipline',
  when: 'when',
  page: 'page',
} as const;

const isDiscipline = (value: string | null): value is DisciplineCode =>
  value !== null && Object.hasOwn(disciplines, value);
const isPeriod = (value: string | null): value is EventPeriod =>
  eventPeriods.some((period) => period === value);
// The calendar's reading, not the date fields' (`parseIsoDate` of validation): that one brings a dates library
// the events filters' island would load for nothing.
const isoDateOrNull = (value: string | null) => (value && parseIsoDay(value) ? value : null);

/** Reads the filters from the address; anything unreadable (a hand-edited link) falls back to its default. */
export function readEventFilters(params: URLSearchParams): EventFilters {
  let dateFrom = isoDateOrNull(params.get(PARAM.dateFrom));
  let dateTo = isoDateOrNull(params.get(PARAM.dateTo));
  if (dateFrom && dateTo && dateTo < dateFrom) [dateFrom, dateTo] = [dateTo, dateFrom];
  const discipline = params.get(PARAM.discipline);
  const when = params.get(PARAM.when);
  return {
    search: addressText(params, PARAM.search),
    dateFrom,
    dateTo,
    city: addressText(params, PARAM.city),
    discipline: isDiscipline(discipline) ? discipline : null,
    when: isPeriod(when) ? when : defaultEventFilters.when,
    page: addressPage(params, PARAM.page, LAST_PAGE),
  };
}

/** The address form of the filters: defaults are left out, so the plain list has a plain address. */
export function writeEventFilters(filters: EventFilters): URLSearchParams {
  return writeAddressParams(PARAM, filters, defaultEventFilters);
}

/** The events list's state as its address holds it, for `useAddressList` (the app) and its island twin. */
export const eventsAddress: AddressListCodec<EventFilters> = {
  read: readEventFilters,
  write: writeEventFilters,
  defaults: defaultEventFilters,
};

/** How many filters narrow the list (the period and the page aside), for the 'Фильтры' badge. */
export function countNarrowingFilters(filters: EventFilters): number {
  return [filters.search, filters.dateFrom || filters.dateTo, filters.city, filters.discipline].filter(
    Boolean,
  ).length;
}

/** Whether anything differs from the plain list. */
export function hasFilters(filters: EventFilters): boolean {
  return countNarrowingFilters(filters) > 0 || filters.when !== defaultEventFilters.when;
}

/** The `getEvents` input of a page of the list. */
export function eventsQueryInput(filters: EventFilters): ScriptInput<'getEvents'> {
  return {
    ...(filters.search && { search: filters.search }),
    ...(filters.dateFrom && { dateFrom: filters.dateFrom }),
    ...(filters.dateTo && { dateTo: filters.dateTo }),
    ...(filters.city && { city: filters.city }),
    ...(filters.discipline && { discipline: filters.discipline }),
    when: filters.when,
    from: (filters.page - 1) * EVENTS_PAGE_SIZE,
    size: EVENTS_PAGE_SIZE,
  };
}
