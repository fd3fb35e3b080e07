import { suggestCities } from '@fed/api-client';
import { CityFilter, type ListFiltersProps } from '@fed/ui-kit';
import {
  hasOrganizationsFilters,
  type OrganizationsFilters as Filters,
} from '../../model/registry-organizations';
import { RegistryFilters } from './registry-filters';

export type OrganizationsFiltersProps = ListFiltersProps<Filters>;

/**
 * The organizations' directory's search and city filter. Props in, no router, no store: the app's page and a
 * guest's island (`OrganizationsFiltersIsland`) render the same.
 */
export function OrganizationsFilters({ filters, onChange, onReset }: OrganizationsFiltersProps) {
  return (
    <RegistryFilters
      searchLabel="Поиск организаций"
      searchPlaceholder="Название организации"
      search={filters.search}
      onChange={onChange}
      aside={
        <CityFilter
          city={filters.city}
          loadSuggestions={suggestCities}
          onChange={(city) => onChange({ city })}
        />
      }
      filtered={hasOrganizationsFilters(filters)}
      onReset={onReset}
    />
  );
}
