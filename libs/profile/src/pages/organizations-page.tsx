import { useMemo } from 'react';
import { suggestCities, type PagePrefetch } from '@fed/api-client';
import { Button, CityFilter, Cluster, SearchBox, Stack, useAddressList } from '@fed/ui-kit';
import { registryApi, useRegistryOrganizationsQuery } from '../api/registry-api';
import { OrganizationCard } from '../components/registry/organization-card';
import { RegistryList } from '../components/registry/registry-list';
import {
  hasOrganizationsFilters,
  ORGANIZATIONS_PAGE_SIZE,
  organizationsAddress,
  organizationsQueryInput,
} from '../model/registry-organizations';
import { organizationsCount } from '../model/registry-people';
import filterStyles from '../components/registry/registry-filters.module.css';
import styles from './registry-page.module.css';

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
  const { state: filters, show, change, reset, pageLink, listTop } = useAddressList(organizationsAddress);
  const input = useMemo(() => organizationsQueryInput(filters), [filters]);
  const query = useRegistryOrganizationsQuery(input);
  const filtered = hasOrganizationsFilters(filters);

  return (
    <section className={styles.page} aria-labelledby="organizations-title">
      <h1 id="organizations-title" className={styles.title}>
        Организации
      </h1>
      <Stack>
        <div className={filterStyles.searchRow}>
          <SearchBox
            label="Поиск организаций"
            placeholder="Название организации"
            value={filters.search}
            onSearch={(text) => {
              const search = text.trim();
              if (search !== filters.search) change({ search }, { replace: true });
            }}
          />
          <CityFilter
            city={filters.city}
            loadSuggestions={suggestCities}
            onChange={(city) => change({ city })}
          />
        </div>
        {filtered && (
          <Cluster justify="end">
            <Button variant="ghost" size="sm" onClick={reset}>
              Сбросить фильтры
            </Button>
          </Cluster>
        )}
      </Stack>
      <RegistryList
        answer={query.currentData}
        fetching={query.isFetching}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        page={filters.page}
        pageSize={ORGANIZATIONS_PAGE_SIZE}
        pageLink={pageLink}
        listTop={listTop}
        pagerLabel="Страницы списка организаций"
        heading="Список организаций"
        loadingText="Загрузка организаций…"
        found={(total) => `Найдено: ${organizationsCount(total)}`}
        errorTitle="Не удалось загрузить организации"
        emptyTitle="Организации не найдены"
        emptyText={
          filtered
            ? 'Попробуйте изменить условия поиска или сбросить фильтры.'
            : 'В реестре федерации пока нет организаций.'
        }
        onReset={filtered ? reset : undefined}
        onFirstPage={() => show({ ...filters, page: 1 })}
        itemKey={(organization) => organization.__id}
        renderItem={(organization) => <OrganizationCard organization={organization} />}
      />
    </section>
  );
}
