import { AddressListResults, type AddressListResultsProps, type AddressListState } from '@fed/ui-kit';
import { registryItemKey, type DirectoryListTexts, type RegistryItem } from '../../model/registry-lists';
import { RegistryCardSkeleton } from './registry-card';
import cardStyles from './registry-card.module.css';

export interface RegistryListProps<S extends AddressListState, I extends RegistryItem> extends Pick<
  AddressListResultsProps<S, I>,
  'list' | 'query' | 'filtered' | 'pageSize' | 'renderItem'
> {
  texts: DirectoryListTexts;
}

/** A directory's list in each of its states, in the directory cards' grid. */
export function RegistryList<S extends AddressListState, I extends RegistryItem>({
  texts,
  ...props
}: RegistryListProps<S, I>) {
  return (
    <AddressListResults
      {...props}
      heading={texts.heading}
      pagerLabel={texts.pagerLabel}
      loadingText={texts.loading}
      found={texts.found}
      errorTitle={texts.errorTitle}
      emptyTitle={texts.emptyTitle}
      emptyText={texts.emptyText}
      skeleton={<RegistryCardSkeleton />}
      gridClassName={cardStyles.grid}
      itemKey={registryItemKey}
    />
  );
}
