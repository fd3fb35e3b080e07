import type { ReactNode } from 'react';
import { suggestCities } from '@fed/api-client';
import { sportsmenSorts, type SportsmenSort } from '@fed/contracts';
import {
  CityFilter,
  FoldingFilters,
  Select,
  Stack,
  type ListFiltersProps,
  type SelectOption,
} from '@fed/ui-kit';
import { GENDER_LABELS, GENDERS } from '@fed/validation';
import {
  countSportsmenFilters,
  hasSportsmenFilters,
  membershipChoices,
  membershipNames,
  sportsmenSortNames,
  type SportsmenFilters as Filters,
} from '../../model/registry-sportsmen';
import { RegistryFilters } from './registry-filters';
import styles from './registry-filters.module.css';

export interface SportsmenFiltersViewProps extends ListFiltersProps<Filters> {
  /** The age classes to choose from, in their order (`ageClassOptions`). */
  ageClasses: readonly SelectOption[];
  /** The age classes are still being read. */
  ageClassesLoading?: boolean;
  /** The club filter, its suggestions read by the app's store or by a guest's island. */
  club: ReactNode;
}

/** The age classes as the filter offers them: in the federation's order (`sortirovka`). */
export function ageClassOptions(
  ageClasses: readonly { __id: string; nazvanie: string; sortirovka: number }[] | undefined,
): SelectOption[] {
  return [...(ageClasses ?? [])]
    .sort((a, b) => a.sortirovka - b.sortirovka)
    .map((ageClass) => ({ value: ageClass.__id, text: ageClass.nazvanie }));
}

const sortOptions = sportsmenSorts.map((sort) => ({ value: sort, text: sportsmenSortNames[sort] }));

const oneOf = <V extends string>(values: readonly V[], value: string): V | null =>
  values.find((candidate) => candidate === value) ?? null;

interface ChoiceFilterProps<V extends string> {
  label: string;
  /** The empty choice: 'Любой'. */
  placeholder: string;
  choices: readonly V[];
  names: Record<V, string>;
  value: V | null;
  onChange: (value: V | null) => void;
}

/** A filter by one of a fixed set of choices, or by none. */
function ChoiceFilter<V extends string>({
  label,
  placeholder,
  choices,
  names,
  value,
  onChange,
}: ChoiceFilterProps<V>) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      options={choices.map((choice) => ({ value: choice, text: names[choice] }))}
      value={value ?? ''}
      onChange={(event) => onChange(oneOf(choices, event.target.value))}
    />
  );
}

/**
 * Search, order and the narrowing filters of the athletes' directory (club, city, gender, age class,
 * membership); on a phone the filters fold away under 'Фильтры' with how many are set. Props in, no router, no
 * store: the app's page (`SportsmenFilters`) and a guest's island (`SportsmenFiltersIsland`) render the same.
 */
export function SportsmenFiltersView({
  filters,
  onChange,
  onReset,
  ageClasses,
  ageClassesLoading = false,
  club,
}: SportsmenFiltersViewProps) {
  return (
    <RegistryFilters
      searchLabel="Поиск спортсменов"
      searchPlaceholder="Фамилия или имя"
      search={filters.search}
      onChange={onChange}
      aside={
        <Select
          label="Сортировка"
          options={sortOptions}
          value={filters.sort}
          onChange={(event) =>
            onChange({ sort: oneOf<SportsmenSort>(sportsmenSorts, event.target.value) ?? 'name_asc' })
          }
        />
      }
      filtered={hasSportsmenFilters(filters)}
      onReset={onReset}
    >
      <FoldingFilters count={countSportsmenFilters(filters)}>
        <Stack className={styles.grid}>
          {club}
          <CityFilter
            city={filters.city}
            loadSuggestions={suggestCities}
            onChange={(city) => onChange({ city })}
          />
          <ChoiceFilter
            label="Пол"
            placeholder="Любой"
            choices={GENDERS}
            names={GENDER_LABELS}
            value={filters.gender}
            onChange={(gender) => onChange({ gender })}
          />
          <Select
            label="Возрастной класс"
            placeholder="Любой"
            options={ageClasses}
            loading={ageClassesLoading}
            value={filters.ageClass ?? ''}
            onChange={(event) => onChange({ ageClass: event.target.value || null })}
          />
          <ChoiceFilter
            label="Членство в федерации"
            placeholder="Любое"
            choices={membershipChoices}
            names={membershipNames}
            value={filters.membership}
            onChange={(membership) => onChange({ membership })}
          />
        </Stack>
      </FoldingFilters>
    </RegistryFilters>
  );
}
