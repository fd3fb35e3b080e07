import { useMemo } from 'react';
import type { PagePrefetch } from '@fed/api-client';
import { useAddressList } from '@fed/ui-kit';
import { pluralRu } from '@fed/validation';
import { registryApi, useRegistrySportsmenQuery } from '../api/registry-api';
import { RegistryList } from '../components/registry/registry-list';
import { SportsmanCard } from '../components/registry/sportsman-card';
import { SportsmenFilters } from '../components/registry/sportsmen-filters';
import {
  hasSportsmenFilters,
  SPORTSMEN_PAGE_SIZE,
  sportsmenAddress,
  sportsmenQueryInput,
} from '../model/registry-sportsmen';
import styles from './registry-page.module.css';

const found = (total: number) =>
  `Найдено ${total} ${pluralRu(total, ['спортсмен', 'спортсмена', 'спортсменов'])}`;

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
  const { state: filters, show, change, reset, pageLink, listTop } = useAddressList(sportsmenAddress);
  const input = useMemo(() => sportsmenQueryInput(filters), [filters]);
  const query = useRegistrySportsmenQuery(input);
  const filtered = hasSportsmenFilters(filters);

  return (
    <section className={styles.page} aria-labelledby="sportsmen-title">
      <h1 id="sportsmen-title" className={styles.title}>
        Спортсмены
      </h1>
      <SportsmenFilters filters={filters} onChange={change} onReset={reset} />
      <RegistryList
        answer={query.currentData}
        fetching={query.isFetching}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        page={filters.page}
        pageSize={SPORTSMEN_PAGE_SIZE}
        pageLink={pageLink}
        listTop={listTop}
        pagerLabel="Страницы списка спортсменов"
        heading="Список спортсменов"
        loadingText="Загрузка спортсменов…"
        found={found}
        errorTitle="Не удалось загрузить спортсменов"
        emptyTitle="Спортсмены не найдены"
        emptyText={
          filtered
            ? 'Попробуйте изменить условия поиска или сбросить фильтры.'
            : 'В реестре федерации пока нет спортсменов.'
        }
        onReset={filtered ? reset : undefined}
        onFirstPage={() => show({ ...filters, page: 1 })}
        itemKey={(athlete) => athlete.__id}
        renderItem={(athlete) => <SportsmanCard athlete={athlete} />}
      />
    </section>
  );
}
