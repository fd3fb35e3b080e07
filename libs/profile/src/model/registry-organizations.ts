import type { ScriptInput } from '@fed/api-client';
import { addressPage, addressText, writeAddressParams, type AddressListCodec } from '@fed/ui-kit';

/** Organizations on one page of the directory. */
export const ORGANIZATIONS_PAGE_SIZE = 24;
const LAST_PAGE = Math.floor(1_000_000 / ORGANIZATIONS_PAGE_SIZE);

/** What the organizations' directory shows, kept in the address. */
export interface OrganizationsFilters {
  search: string;
  city: string;
  /** 1-based. */
  page: number;
}

export const defaultOrganizationsFilters: OrganizationsFilters = { search: '', city: '', page: 1 };

const PARAM = { search: 'q', city: 'city', page: 'page' } as const;

export const organizationsAddress: AddressListCodec<OrganizationsFilters> = {
  read: (params) => ({
    search: addressText(params, PARAM.search),
    city: addressText(params, PARAM.city),
    page: addressPage(params, PARAM.page, LAST_PAGE),
  }),
  write: (filters) => writeAddressParams(PARAM, filters, defaultOrganizationsFilters),
  defaults: defaultOrganizationsFilters,
};

export const hasOrganizationsFilters = (filters: OrganizationsFilters) =>
  filters.search !== '' || filters.city !== '';

/** The `getOrganizations` input of a page of the directory. */
export function organizationsQueryInput(filters: OrganizationsFilters): ScriptInput<'getOrganizations'> {
  return {
    ...(filters.search && { search: filters.search }),
    ...(filters.city && { city: filters.city }),
    from: (filters.page - 1) * ORGANIZATIONS_PAGE_SIZE,
    size: ORGANIZATIONS_PAGE_SIZE,
  };
}
