import { skipToken } from '@reduxjs/toolkit/query';
import { competitionPagePath } from '@fed/contracts';
import { useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import type { EventSummary } from '@fed/contracts';
import { queryState } from '@fed/api-client';
import { selectUserId } from '@fed/auth-session';
import {
  AsyncList,
  Badge,
  ButtonLink,
  Card,
  Cluster,
  ExpandablePanel,
  formatDateRange,
  isAhead,
  Pager,
  Section,
  useClock,
} from '@fed/ui-kit';
import { PeriodSwitch } from '../../components/period-switch';
import type { EventPeriod } from '../../model/event-filters';
import { useOwnCompetitionListQuery } from '../../api/organizer-api';
import { CREATE_COMPETITION_PATH, submitDocumentsPath } from '../model/organizer-paths';
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
  const events = useOwnCompetitionListQuery(
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
    <Section
      title="Мои мероприятия"
      titleId="organizer-events-title"
      actions={<ButtonLink to={CREATE_COMPETITION_PATH}>Создать мероприятие</ButtonLink>}
    >
      <PeriodSwitch
        value={period}
        onChange={(next) => {
          setPeriod(next);
          setPage(0);
        }}
      />
      <AsyncList
        items={events.data?.result}
        {...queryState(events)}
        texts={{
          loading: 'Загружаем мероприятия…',
          errorTitle: 'Не удалось загрузить мероприятия',
          emptyTitle: emptyText[period],
        }}
        gap={3}
        itemKey={(event) => event.__id}
        renderItem={(event) => <OrganizerEvent event={event} renderRequests={renderRequests} />}
      />
      <Pager
        page={page + 1}
        pageCount={pages}
        onPageChange={(next) => setPage(next - 1)}
        disabled={events.isFetching}
        label="Страницы мероприятий"
      />
    </Section>
  );
}

interface OrganizerEventProps {
  event: EventSummary;
  renderRequests?: (competitionId: string) => ReactNode;
}

function OrganizerEvent({ event, renderRequests }: OrganizerEventProps) {
  // Applications are rendered only once asked for: each list loads its own data.
  const [requestsOpen, setRequestsOpen] = useState(false);
  const finished = !isAhead(event.date_end, useClock());
  const titleId = `organizer-event-${event.__id}`;
  return (
    <Card as="li" className={styles.event} aria-labelledby={titleId}>
      <Cluster justify="between" align="baseline">
        <h3 id={titleId} className={styles.eventName}>
          <Link to={competitionPagePath(event.__id)}>{event.__name}</Link>
        </h3>
        {finished && <Badge tone="muted">Завершено</Badge>}
      </Cluster>
      <p className={styles.meta}>
        {formatDateRange(event.date_start, event.date_end)} · {event.gorod}
      </p>
      <p className={styles.meta}>
        <Link className={styles.action} to={submitDocumentsPath(event.__id)}>
          Документы
        </Link>
      </p>
      {renderRequests && (
        <ExpandablePanel title="Заявки" open={requestsOpen} onOpenChange={setRequestsOpen} persistent>
          {requestsOpen && renderRequests(event.__id)}
        </ExpandablePanel>
      )}
    </Card>
  );
}
