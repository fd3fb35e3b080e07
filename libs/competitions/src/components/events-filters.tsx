import { suggestCities } from '@fed/api-client';
import { disciplineCodes, disciplines, type DisciplineCode } from '@fed/contracts';
import {
  Button,
  CityFilter,
  Cluster,
  FoldingFilters,
  listSearch,
  SearchBox,
  Select,
  Stack,
  type ListFiltersProps,
} from '@fed/ui-kit';
import { hasFilters, type EventFilters } from '../model/event-filters';
import { DateRangeFilter } from './date-range-filter';
import { PeriodSwitch } from './period-switch';
import styles from './events-filters.module.css';

export type EventsFiltersProps = ListFiltersProps<EventFilters>;

const disciplineOptions = disciplineCodes.map((code) => ({
  value: code,
  text: disciplines[code],
}));
const isDiscipline = (value: string): value is DisciplineCode => Object.hasOwn(disciplines, value);

/** Search, period, dates, city and discipline of the events list; on a phone the last three fold away. */
export function EventsFilters({ filters, onChange, onReset }: EventsFiltersProps) {
  const folded = [filters.dateFrom || filters.dateTo, filters.city, filters.discipline].filter(
    Boolean,
  ).length;

  const narrowing = (
    <Stack className={styles.grid}>
      <DateRangeFilter
        value={{ from: filters.dateFrom, to: filters.dateTo }}
        onChange={({ from, to }) => onChange({ dateFrom: from, dateTo: to })}
      />
      <CityFilter
        city={filters.city}
        loadSuggestions={suggestCities}
        onChange={(city) => onChange({ city })}
      />
      <Select
        label="Дисциплина"
        placeholder="Все дисциплины"
        options={disciplineOptions}
        value={filters.discipline ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ discipline: isDiscipline(value) ? value : null });
        }}
      />
    </Stack>
  );

  return (
    <Stack>
      <SearchBox
        label="Поиск мероприятий"
        placeholder="Название мероприятия"
        value={filters.search}
        onSearch={listSearch(filters.search, onChange)}
      />
      <Cluster justify="end" gap={4} rowGap={2}>
        <div className={styles.period}>
          <PeriodSwitch value={filters.when} onChange={(when) => onChange({ when })} />
        </div>
        {hasFilters(filters) && (
          <Button variant="ghost" size="sm" onClick={onReset}>
            Сбросить фильтры
          </Button>
        )}
      </Cluster>
      <FoldingFilters count={folded}>{narrowing}</FoldingFilters>
    </Stack>
  );
}
