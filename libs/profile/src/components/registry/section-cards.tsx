import { useState, type ReactNode } from 'react';
import { queryState, type QueryStanding } from '@fed/api-client';
import { AsyncList, Pager, Stack } from '@fed/ui-kit';
import cardStyles from './registry-card.module.css';

/** Cards on one page of a profile's section. */
const SECTION_PAGE_SIZE = 12;

/** The page a profile's section shows, kept in the section (not the address), and the slice to ask for. */
export function useSectionPage() {
  const [page, setPage] = useState(1);
  return { page, setPage, from: (page - 1) * SECTION_PAGE_SIZE, size: SECTION_PAGE_SIZE };
}

export interface SectionCardsProps<I> {
  query: QueryStanding & { data?: { result: readonly I[] } };
  /** How many there are in all, for the pages. */
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  loadingLabel: string;
  errorTitle: string;
  emptyTitle: string;
  /** Names the pages' navigation: 'Страницы списка организаций'. */
  pagerLabel: string;
  itemKey: (item: I) => string;
  /** One card; it goes in the list's item. */
  renderItem: (item: I) => ReactNode;
}

/** Directory cards under a profile's section, paged in place. */
export function SectionCards<I>(props: SectionCardsProps<I>) {
  const { query } = props;
  return (
    <Stack>
      <AsyncList
        items={query.data?.result}
        {...queryState(query)}
        loadingLabel={props.loadingLabel}
        errorTitle={props.errorTitle}
        emptyTitle={props.emptyTitle}
        listClassName={cardStyles.grid}
        itemKey={props.itemKey}
        renderItem={(item) => <li>{props.renderItem(item)}</li>}
      />
      <Pager
        page={props.page}
        pageCount={Math.ceil(props.total / SECTION_PAGE_SIZE)}
        label={props.pagerLabel}
        disabled={query.isFetching}
        onPageChange={props.onPageChange}
      />
    </Stack>
  );
}
