import { eventPeriodNames, eventPeriods, type EventPeriod } from '../model/event-filters';
import styles from './period-switch.module.css';

export interface PeriodSwitchProps {
  value: EventPeriod;
  onChange: (period: EventPeriod) => void;
}

/** Upcoming / past / all as one segmented control: native radios, so arrow keys move between them. */
export function PeriodSwitch({ value, onChange }: PeriodSwitchProps) {
  return (
    <fieldset className={styles.switch}>
      <legend className="visually-hidden">Период</legend>
      {eventPeriods.map((period) => (
        <label key={period} className={styles.option}>
          <input
            type="radio"
            name="event-period"
            className={styles.input}
            value={period}
            checked={value === period}
            onChange={() => onChange(period)}
          />
          <span className={styles.text}>{eventPeriodNames[period]}</span>
        </label>
      ))}
    </fieldset>
  );
}
