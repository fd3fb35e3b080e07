import { useId, useRef, useState, type ComponentType } from 'react';
import { parseIsoDay } from '@fed/calendar';
import { controlClassName, Field, formatDay, formatDayRange } from '@fed/ui-kit';
import type { DateRangePickerProps } from './date-range-picker';
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

let picker: Promise<ComponentType<DateRangePickerProps>> | null = null;
/** The calendar's chunk, asked for once: when the button is first pointed at, focused or pressed. */
const loadPicker = () => (picker ??= import('./date-range-picker').then((m) => m.DateRangePicker));

/**
 * The date filter: the chosen range on a button that opens the kit's calendar in a popover
 * (`DateRangePicker`, loaded when first reached for: a list's page does not carry the calendar until then).
 */
export function DateRangeFilter({ value, onChange, label = 'Даты' }: DateRangeFilterProps) {
  const [open, setOpen] = useState(false);
  const [Picker, setPicker] = useState<ComponentType<DateRangePickerProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const triggerId = useId();
  const contentId = useId();
  const chosen = value.from !== null || value.to !== null;
  const prepare = () => {
    if (!Picker) void loadPicker().then((component) => setPicker(() => component));
  };

  return (
    <Field controlId={triggerId} labelId={labelId} label={label}>
      <div className={styles.row}>
        <button
          ref={button}
          type="button"
          id={triggerId}
          className={`${controlClassName} ${styles.trigger}`}
          aria-labelledby={`${labelId} ${triggerId}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open && Picker ? contentId : undefined}
          data-state={open ? 'open' : 'closed'}
          onPointerEnter={prepare}
          onFocus={prepare}
          onClick={() => {
            prepare();
            setOpen(!open);
          }}
        >
          <span className={styles.icon} aria-hidden="true" />
          <span className={styles.value} data-empty={!chosen || undefined}>
            {describe(value)}
          </span>
        </button>
        {Picker && (
          <Picker
            anchor={button}
            contentId={contentId}
            open={open}
            onOpenChange={setOpen}
            value={value}
            onApply={(range) => {
              onChange(range);
              setOpen(false);
            }}
          />
        )}
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
