import type { ReactNode } from 'react';
import { Button, Cluster, listSearch, SearchBox, Stack, type ShowOptions } from '@fed/ui-kit';
import styles from './registry-filters.module.css';

export interface RegistryFiltersProps {
  /** 'Поиск спортсменов'. */
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onChange: (change: { search: string }, options: ShowOptions) => void;
  /** Beside the search box: the order, or the one filter. */
  aside: ReactNode;
  /** The filters under the search row. */
  children?: ReactNode;
  /** The directory differs from the plain one: «Сбросить фильтры» is offered. */
  filtered: boolean;
  onReset: () => void;
}

/** A directory's search row, the filters under it and, when any is set, the way back to the plain directory. */
export function RegistryFilters(props: RegistryFiltersProps) {
  return (
    <Stack>
      <div className={styles.searchRow}>
        <SearchBox
          label={props.searchLabel}
          placeholder={props.searchPlaceholder}
          value={props.search}
          onSearch={listSearch(props.search, props.onChange)}
        />
        {props.aside}
      </div>
      {props.children}
      {props.filtered && (
        <Cluster justify="end">
          <Button variant="ghost" size="sm" onClick={props.onReset}>
            Сбросить фильтры
          </Button>
        </Cluster>
      )}
    </Stack>
  );
}
