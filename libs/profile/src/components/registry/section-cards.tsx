import { useState, type ReactNode } from 'react';
import { AsyncList, ButtonPager, Stack, type ListTexts } from '@fed/ui-kit';
import { registryItemKey, type RegistryItem } from '../../model/registry-lists';
import cardStyles from './registry-card.module.css';

/** Cards on one page of a profile's section. */
export const SECTION_PAGE_SIZE = 12;

/** The page a profile's section shows, kept in the section (not the address), and the way to another. */
export interface SectionPaging {
  page: number;
  onPageChange: (page: number) => void;
}

/** A section's paging, and the slice of the list to ask for. */
export function useSectionPage(): SectionPaging & { from: number; size: number } {
  const [page, setPage] = useState(1);
  return { page, onPageChange: setPage, from: (page - 1) * SECTION_PAGE_SIZE, size: SECTION_PAGE_SIZE };
}

/**
 * How a section's read of its list stands, as the kit's `AsyncList` shows it: read by the app's store
 * (`queryState`), or by an island's own read as a guest (`useGuestRead`).
 */
export interface SectionList<I> {
  /** The page's items; `undefined` until the first answer. */
  items: readonly I[] | undefined;
  fetching: boolean;
  failed: boolean;
  errorText?: string;
  onRetry: () => void;
}

export interface SectionCardsProps<I extends RegistryItem> {
  list: SectionList<I>;
  /** How many there are in all, for the pages. */
  total: number;
  paging: SectionPaging;
  texts: ListTexts;
  /** One card; it goes in the list's item. */
  renderItem: (item: I) => ReactNode;
}

/** Directory cards under a profile's section, paged in place. */
export function SectionCards<I extends RegistryItem>({
  list,
  total,
  paging,
  texts,
  renderItem,
}: SectionCardsProps<I>) {
  return (
    <Stack>
      <AsyncList
        {...list}
        texts={texts}
        listClassName={cardStyles.grid}
        itemKey={registryItemKey}
        renderItem={(item) => <li>{renderItem(item)}</li>}
      />
      <ButtonPager
        page={paging.page}
        pageCount={Math.ceil(total / SECTION_PAGE_SIZE)}
        label={texts.pagerLabel}
        disabled={list.fetching}
        onPageChange={paging.onPageChange}
      />
    </Stack>
  );
}
