import { Link } from 'react-router-dom';
import type { PagePrefetch } from '@fed/api-client';
import { Section, Stack } from '@fed/ui-kit';
import { eventsApi, useEventsQuery } from '../api/events-api';
import { EventCard, EventCardSkeleton } from './event-card';
import styles from './upcoming-events.module.css';

export interface UpcomingEventsProps {
  /** How many of the nearest events to show. */
  count?: number;
}

const UPCOMING_COUNT = 6;
const upcoming = (count: number) => ({ when: 'upcoming', sort: 'date_asc', size: count }) as const;

/** The nearest events as the section reads them by default. */
export const prefetchUpcoming: PagePrefetch = async (_page, dispatch) => {
  await dispatch(eventsApi.endpoints.events.initiate(upcoming(UPCOMING_COUNT)));
};

/** The nearest upcoming events, for the home page; the whole calendar is one link away. */
export function UpcomingEvents({ count = UPCOMING_COUNT }: UpcomingEventsProps) {
  const { data, isLoading, isError } = useEventsQuery(upcoming(count));
  const events = data?.result ?? [];
  // The home page stays useful without the platform: no error block, only the link to the calendar.
  if (isError || (!isLoading && events.length === 0)) {
    return (
      <p className={styles.more}>
        <Link to="/competitions">Календарь мероприятий</Link>
      </p>
    );
  }
  return (
    <Section
      title="Ближайшие мероприятия"
      titleId="upcoming-events-title"
      actions={
        <Link to="/competitions" className={styles.all}>
          Все мероприятия
        </Link>
      }
    >
      <Stack as="ul" className={styles.grid} aria-busy={isLoading || undefined}>
        {isLoading
          ? Array.from({ length: count }, (_, index) => (
              <li key={index}>
                <EventCardSkeleton />
              </li>
            ))
          : events.map((event) => (
              <li key={event.__id}>
                <EventCard event={event} titleAs="h3" />
              </li>
            ))}
      </Stack>
    </Section>
  );
}
