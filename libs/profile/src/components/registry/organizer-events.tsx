import { useState } from 'react';
import { Link } from 'react-router-dom';
import { queryState } from '@fed/api-client';
import { calendarDayOf, isoDay } from '@fed/calendar';
import type { EventSummary } from '@fed/contracts';
import { AsyncList, Card, formatDateRange, Pager, Section, Stack } from '@fed/ui-kit';
import { useRegistryEventsQuery } from '../../api/registry-api';
import styles from './public-profile.module.css';

/** Events on one page of an organizer's list. */
export const ORGANIZER_EVENTS_PAGE_SIZE = 10;

type Period = 'upcoming' | 'past';

const periods: Record<Period, { title: string; empty: string; sort: 'date_asc' | 'date_desc' }> = {
  upcoming: { title: 'Предстоящие мероприятия', empty: 'Предстоящих мероприятий нет.', sort: 'date_asc' },
  past: { title: 'Прошедшие мероприятия', empty: 'Прошедших мероприятий нет.', sort: 'date_desc' },
};

/** One event of a list: its days, its name opening its page, its city. */
export function EventLine({
  event,
}: {
  event: Pick<EventSummary, '__id' | '__name' | 'date_start' | 'date_end' | 'gorod'>;
}) {
  return (
    <li className={styles.event}>
      <p className={styles.eventDate}>
        <time dateTime={isoDay(calendarDayOf(event.date_start))}>
          {formatDateRange(event.date_start, event.date_end)}
        </time>
      </p>
      <div className={styles.eventBody}>
        <p className={styles.eventName}>
          <Link to={`/competitions/${encodeURIComponent(event.__id)}`}>{event.__name}</Link>
        </p>
        {event.gorod && <p className={styles.eventMeta}>{event.gorod}</p>}
      </div>
    </li>
  );
}

function PeriodEvents({
  organizerId,
  period,
  count,
}: {
  organizerId: string;
  period: Period;
  count: number;
}) {
  const [page, setPage] = useState(1);
  const { title, empty, sort } = periods[period];
  const query = useRegistryEventsQuery(
    {
      organizerId,
      when: period,
      sort,
      from: (page - 1) * ORGANIZER_EVENTS_PAGE_SIZE,
      size: ORGANIZER_EVENTS_PAGE_SIZE,
    },
    { skip: count === 0 },
  );
  const total = query.data?.total ?? count;
  return (
    <Section title={count > 0 ? `${title} (${total})` : title}>
      {count === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <Stack>
          <Card>
            <AsyncList
              items={query.data?.result}
              {...queryState(query)}
              texts={{
                loading: 'Загрузка мероприятий…',
                errorTitle: 'Не удалось загрузить мероприятия',
                emptyTitle: empty,
              }}
              gap={0}
              listClassName={styles.events}
              itemKey={(event) => event.__id}
              renderItem={(event) => <EventLine event={event} />}
            />
          </Card>
          <Pager
            page={page}
            pageCount={Math.ceil(total / ORGANIZER_EVENTS_PAGE_SIZE)}
            label={`Страницы: ${title.toLowerCase()}`}
            disabled={query.isFetching}
            onPageChange={setPage}
          />
        </Stack>
      )}
    </Section>
  );
}

export interface OrganizerEventsProps {
  organizerId: string;
  upcomingCount: number;
  pastCount: number;
}

/** An organizer's events, upcoming (soonest first) and past (latest first), each paged in place. */
export function OrganizerEvents({ organizerId, upcomingCount, pastCount }: OrganizerEventsProps) {
  return (
    <>
      <PeriodEvents organizerId={organizerId} period="upcoming" count={upcomingCount} />
      <PeriodEvents organizerId={organizerId} period="past" count={pastCount} />
    </>
  );
}
