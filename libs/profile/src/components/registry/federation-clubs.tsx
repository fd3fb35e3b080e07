import { useState } from 'react';
import { queryState } from '@fed/api-client';
import { AsyncList, ButtonLink, Pager, Section, Stack } from '@fed/ui-kit';
import { useRegistryOrganizationsQuery } from '../../api/registry-api';
import { OrganizationCard } from './organization-card';
import cardStyles from './registry-card.module.css';

const PAGE_SIZE = 12;

export interface FederationClubsProps {
  /** The federation, left out of its own list. */
  federationId: string;
}

/**
 * The federation's organizations (its clubs, the federation itself left out) by name, paged in place, with the
 * way to the directory to search them.
 */
export function FederationClubs({ federationId }: FederationClubsProps) {
  const [page, setPage] = useState(1);
  const query = useRegistryOrganizationsQuery({
    excludeId: federationId,
    from: (page - 1) * PAGE_SIZE,
    size: PAGE_SIZE,
  });
  const total = query.data?.total ?? 0;
  return (
    <Section
      title={query.data ? `Организации федерации (${total})` : 'Организации федерации'}
      actions={
        <ButtonLink to="/organizations" variant="secondary" size="sm">
          Все организации
        </ButtonLink>
      }
    >
      <Stack>
        <AsyncList
          items={query.data?.result}
          {...queryState(query)}
          loadingLabel="Загрузка организаций…"
          errorTitle="Не удалось загрузить организации"
          emptyTitle="Организаций пока нет."
          listClassName={cardStyles.grid}
          itemKey={(organization) => organization.__id}
          renderItem={(organization) => (
            <li>
              <OrganizationCard organization={organization} titleAs="h3" />
            </li>
          )}
        />
        <Pager
          page={page}
          pageCount={Math.ceil(total / PAGE_SIZE)}
          label="Страницы списка организаций"
          disabled={query.isFetching}
          onPageChange={setPage}
        />
      </Stack>
    </Section>
  );
}
