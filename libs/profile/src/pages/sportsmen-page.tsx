import { useMemo } from 'react';
import type { PagePrefetch } from '@fed/api-client';
import { listPageStyles, useAddressList } from '@fed/ui-kit';
import { registryApi, useRegistrySportsmenQuery } from '../api/registry-api';
import { RegistryList } from '../components/registry/registry-list';
import { SportsmanCard } from '../components/registry/sportsman-card';
import { SportsmenFilters } from '../components/registry/sportsmen-filters';
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

  return (
    <section className={listPageStyles.page} aria-labelledby="sportsmen-title">
      <h1 id="sportsmen-title" className={listPageStyles.title}>
        Спортсмены
      </h1>
      <SportsmenFilters filters={filters} onChange={list.change} onReset={list.reset} />
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
