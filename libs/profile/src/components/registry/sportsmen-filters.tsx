import type { ListFiltersProps } from '@fed/ui-kit';
import { useRegistryAgeClassesQuery } from '../../api/registry-api';
import type { SportsmenFilters as Filters } from '../../model/registry-sportsmen';
import { ClubFilter } from './club-filter';
import { ageClassOptions, SportsmenFiltersView } from './sportsmen-filters-view';

export type SportsmenFiltersProps = ListFiltersProps<Filters>;

/** The athletes' directory's filters in the app: the age classes and the club's suggestions read by the store. */
export function SportsmenFilters({ filters, onChange, onReset }: SportsmenFiltersProps) {
  const ageClasses = useRegistryAgeClassesQuery();
  return (
    <SportsmenFiltersView
      filters={filters}
      onChange={onChange}
      onReset={onReset}
      ageClasses={ageClassOptions(ageClasses.data)}
      ageClassesLoading={ageClasses.isLoading}
      club={<ClubFilter club={filters.club} onChange={(club) => onChange({ club })} />}
    />
  );
}
