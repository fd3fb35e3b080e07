import { format } from 'date-fns';
import { DayPicker, type Matcher } from 'react-day-picker';
import { ru } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useToday } from '../../lib/today';
import { nextRange, type CalendarRange } from './date-range';
import styles from './calendar.module.css';

interface CalendarBaseProps {
  /** Month shown first; the selection's (or today's, by the federation's calendar) month by default. */
  defaultMonth?: Date;
  /** Days that cannot be picked, in DayPicker's matcher form, e.g. `{ before: today }`. */
  disabled?: Matcher | Matcher[];
  numberOfMonths?: number;
  /** Month and year dropdowns in the caption, for far dates such as birth dates. */
  captionLayout?: 'label' | 'dropdown';
  startMonth?: Date;
  endMonth?: Date;
}

export interface CalendarSingleProps extends CalendarBaseProps {
  mode?: 'single';
  value: Date | undefined;
  /** A click always sets the clicked date (it never clears). */
  onChange: (date: Date) => void;
}

export interface CalendarRangeProps extends CalendarBaseProps {
  mode: 'range';
  value: CalendarRange;
  /** Gets the range after each click, per the rule in `nextRange`. */
  onChange: (range: CalendarRange) => void;
}

export type CalendarProps = CalendarSingleProps | CalendarRangeProps;

const day = (date: Date) => format(date, 'd MMMM yyyy', { locale: ru });

function rangeModifiers({ from, to }: CalendarRange) {
  if (!from) return {};
  if (!to) return { selected: from };
  return {
    selected: { from, to },
    range_start: from,
    range_end: to,
    range_middle: { after: from, before: to },
  };
}

function status(props: CalendarProps): string {
  if (props.mode === 'range') {
    const { from, to } = props.value;
    if (!from) return 'Выберите дату начала';
    if (!to) return `С ${day(from)} — выберите дату окончания`;
    return `С ${day(from)} по ${day(to)}`;
  }
  return props.value ? `Выбрано: ${day(props.value)}` : 'Выберите дату';
}

/**
 * Month calendar in Russian with Monday weeks. Selection is ours, not DayPicker's: DayPicker only
 * reports clicks and paints the modifiers we give it, so the range follows the spec's rule exactly.
 */
export function Calendar(props: CalendarProps) {
  const { defaultMonth, disabled, numberOfMonths, captionLayout, startMonth, endMonth } = props;
  const anchor = props.mode === 'range' ? props.value.from : props.value;
  // The picker's days are local-midnight dates; "today" is the federation's day by the portal's clock, not the
  // device's, so that the day marked today is the one the forms call today.
  const { year, month, day } = useToday();
  const today = new Date(year, month - 1, day);
  return (
    <DayPicker
      className={styles.calendar}
      locale={ru}
      weekStartsOn={1}
      today={today}
      defaultMonth={defaultMonth ?? anchor ?? today}
      disabled={disabled}
      numberOfMonths={numberOfMonths}
      captionLayout={captionLayout}
      startMonth={startMonth}
      endMonth={endMonth}
      // Beside a second month, outside days would show the same dates twice, range band and all.
      showOutsideDays={(numberOfMonths ?? 1) === 1}
      modifiers={props.mode === 'range' ? rangeModifiers(props.value) : { selected: props.value }}
      // DayPicker does not report clicks on disabled days.
      onDayClick={(date) => {
        if (props.mode === 'range') props.onChange(nextRange(props.value, date));
        else props.onChange(date);
      }}
      footer={status(props)}
    />
  );
}
