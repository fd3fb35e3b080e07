import { useState } from 'react';
import { queryState } from '@fed/api-client';
import { AsyncList, Pager, Section, Stack } from '@fed/ui-kit';
import { useRegistrySportsmenQuery } from '../../api/registry-api';
import { SportsmanCard } from './sportsman-card';
import cardStyles from './registry-card.module.css';
import styles from './public-profile.module.css';

const PAGE_SIZE = 12;

export interface ClubAthletesProps {
  organizationId: string;
  /** From the club's page; no list is asked for when it has none. */
  count: number;
}

/** A club's athletes by name, paged in place, each as the directory shows them. */
export function ClubAthletes({ organizationId, count }: ClubAthletesProps) {
  const [page, setPage] = useState(1);
  const query = useRegistrySportsmenQuery(
    { organizationId, sort: 'name_asc', from: (page - 1) * PAGE_SIZE, size: PAGE_SIZE },
    { skip: count === 0 },
  );
  const total = query.data?.total ?? count;
  return (
    <Section title={`Спортсмены клуба (${total})`}>
      {count === 0 ? (
        <p className={styles.muted}>В клубе пока нет спортсменов.</p>
      ) : (
        <Stack>
          <AsyncList
            items={query.data?.result}
            {...queryState(query)}
            loadingLabel="Загрузка спортсменов…"
            errorTitle="Не удалось загрузить спортсменов клуба"
            emptyTitle="В клубе пока нет спортсменов."
            listClassName={cardStyles.grid}
            itemKey={(athlete) => athlete.__id}
            renderItem={(athlete) => (
              <li>
                <SportsmanCard athlete={athlete} titleAs="h3" hideClub />
              </li>
            )}
          />
          <Pager
            page={page}
            pageCount={Math.ceil(total / PAGE_SIZE)}
            label="Страницы списка спортсменов клуба"
            disabled={query.isFetching}
            onPageChange={setPage}
          />
        </Stack>
      )}
    </Section>
  );
}
