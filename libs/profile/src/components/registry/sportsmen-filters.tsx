import { suggestCities } from '@fed/api-client';
import { sportsmenSorts, type SportsmenSort } from '@fed/contracts';
import {
  Button,
  CityFilter,
  Cluster,
  ExpandablePanel,
  mediaUp,
  SearchBox,
  Select,
  Stack,
  useMediaQuery,
  type ShowOptions,
} from '@fed/ui-kit';
import { GENDER_LABELS, GENDERS } from '@fed/validation';
import { useRegistryAgeClassesQuery } from '../../api/registry-api';
import {
  countSportsmenFilters,
  hasSportsmenFilters,
  membershipChoices,
  membershipNames,
  sportsmenSortNames,
  type SportsmenFilters as Filters,
} from '../../model/registry-sportsmen';
import { ClubFilter } from './club-filter';
import styles from './registry-filters.module.css';

export type SportsmenFilterChange = Partial<Omit<Filters, 'page'>>;

export interface SportsmenFiltersProps {
  filters: Filters;
  onChange: (change: SportsmenFilterChange, options?: ShowOptions) => void;
  onReset: () => void;
}

const sortOptions = sportsmenSorts.map((sort) => ({ value: sort, text: sportsmenSortNames[sort] }));
const genderOptions = GENDERS.map((gender) => ({ value: gender, text: GENDER_LABELS[gender] }));
const membershipOptions = membershipChoices.map((choice) => ({
  value: choice,
  text: membershipNames[choice],
}));

const oneOf = <V extends string>(values: readonly V[], value: string): V | null =>
  values.find((candidate) => candidate === value) ?? null;

/**
 * Search, order and the narrowing filters of the athletes' directory (club, city, gender, age class,
 * membership); on a phone the filters fold away under 'Фильтры' with how many are set.
 */
export function SportsmenFilters({ filters, onChange, onReset }: SportsmenFiltersProps) {
  const wide = useMediaQuery(mediaUp('md'));
  const ageClasses = useRegistryAgeClassesQuery();
  const ageClassOptions = [...(ageClasses.data ?? [])]
    .sort((a, b) => a.sortirovka - b.sortirovka)
    .map((ageClass) => ({ value: ageClass.__id, text: ageClass.nazvanie }));
  const narrowing = countSportsmenFilters(filters);

  const filterFields = (
    <Stack className={styles.grid}>
      <ClubFilter club={filters.club} onChange={(club) => onChange({ club })} />
      <CityFilter
        city={filters.city}
        loadSuggestions={suggestCities}
        onChange={(city) => onChange({ city })}
      />
      <Select
        label="Пол"
        placeholder="Любой"
        options={genderOptions}
        value={filters.gender ?? ''}
        onChange={(event) => onChange({ gender: oneOf(GENDERS, event.target.value) })}
      />
      <Select
        label="Возрастной класс"
        placeholder="Любой"
        options={ageClassOptions}
        loading={ageClasses.isLoading}
        value={filters.ageClass ?? ''}
        onChange={(event) => onChange({ ageClass: event.target.value || null })}
      />
      <Select
        label="Членство в федерации"
        placeholder="Любое"
        options={membershipOptions}
        value={filters.membership ?? ''}
        onChange={(event) => onChange({ membership: oneOf(membershipChoices, event.target.value) })}
      />
    </Stack>
  );

  return (
    <Stack>
      <div className={styles.searchRow}>
        <SearchBox
          label="Поиск спортсменов"
          placeholder="Фамилия или имя"
          value={filters.search}
          onSearch={(query) => {
            const search = query.trim();
            if (search !== filters.search) onChange({ search }, { replace: true });
          }}
        />
        <Select
          label="Сортировка"
          options={sortOptions}
          value={filters.sort}
          onChange={(event) =>
            onChange({ sort: oneOf<SportsmenSort>(sportsmenSorts, event.target.value) ?? 'name_asc' })
          }
        />
      </div>
      {wide ? (
        filterFields
      ) : (
        <ExpandablePanel persistent title={narrowing > 0 ? `Фильтры (${narrowing})` : 'Фильтры'}>
          {filterFields}
        </ExpandablePanel>
      )}
      {hasSportsmenFilters(filters) && (
        <Cluster justify="end">
          <Button variant="ghost" size="sm" onClick={onReset}>
            Сбросить фильтры
          </Button>
        </Cluster>
      )}
    </Stack>
  );
}
