import { requestStateNames, requestStates, type RequestState } from '@fed/contracts';
import { SearchBox, Section, Select, type SelectOption } from '@fed/ui-kit';
import { useCompetitionRequestsQuery } from '../api/applications-api';
import { ApplicationsExport } from './applications-export';
import { CompetitionRequestCard } from './competition-request-card';
import { RequestList } from './request-list';
import styles from './request-list.module.css';
import { useRequestFilters } from './use-request-filters';

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

/**
 * Requests to one competition, for its organizer: filter by state, search by athlete, decide on each, download
 * them all as a spreadsheet.
 */
export function CompetitionRequests({
  competitionId,
  pageSize = 10,
  headingLevel = 3,
}: CompetitionRequestsProps) {
  const { filters, filter, range, list } = useRequestFilters(
    { requestState: '' as RequestState | '', query: '' },
    pageSize,
  );
  const requests = useCompetitionRequestsQuery({ competitionId, ...filters, ...range });

  return (
    <Section
      title="Заявки участников"
      titleAs={`h${headingLevel}`}
      actions={<ApplicationsExport competitionId={competitionId} />}
    >
      <div className={styles.filters}>
        <Select
          label="Статус заявки"
          options={stateOptions}
          value={filters.requestState}
          onChange={(event) => filter({ requestState: event.target.value as RequestState | '' })}
        />
        <div className={styles.search}>
          <SearchBox
            label="Поиск по участникам"
            placeholder="Фамилия или имя спортсмена"
            onSearch={(text) => filter({ query: text.trim() })}
          />
        </div>
      </div>

      <RequestList
        query={requests}
        {...list}
        pagerLabel="Страницы заявок участников"
        emptyTitle="Заявок пока нет"
        renderRequest={(request) => (
          <CompetitionRequestCard request={request} headingLevel={(headingLevel + 1) as 3 | 4 | 5} />
        )}
      />
    </Section>
  );
}
