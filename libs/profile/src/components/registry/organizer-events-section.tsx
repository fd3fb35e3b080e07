import type { ScriptInput } from '@fed/api-client';
import { competitionPagePath } from '@fed/contracts';
import { calendarDayOf, isoDay } from '@fed/calendar';
import type { EventSummary } from '@fed/contracts';
import { AsyncList, ButtonPager, Card, formatDateRange, PageLink, Section, Stack } from '@fed/ui-kit';
import type { SectionList } from './section-cards';
import styles from './public-profile.module.css';

/** Events on one page of an organizer's list. */
export const ORGANIZER_EVENTS_PAGE_SIZE = 10;

export type Period = 'upcoming' | 'past';

const periods: Record<Period, { title: string; empty: string; sort: 'date_asc' | 'date_desc' }> = {
  upcoming: { title: 'Предстоящие мероприятия', empty: 'Предстоящих мероприятий нет.', sort: 'date_asc' },
  past: { title: 'Прошедшие мероприятия', empty: 'Прошедших мероприятий нет.', sort: 'date_desc' },
};

export interface OrganizerEventsProps {
  organizerId: string;
  upcomingCount: number;
  pastCount: number;
}

/** The read of a page of an organizer's events of one period: upcoming soonest first, past latest first. */
export const periodEventsInput = (
  organizerId: string,
  period: Period,
  page: number,
): ScriptInput<'getEvents'> => ({
  organizerId,
  when: period,
  sort: periods[period].sort,
  from: (page - 1) * ORGANIZER_EVENTS_PAGE_SIZE,
  size: ORGANIZER_EVENTS_PAGE_SIZE,
});

type EventOfLine = Pick<EventSummary, '__id' | '__name' | 'date_start' | 'date_end' | 'gorod'>;

/** One event of a list: its days, its name opening its page, its city. */
export function EventLine({ event }: { event: EventOfLine }) {
  return (
    <li className={styles.event}>
      <p className={styles.eventDate}>
        <time dateTime={isoDay(calendarDayOf(event.date_start))}>
          {formatDateRange(event.date_start, event.date_end)}
        </time>
      </p>
      <div className={styles.eventBody}>
        <p className={styles.eventName}>
          <PageLink to={competitionPagePath(event.__id)}>{event.__name}</PageLink>
        </p>
        {event.gorod && <p className={styles.eventMeta}>{event.gorod}</p>}
      </div>
    </li>
  );
}

export interface PeriodEventsSectionProps {
  period: Period;
  count: number;
  /** How many the last answer says, else the organizer page's count. */
  total: number;
  list: SectionList<EventOfLine>;
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * An organizer's events of one period, paged in place — however they are read: by the app's store
 * (`OrganizerEvents`) or, on a guest's page, by its island (`OrganizerEventsIsland`).
 */
export function PeriodEventsSection({
  period,
  count,
  total,
  list,
  page,
  onPageChange,
}: PeriodEventsSectionProps) {
  const { title, empty } = periods[period];
  return (
    <Section title={count > 0 ? `${title} (${total})` : title}>
      {count === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <Stack>
          <Card>
            <AsyncList
              {...list}
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
          <ButtonPager
            page={page}
            pageCount={Math.ceil(total / ORGANIZER_EVENTS_PAGE_SIZE)}
            label={`Страницы: ${title.toLowerCase()}`}
            disabled={list.fetching}
            onPageChange={onPageChange}
          />
        </Stack>
      )}
    </Section>
  );
}
