import { useState } from 'react';
import { requestStateNames, requestStates, type RequestState } from '@fed/contracts';
import { SearchBox, Section, Select, type SelectOption } from '@fed/ui-kit';
import { useCompetitionRequestsQuery } from '../api/applications-api';
import { CompetitionRequestCard } from './competition-request-card';
import { RequestList } from './request-list';
import styles from './request-list.module.css';

export interface CompetitionRequestsProps {
  competitionId: string;
  /** Requests per page. */
  pageSize?: number;
  /** Level of this block's heading where it is placed; each request's heading is one below. */
  headingLevel?: 2 | 3 | 4;
}

const stateOptions: SelectOption[] = [
  { value: '', text: 'Все' },
  ...requestStates.map((state) => ({ value: state, text: requestStateNames[state] })),
];

/** Requests to one competition, for its organizer: filter by state, search by athlete, decide on each. */
export function CompetitionRequests({
  competitionId,
  pageSize = 10,
  headingLevel = 3,
}: CompetitionRequestsProps) {
  const [requestState, setRequestState] = useState<RequestState | ''>('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const requests = useCompetitionRequestsQuery({
    competitionId,
    requestState,
    query,
    from: page * pageSize,
    size: pageSize,
  });
  const filtered = requestState !== '' || query !== '';

  return (
    <Section title="Заявки участников" titleAs={`h${headingLevel}`}>
      <div className={styles.filters}>
        <Select
          label="Статус заявки"
          options={stateOptions}
          value={requestState}
          onChange={(event) => {
            setRequestState(event.target.value as RequestState | '');
            setPage(0);
          }}
        />
        <div className={styles.search}>
          <SearchBox
            label="Поиск по участникам"
            placeholder="Фамилия или имя спортсмена"
            onSearch={(text) => {
              setQuery(text.trim());
              setPage(0);
            }}
          />
        </div>
      </div>

      <RequestList
        query={requests}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        pagerLabel="Страницы заявок участников"
        emptyTitle={filtered ? 'Нет заявок по заданным условиям' : 'Заявок пока нет'}
        renderRequest={(request) => (
          <CompetitionRequestCard request={request} headingLevel={(headingLevel + 1) as 3 | 4 | 5} />
        )}
      />
    </Section>
  );
}
