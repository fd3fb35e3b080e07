import { AddressListResults, type AddressListResultsProps, type AddressListState } from '@fed/ui-kit';
import { registryItemKey, type RegistryItem } from '../../model/registry-lists';
import { RegistryCardSkeleton } from './registry-card';
import cardStyles from './registry-card.module.css';

export type RegistryListProps<S extends AddressListState, I extends RegistryItem> = Pick<
  AddressListResultsProps<S, I>,
  'list' | 'query' | 'filtered' | 'pageSize' | 'texts' | 'renderItem'
>;

/** A directory's list in each of its states, in the directory cards' grid. */
export function RegistryList<S extends AddressListState, I extends RegistryItem>(
  props: RegistryListProps<S, I>,
) {
  return (
    <AddressListResults
      {...props}
      skeleton={<RegistryCardSkeleton />}
      gridClassName={cardStyles.grid}
      itemKey={registryItemKey}
    />
  );
}
