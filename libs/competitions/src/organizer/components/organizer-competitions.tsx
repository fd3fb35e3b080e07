import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import type { EventSummary } from '@fed/contracts';
import { messageOf } from '@fed/api-client';
import { selectUserId } from '@fed/auth-session';
import { Button, ExpandablePanel, formatDateRange, isAhead, LoadingWrapper } from '@fed/ui-kit';
import { PeriodSwitch } from '../../components/period-switch';
import type { EventPeriod } from '../../model/event-filters';
import { useOrganizerEventsQuery } from '../organizer-api';
import { competitionPath, CREATE_COMPETITION_PATH, submitDocumentsPath } from '../model/organizer-paths';
import styles from './organizer-competitions.module.css';

export const ORGANIZER_EVENTS_PAGE_SIZE = 10;

export interface OrganizerCompetitionsProps {
  /** The applications to one competition; shown under 'Заявки' once opened (the portal composes it). */
  renderRequests?: (competitionId: string) => ReactNode;
}

/** Empty-list wording per period: 'none yet' only when the organization truly has none. */
const emptyText: Record<EventPeriod, string> = {
  upcoming: 'Предстоящих мероприятий нет. Создайте новое — после создания к нему можно загрузить документы.',
  past: 'Прошедших мероприятий нет.',
  all: 'Мероприятий пока нет. Создайте первое — после создания к нему можно загрузить документы.',
};

/**
 * 'Мои мероприятия' in the organization's own profile: its upcoming events nearest first (what a club works on),
 * or its past ones latest first, or all; each with its dates, page, documents and (when given) applications.
 */
export function OrganizerCompetitions({ renderRequests }: OrganizerCompetitionsProps) {
  const organizerId = useSelector(selectUserId);
  const [page, setPage] = useState(0);
  const [period, setPeriod] = useState<EventPeriod>('upcoming');
  const events = useOrganizerEventsQuery(
    organizerId
      ? {
          organizerId,
          when: period,
          sort: period === 'upcoming' ? 'date_asc' : 'date_desc',
          from: page * ORGANIZER_EVENTS_PAGE_SIZE,
          size: ORGANIZER_EVENTS_PAGE_SIZE,
        }
      : skipToken,
  );
  const total = events.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORGANIZER_EVENTS_PAGE_SIZE));

  return (
    <section className={styles.block} aria-labelledby="organizer-events-title">
      <header className={styles.header}>
        <h2 id="organizer-events-title" className={styles.title}>
          Мои мероприятия
        </h2>
        <Link className={styles.create} to={CREATE_COMPETITION_PATH}>
          Создать мероприятие
        </Link>
      </header>
      <PeriodSwitch
        value={period}
        onChange={(next) => {
          setPeriod(next);
          setPage(0);
        }}
      />
      <LoadingWrapper loading={events.isFetching} label="Загружаем мероприятия…">
        {events.isError ? (
          <p className={styles.error}>
            {messageOf(events.error)}{' '}
            <Button variant="ghost" size="sm" onClick={() => void events.refetch()}>
              Повторить
            </Button>
          </p>
        ) : events.data && events.data.result.length === 0 ? (
          <p className={styles.empty}>{emptyText[period]}</p>
        ) : (
          <ul className={styles.list}>
            {events.data?.result.map((event) => (
              <OrganizerEvent key={event.__id} event={event} renderRequests={renderRequests} />
            ))}
          </ul>
        )}
      </LoadingWrapper>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Страницы мероприятий">
          <Button
            variant="secondary"
            size="sm"
            disabled={page === 0 || events.isFetching}
            onClick={() => setPage(page - 1)}
          >
            Назад
          </Button>
          <span aria-live="polite">
            Страница {page + 1} из {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page + 1 >= pages || events.isFetching}
            onClick={() => setPage(page + 1)}
          >
            Вперёд
          </Button>
        </nav>
      )}
    </section>
  );
}

interface OrganizerEventProps {
  event: EventSummary;
  renderRequests?: (competitionId: string) => ReactNode;
}

function OrganizerEvent({ event, renderRequests }: OrganizerEventProps) {
  // Applications are rendered only once asked for: each list loads its own data.
  const [requestsOpen, setRequestsOpen] = useState(false);
  const finished = !isAhead(event.date_end);
  const titleId = `organizer-event-${event.__id}`;
  return (
    <li className={styles.event} aria-labelledby={titleId}>
      <div className={styles.eventHead}>
        <h3 id={titleId} className={styles.eventName}>
          <Link to={competitionPath(event.__id)}>{event.__name}</Link>
        </h3>
        {finished && <span className={styles.finished}>Завершено</span>}
      </div>
      <p className={styles.meta}>
        {formatDateRange(event.date_start, event.date_end)} · {event.gorod}
      </p>
      <div className={styles.actions}>
        <Link className={styles.action} to={submitDocumentsPath(event.__id)}>
          Документы
        </Link>
      </div>
      {renderRequests && (
        <ExpandablePanel title="Заявки" open={requestsOpen} onOpenChange={setRequestsOpen} persistent>
          {requestsOpen && renderRequests(event.__id)}
        </ExpandablePanel>
      )}
    </li>
  );
}
