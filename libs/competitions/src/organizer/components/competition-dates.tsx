import type { UseFormReturn } from 'react-hook-form';
import { Calendar, DateInput, FormField, formLayoutStyles, useToday, type CalendarRange } from '@fed/ui-kit';
import { formatRuDate, parseRuDate } from '@fed/validation';
import type { CompetitionDraft, CompetitionFormValues } from '../model/competition-form';
import styles from './competition-form.module.css';

type DateField = 'dateStart' | 'dateEnd' | 'registrationDeadline';

export interface CompetitionDatesProps {
  form: UseFormReturn<CompetitionFormValues, unknown, CompetitionDraft>;
}

const labels: Record<DateField, string> = {
  dateStart: 'Дата начала',
  dateEnd: 'Дата окончания',
  registrationDeadline: 'Приём заявок до',
};
const hints: Partial<Record<DateField, string>> = {
  registrationDeadline: 'ДД.ММ.ГГГГ, не позже начала',
};

/**
 * The event's dates typed as DD.MM.YYYY or picked on the calendar (start and end as a range, by the
 * spec's range rule); the registration deadline is typed. Each field shows its own rule's message.
 */
export function CompetitionDates({ form }: CompetitionDatesProps) {
  const [start, end] = form.watch(['dateStart', 'dateEnd']);
  // Past days are Moscow's, as the form's rule has them; the calendar's days are local-midnight dates.
  const today = useToday();
  const firstDay = new Date(today.year, today.month - 1, today.day);
  const range: CalendarRange = {
    from: parseRuDate(start) ?? undefined,
    to: parseRuDate(end) ?? undefined,
  };

  // The end and the deadline are judged against the start: when a start is typed to its end, picked or left,
  // what was already entered is judged again (untouched empty fields stay quiet).
  const recheckAgainstStart = () => {
    const entered = (['dateEnd', 'registrationDeadline'] as const).filter(
      (name) => form.getValues(name) !== '' || form.getFieldState(name).isTouched,
    );
    if (entered.length > 0) void form.trigger(entered);
  };

  const pick = ({ from, to }: CalendarRange) => {
    const options = { shouldValidate: true, shouldDirty: true, shouldTouch: true };
    form.setValue('dateStart', from ? formatRuDate(from) : '', options);
    form.setValue('dateEnd', to ? formatRuDate(to) : '', options);
    recheckAgainstStart();
  };

  const dateField = (name: DateField) => (
    <FormField control={form.control} name={name}>
      {(field) => (
        <DateInput
          label={labels[name]}
          {...field}
          onChange={(value, change) => {
            field.onChange(value, change);
            if (name === 'dateStart' && change.committed) recheckAgainstStart();
          }}
          onBlur={() => {
            field.onBlur();
            if (name === 'dateStart') recheckAgainstStart();
          }}
          hint={hints[name]}
          required
        />
      )}
    </FormField>
  );

  return (
    <div className={styles.dates}>
      <div className={`${formLayoutStyles.fields} ${styles.dateFields}`}>
        {dateField('dateStart')}
        {dateField('dateEnd')}
        {dateField('registrationDeadline')}
      </div>
      <div className={styles.calendar}>
        <p className={formLayoutStyles.note}>Дни проведения можно выбрать на календаре</p>
        <Calendar mode="range" value={range} onChange={pick} disabled={{ before: firstDay }} />
      </div>
    </div>
  );
}
