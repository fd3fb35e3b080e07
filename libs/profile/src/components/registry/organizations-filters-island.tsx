import { useIslandAddressList } from '@fed/ui-kit';
import {
  organizationsAddress,
  type OrganizationsFilters as Filters,
} from '../../model/registry-organizations';
import { OrganizationsFilters } from './organizations-filters';

export interface OrganizationsFiltersIslandProps {
  /** The filters of the address the server rendered. */
  filters: Filters;
}

/**
 * The organizations' filters as an island of a guest's server-rendered `/organizations`: the app's filters, their
 * changes shown by the server's rendering of the new address (`useIslandAddressList`).
 */
export function OrganizationsFiltersIsland({ filters }: OrganizationsFiltersIslandProps) {
  const list = useIslandAddressList(organizationsAddress, filters);
  return <OrganizationsFilters filters={list.state} onChange={list.change} onReset={list.reset} />;
}
