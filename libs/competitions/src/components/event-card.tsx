import { useId } from 'react';
import { Link } from 'react-router-dom';
import { calendarDayOf, isoDay } from '@fed/calendar';
import { requestStateNames, type EventSummary, type RequestView, competitionPagePath } from '@fed/contracts';
import {
  Badge,
  Card,
  cardLinkStyles,
  Cluster,
  Fact,
  FactList,
  formatDateRange,
  SkeletonLine,
  useClock,
} from '@fed/ui-kit';
import { formatStartingFee } from '../lib/money';
import { placesLeft, registrationLine, registrationStatus } from '../model/event-status';
import { EventTags } from './event-tags';
import { OrganizerName } from './organizer-name';
import styles from './event-card.module.css';

export interface EventCardProps {
  event: EventSummary;
  /** The card title's heading level: h2 in the list, h3 under a section heading. */
  titleAs?: 'h2' | 'h3';
  /** The signed-in athlete's live request to this event, if any. */
  request?: RequestView | null;
}

/** One event of the list: the whole card opens the event page, its name being the link. */
export function EventCard({ event, titleAs: Title = 'h2', request }: EventCardProps) {
  const titleId = useId();
  const status = registrationStatus(event, useClock());
  const places = placesLeft(event);
  return (
    <Card as="article" elevated className={`${cardLinkStyles.card} ${styles.card}`} aria-labelledby={titleId}>
      <Cluster justify="between" gap={2} rowGap={1}>
        <p className={styles.dates}>
          <time dateTime={isoDay(calendarDayOf(event.date_start))}>
            {formatDateRange(event.date_start, event.date_end)}
          </time>
        </p>
        {event.cancelled && (
          <Badge as="p" tone="danger">
            Отменено
          </Badge>
        )}
        {request && (
          <Badge
            as="p"
            tone="success"
            title={`Статус: ${requestStateNames[request.requestState].toLowerCase()}`}
          >
            Заявка подана
          </Badge>
        )}
      </Cluster>
      <Title id={titleId} className={styles.title}>
        <Link to={competitionPagePath(event.__id)} className={cardLinkStyles.link}>
          {event.__name}
        </Link>
      </Title>
      <EventTags event={event} />
      <FactList layout="inline">
        <Fact term="Город">{event.gorod}</Fact>
        {event.organizerName && (
          <Fact term="Организатор">
            <OrganizerName event={event} className={cardLinkStyles.inner} />
          </Fact>
        )}
      </FactList>
      <div className={styles.footer}>
        <span className={styles.fee}>{formatStartingFee(event.fee)}</span>
        {places !== null && status.open && <span className={styles.places}>Осталось мест: {places}</span>}
        <span className={styles.registration} data-open={status.open || undefined}>
          {registrationLine(status)}
        </span>
      </div>
    </Card>
  );
}

/** A grey card in the shape of an event card, while the page loads. */
export function EventCardSkeleton() {
  return (
    <Card elevated className={`${cardLinkStyles.card} ${styles.card}`} aria-hidden="true">
      <SkeletonLine size="short" />
      <SkeletonLine size="title" />
      <SkeletonLine size="half" />
      <SkeletonLine />
      <SkeletonLine size="half" />
    </Card>
  );
}
