import { Link } from 'react-router-dom';
import { competitionPagePath } from '@fed/contracts';
import type { EventDetails } from '@fed/contracts';
import { formatDateRange } from '@fed/ui-kit';
import actions from './actions.module.css';
import styles from './application-header.module.css';

export interface ApplicationHeaderProps {
  title: string;
  event: Pick<EventDetails, '__id' | '__name' | 'date_start' | 'date_end' | 'gorod'>;
  /** Whose application it is: a login may hold several athletes. */
  athleteName?: string | null;
}

/** The top of the apply and edit pages: which event, when and where, and for whom. */
export function ApplicationHeader({ title, event, athleteName }: ApplicationHeaderProps) {
  const eventPath = competitionPagePath(event.__id);
  return (
    <header className={styles.header}>
      <Link to={eventPath} className={actions.back}>
        <span aria-hidden="true">←</span> К мероприятию
      </Link>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.event}>
        <Link to={eventPath} className={styles.eventName}>
          {event.__name}
        </Link>
        <span className={styles.meta}>
          {formatDateRange(event.date_start, event.date_end)} · {event.gorod}
        </span>
        {athleteName && (
          <span className={styles.meta}>
            Спортсмен: <strong>{athleteName}</strong>
          </span>
        )}
      </div>
    </header>
  );
}
