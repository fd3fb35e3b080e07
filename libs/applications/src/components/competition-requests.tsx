import { useId, useState } from 'react';
import { requestStateNames, requestStates, type RequestState } from '@fed/contracts';
import { LoadingWrapper, SearchBox, Select, type SelectOption } from '@fed/ui-kit';
import { useCompetitionRequestsQuery } from '../api/applications-api';
import { CompetitionRequestCard } from './competition-request-card';
import { Pager, RequestListEmpty, RequestListError, RequestListSkeleton } from './request-list-parts';
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
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const [requestState, setRequestState] = useState<RequestState | ''>('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const { currentData, data, isFetching, isError, error, refetch } = useCompetitionRequestsQuery({
    competitionId,
    requestState,
    query,
    from: page * pageSize,
    size: pageSize,
  });
  // From the last answer, even one for other pages: the pager stays put while the next page loads.
  const pageCount = data ? Math.ceil(data.total / pageSize) : 0;
  const filtered = requestState !== '' || query !== '';

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.title}>
        Заявки участников
      </Heading>
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

      {isError && !isFetching ? (
        <RequestListError error={error} onRetry={() => void refetch()} />
      ) : !currentData ? (
        <RequestListSkeleton />
      ) : currentData.result.length === 0 ? (
        <RequestListEmpty title={filtered ? 'Нет заявок по заданным условиям' : 'Заявок пока нет'} />
      ) : (
        <LoadingWrapper loading={isFetching}>
          <ul className={styles.list}>
            {currentData.result.map((request) => (
              <li key={request.__id}>
                <CompetitionRequestCard request={request} headingLevel={(headingLevel + 1) as 3 | 4 | 5} />
              </li>
            ))}
          </ul>
        </LoadingWrapper>
      )}
      <Pager page={page} pageCount={pageCount} onPageChange={setPage} label="Страницы заявок участников" />
    </section>
  );
}
