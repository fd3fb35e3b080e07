import * as Popover from '@radix-ui/react-popover';
import { useId, useState } from 'react';
import { parseIsoDay } from '@fed/calendar';
import {
  Button,
  Calendar,
  type CalendarRange,
  controlClassName,
  Field,
  formatDay,
  formatDayRange,
  mediaUp,
  useMediaQuery,
} from '@fed/ui-kit';
import { parseIsoDate, toIsoDate } from '@fed/validation';
import styles from './date-range-filter.module.css';

/** Inclusive days `YYYY-MM-DD`; both null for any date. */
export interface DateRangeValue {
  from: string | null;
  to: string | null;
}

export interface DateRangeFilterProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  label?: string;
}

const ANY_DATE = 'Любые даты';

function describe({ from, to }: DateRangeValue): string {
  const start = from ? parseIsoDay(from) : null;
  const end = to ? parseIsoDay(to) : null;
  if (start && end) return formatDayRange(start, end);
  if (start) return `с ${formatDay(start)}`;
  if (end) return `по ${formatDay(end)}`;
  return ANY_DATE;
}

const toRange = ({ from, to }: DateRangeValue): CalendarRange => ({
  from: (from && parseIsoDate(from)) || undefined,
  to: (to && parseIsoDate(to)) || undefined,
});

/** A start picked alone means that one day. */
const toValue = ({ from, to }: CalendarRange): DateRangeValue =>
  from ? { from: toIsoDate(from), to: toIsoDate(to ?? from) } : { from: null, to: null };

/**
 * The date filter: the chosen range on a button that opens the kit's calendar in a popover. The range
 * applies as soon as its second day is picked; 'Готово' applies a single day, 'Сбросить' clears.
 */
export function DateRangeFilter({ value, onChange, label = 'Даты' }: DateRangeFilterProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<CalendarRange>({});
  const twoMonths = useMediaQuery(mediaUp('md'));
  const labelId = useId();
  const triggerId = useId();
  const chosen = value.from !== null || value.to !== null;

  const apply = (range: CalendarRange) => {
    onChange(toValue(range));
    setOpen(false);
  };

  return (
    <Field controlId={triggerId} labelId={labelId} label={label}>
      <div className={styles.row}>
        <Popover.Root
          open={open}
          onOpenChange={(next) => {
            if (next) setDraft(toRange(value));
            setOpen(next);
          }}
        >
          <Popover.Trigger
            id={triggerId}
            className={`${controlClassName} ${styles.trigger}`}
            aria-labelledby={`${labelId} ${triggerId}`}
          >
            <span className={styles.icon} aria-hidden="true" />
            <span className={styles.value} data-empty={!chosen || undefined}>
              {describe(value)}
            </span>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              className={styles.content}
              align="start"
              sideOffset={6}
              collisionPadding={8}
              aria-label="Выбор дат"
            >
              <Calendar
                mode="range"
                value={draft}
                numberOfMonths={twoMonths ? 2 : 1}
                onChange={(range) => {
                  setDraft(range);
                  if (range.from && range.to) apply(range);
                }}
              />
              <div className={styles.actions}>
                <Button variant="ghost" size="sm" onClick={() => apply({})}>
                  Сбросить
                </Button>
                <Button size="sm" disabled={!draft.from} onClick={() => apply(draft)}>
                  Готово
                </Button>
              </div>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        {chosen && (
          <button
            type="button"
            className={styles.clear}
            aria-label="Сбросить даты"
            onClick={() => onChange({ from: null, to: null })}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </Field>
  );
}
