import { AddressListResults, type AddressListResultsProps, type AddressListState } from '@fed/ui-kit';
import { RegistryCardSkeleton } from './registry-card';
import cardStyles from './registry-card.module.css';

export type RegistryListProps<S extends AddressListState, I> = Omit<
  AddressListResultsProps<S, I>,
  'skeleton' | 'gridClassName'
>;

/** A directory's list in each of its states, in the directory cards' grid. */
export function RegistryList<S extends AddressListState, I>(props: RegistryListProps<S, I>) {
  return (
    <AddressListResults {...props} skeleton={<RegistryCardSkeleton />} gridClassName={cardStyles.grid} />
  );
}
