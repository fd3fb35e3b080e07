import { useMemo } from 'react';
import type { PagePrefetch } from '@fed/api-client';
import { Island, listPageStyles, useAddressList } from '@fed/ui-kit';
import { registryApi, useRegistryOrganizationsQuery } from '../api/registry-api';
import { OrganizationCard } from '../components/registry/organization-card';
import { OrganizationsFilters } from '../components/registry/organizations-filters';
import type { OrganizationsFiltersIslandProps } from '../components/registry/organizations-filters-island';
import { RegistryList } from '../components/registry/registry-list';
import { ORGANIZATIONS_FILTERS_ISLAND } from '../islands';
import { organizationListTexts } from '../model/registry-lists';
import {
  hasOrganizationsFilters,
  ORGANIZATIONS_PAGE_SIZE,
  organizationsAddress,
  organizationsQueryInput,
} from '../model/registry-organizations';

/** The list the address asks for. */
export const prefetchOrganizations: PagePrefetch = async ({ search }, dispatch) => {
  const input = organizationsQueryInput(organizationsAddress.read(search));
  await dispatch(registryApi.endpoints.registryOrganizations.initiate(input));
};

/**
 * `/organizations` 'Организации': the federation's clubs by name, with search, a city filter and numbered pages
 * kept in the address; each card with its logo, city, athletes and upcoming events.
 */
export function OrganizationsPage() {
  const list = useAddressList(organizationsAddress);
  const filters = list.state;
  const input = useMemo(() => organizationsQueryInput(filters), [filters]);
  const query = useRegistryOrganizationsQuery(input);
  const filtered = hasOrganizationsFilters(filters);

  return (
    <section className={listPageStyles.page} aria-labelledby="organizations-title">
      <h1 id="organizations-title" className={listPageStyles.title}>
        Организации
      </h1>
      <Island<OrganizationsFiltersIslandProps> name={ORGANIZATIONS_FILTERS_ISLAND} props={{ filters }}>
        <OrganizationsFilters filters={filters} onChange={list.change} onReset={list.reset} />
      </Island>
      <RegistryList
        list={list}
        query={query}
        filtered={filtered}
        pageSize={ORGANIZATIONS_PAGE_SIZE}
        texts={organizationListTexts}
        renderItem={(organization) => <OrganizationCard organization={organization} />}
      />
    </section>
  );
}
