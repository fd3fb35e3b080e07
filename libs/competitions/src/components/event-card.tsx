import { useId } from 'react';
import { Link } from 'react-router-dom';
import { requestStateNames, type EventSummary, type RequestView } from '@fed/contracts';
import { calendarDayOf, formatDateRange, isoDay } from '@fed/ui-kit';
import { formatStartingFee } from '../lib/money';
import { placesLeft, registrationLine, registrationStatus } from '../model/event-status';
import { disciplineName } from '../model/programs';
import styles from './event-card.module.css';

export interface EventCardProps {
  event: EventSummary;
  now?: Date;
  /** The card title's heading level: h2 in the list, h3 under a section heading. */
  titleAs?: 'h2' | 'h3';
  /** The signed-in athlete's live request to this event, if any. */
  request?: RequestView | null;
}

/** One event of the list: the whole card opens the event page, its name being the link. */
export function EventCard({ event, now, titleAs: Title = 'h2', request }: EventCardProps) {
  const titleId = useId();
  const status = registrationStatus(event, now);
  const places = placesLeft(event);
  const level = event.level[0]?.name;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.top}>
        <p className={styles.dates}>
          <time dateTime={isoDay(calendarDayOf(event.date_start))}>
            {formatDateRange(event.date_start, event.date_end)}
          </time>
        </p>
        {request && (
          <p
            className={styles.applied}
            title={`Статус: ${requestStateNames[request.requestState].toLowerCase()}`}
          >
            Заявка подана
          </p>
        )}
      </div>
      <Title id={titleId} className={styles.title}>
        <Link to={`/competitions/${encodeURIComponent(event.__id)}`} className={styles.link}>
          {event.__name}
        </Link>
      </Title>
      <ul className={styles.tags} aria-label="Дисциплины и уровень">
        {event.discipline.map((discipline) => (
          <li key={discipline.code} className={styles.tag}>
            {disciplineName(discipline)}
          </li>
        ))}
        {level && (
          <li className={styles.tag} data-kind="level">
            {level}
          </li>
        )}
      </ul>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Город</dt>
          <dd>{event.gorod}</dd>
        </div>
        {event.organizerName && (
          <div className={styles.fact}>
            <dt>Организатор</dt>
            <dd>{event.organizerName}</dd>
          </div>
        )}
      </dl>
      <div className={styles.footer}>
        <span className={styles.fee}>{formatStartingFee(event.fee)}</span>
        {places !== null && status.open && <span className={styles.places}>Осталось мест: {places}</span>}
        <span className={styles.registration} data-open={status.open || undefined}>
          {registrationLine(status)}
        </span>
      </div>
    </article>
  );
}

/** A grey card in the shape of an event card, while the page loads. */
export function EventCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <span className={styles.skeletonLine} data-size="short" />
      <span className={styles.skeletonLine} data-size="title" />
      <span className={styles.skeletonLine} data-size="half" />
      <span className={styles.skeletonLine} />
      <span className={styles.skeletonLine} data-size="half" />
    </div>
  );
}
