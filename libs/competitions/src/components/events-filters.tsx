import { useMemo, useState } from 'react';
import { suggestCities } from '@fed/api-client';
import { disciplineCodes, disciplines, type DisciplineCode } from '@fed/contracts';
import {
  AddressInput,
  Button,
  Cluster,
  ExpandablePanel,
  mediaUp,
  SearchBox,
  Select,
  Stack,
  useMediaQuery,
  type AddressSuggestion,
} from '@fed/ui-kit';
import { addressPlaceName } from '@fed/validation';
import { hasFilters, type EventFilters } from '../model/event-filters';
import { DateRangeFilter } from './date-range-filter';
import { PeriodSwitch } from './period-switch';
import styles from './events-filters.module.css';

export type FilterChange = Partial<Omit<EventFilters, 'page'>>;

export interface EventsFiltersProps {
  filters: EventFilters;
  /** `replace` for changes that come keystroke by keystroke, so that Back skips them. */
  onChange: (change: FilterChange, options?: { replace?: boolean }) => void;
  onReset: () => void;
}

const disciplineOptions = disciplineCodes.map((code) => ({
  value: code,
  text: disciplines[code],
}));
const isDiscipline = (value: string): value is DisciplineCode => Object.hasOwn(disciplines, value);

/**
 * The search box keeps its own text while typing; it starts over from the address only when the address
 * changes by other means (reset, Back), which a new key does.
 */
function useSearchBoxKey(search: string) {
  const [box, setBox] = useState({ key: 0, seen: search, emitted: search });
  if (box.seen !== search) {
    setBox({ key: search === box.emitted ? box.key : box.key + 1, seen: search, emitted: search });
  }
  return { key: box.key, emitted: (query: string) => setBox((current) => ({ ...current, emitted: query })) };
}

function CityFilter({ city, onChange }: { city: string; onChange: (city: string) => void }) {
  // The input takes a chosen suggestion; the address holds only the name, so one is made from it, kept
  // stable across renders (a new object would read as a new choice).
  const value = useMemo<AddressSuggestion | null>(
    () => (city ? { value: city, data: { city } } : null),
    [city],
  );
  return (
    <AddressInput
      label="Город"
      placeholder="Любой город"
      listLabel="Подсказки городов"
      value={value}
      loadSuggestions={suggestCities}
      onChange={(suggestion) => {
        if (suggestion) {
          const name = addressPlaceName(suggestion);
          if (name && name !== city) onChange(name);
        } else if (city) {
          onChange('');
        }
      }}
    />
  );
}

/** Search, period, dates, city and discipline of the events list; on a phone the last three fold away. */
export function EventsFilters({ filters, onChange, onReset }: EventsFiltersProps) {
  const wide = useMediaQuery(mediaUp('md'));
  const searchBox = useSearchBoxKey(filters.search);
  const folded = [filters.dateFrom || filters.dateTo, filters.city, filters.discipline].filter(
    Boolean,
  ).length;

  const narrowing = (
    <Stack className={styles.grid}>
      <DateRangeFilter
        value={{ from: filters.dateFrom, to: filters.dateTo }}
        onChange={({ from, to }) => onChange({ dateFrom: from, dateTo: to })}
      />
      <CityFilter city={filters.city} onChange={(city) => onChange({ city })} />
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
        key={searchBox.key}
        label="Поиск мероприятий"
        placeholder="Название мероприятия"
        defaultValue={filters.search}
        onSearch={(query) => {
          const search = query.trim();
          searchBox.emitted(search);
          if (search !== filters.search) onChange({ search }, { replace: true });
        }}
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
      {wide ? (
        narrowing
      ) : (
        <ExpandablePanel persistent title={folded > 0 ? `Фильтры (${folded})` : 'Фильтры'}>
          {narrowing}
        </ExpandablePanel>
      )}
    </Stack>
  );
}
