import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import type { PagePrefetch } from '@fed/api-client';
import { Island, listPageStyles, useAddressList } from '@fed/ui-kit';
import {
  registryApi,
  usePublicOrganizationQuery,
  useRegistryAgeClassesQuery,
  useRegistrySportsmenQuery,
} from '../api/registry-api';
import { RegistryList } from '../components/registry/registry-list';
import { SportsmanCard } from '../components/registry/sportsman-card';
import { SportsmenFilters } from '../components/registry/sportsmen-filters';
import type { SportsmenFiltersIslandProps } from '../components/registry/sportsmen-filters-island';
import { ageClassOptions } from '../components/registry/sportsmen-filters-view';
import { SPORTSMEN_FILTERS_ISLAND } from '../islands';
import { athleteListTexts } from '../model/registry-lists';
import {
  hasSportsmenFilters,
  SPORTSMEN_PAGE_SIZE,
  sportsmenAddress,
  sportsmenQueryInput,
} from '../model/registry-sportsmen';

/** The list the address asks for, the age classes its filter offers and the chosen club's name. */
export const prefetchSportsmen: PagePrefetch = async ({ search }, dispatch) => {
  const filters = sportsmenAddress.read(search);
  await Promise.all([
    dispatch(registryApi.endpoints.registrySportsmen.initiate(sportsmenQueryInput(filters))),
    dispatch(registryApi.endpoints.registryAgeClasses.initiate()),
    filters.club && dispatch(registryApi.endpoints.publicOrganization.initiate(filters.club)),
  ]);
};

/**
 * `/sportsmen` 'Спортсмены': the federation's athletes with search, filters (club, city, gender, age class,
 * membership), order and numbered pages, all kept in the address. Each card shows what its person lets others
 * see; the api has taken out the rest.
 */
export function SportsmenPage() {
  const list = useAddressList(sportsmenAddress);
  const filters = list.state;
  const input = useMemo(() => sportsmenQueryInput(filters), [filters]);
  const query = useRegistrySportsmenQuery(input);
  const filtered = hasSportsmenFilters(filters);
  // What a guest's island of the filters is rendered from: the server's reads, carried in the page.
  const ageClasses = useRegistryAgeClassesQuery();
  const club = usePublicOrganizationQuery(filters.club ?? skipToken).currentData;
  const island: SportsmenFiltersIslandProps = {
    filters,
    ageClasses: ageClassOptions(ageClasses.data),
    clubName: filters.club && club ? club.__name : null,
  };

  return (
    <section className={listPageStyles.page} aria-labelledby="sportsmen-title">
      <h1 id="sportsmen-title" className={listPageStyles.title}>
        Спортсмены
      </h1>
      <Island name={SPORTSMEN_FILTERS_ISLAND} props={island}>
        <SportsmenFilters filters={filters} onChange={list.change} onReset={list.reset} />
      </Island>
      <RegistryList
        list={list}
        query={query}
        filtered={filtered}
        pageSize={SPORTSMEN_PAGE_SIZE}
        texts={athleteListTexts}
        renderItem={(athlete) => <SportsmanCard athlete={athlete} />}
      />
    </section>
  );
}
