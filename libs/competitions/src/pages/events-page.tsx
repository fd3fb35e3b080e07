import { useMemo } from 'react';
import type { PagePrefetch } from '@fed/api-client';
import { Button, EmptyState, ErrorState, Notice, Pager, Stack, useAddressList } from '@fed/ui-kit';
import { pluralRu } from '@fed/validation';
import { eventsApi, useEventsQuery } from '../api/events-api';
import { EventCard, EventCardSkeleton } from '../components/event-card';
import { EventsFilters } from '../components/events-filters';
import { useMyRequestsByEvent } from '../model/my-requests';
import {
  defaultEventFilters,
  EVENTS_PAGE_SIZE,
  eventsQueryInput,
  hasFilters,
  readEventFilters,
  writeEventFilters,
} from '../model/event-filters';
import styles from './events-page.module.css';

const SKELETON_CARDS = 6;
const addressCodec = { read: readEventFilters, write: writeEventFilters, defaults: defaultEventFilters };

const found = (total: number) =>
  `Найдено ${total} ${pluralRu(total, ['мероприятие', 'мероприятия', 'мероприятий'])}`;

/** The list the address asks for, read as the page's hook reads it (the server renders the page with it). */
export const prefetchEvents: PagePrefetch = async ({ search }, dispatch) => {
  await dispatch(eventsApi.endpoints.events.initiate(eventsQueryInput(readEventFilters(search))));
};

/**
 * `/competitions` 'Мероприятия': the events list with search, dates, city, discipline and period filters and
 * numbered pages, all kept in the address (Back, refresh and a shared link show the same list).
 */
export function EventsPage() {
  const { state: filters, show, change, reset, pageLink, listTop } = useAddressList(addressCodec);
  const input = useMemo(() => eventsQueryInput(filters), [filters]);
  const { currentData, isFetching, isError, refetch } = useEventsQuery(input);
  const myRequests = useMyRequestsByEvent();

  const total = currentData?.total ?? 0;
  const pageCount = Math.ceil(total / EVENTS_PAGE_SIZE);
  const events = currentData?.result ?? [];

  return (
    <section className={styles.page} aria-labelledby="events-title">
      <h1 id="events-title" className={styles.title}>
        Мероприятия
      </h1>
      <EventsFilters filters={filters} onChange={change} onReset={reset} />

      <h2 ref={listTop} className="visually-hidden">
        Список мероприятий
      </h2>
      <p className={styles.summary} role="status">
        {currentData ? found(total) : isFetching ? 'Загрузка мероприятий…' : ''}
      </p>

      {!currentData && isFetching && (
        <Stack as="ul" className={styles.grid} aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <EventCardSkeleton />
            </li>
          ))}
        </Stack>
      )}

      {!currentData && !isFetching && isError && (
        <ErrorState title="Не удалось загрузить мероприятия" onRetry={() => void refetch()} />
      )}

      {currentData && total === 0 && (
        <EmptyState
          align="center"
          title="Мероприятия не найдены"
          text={
            hasFilters(filters)
              ? 'Попробуйте изменить условия поиска или сбросить фильтры.'
              : 'Новые мероприятия появятся здесь, как только организаторы их опубликуют.'
          }
        >
          {hasFilters(filters) && (
            <Button variant="secondary" onClick={reset}>
              Сбросить фильтры
            </Button>
          )}
        </EmptyState>
      )}

      {currentData && total > 0 && events.length === 0 && (
        <Notice title={`Страницы ${filters.page} в этом списке нет`}>
          <p>
            <Button variant="secondary" size="sm" onClick={() => show({ ...filters, page: 1 })}>
              На первую страницу
            </Button>
          </p>
        </Notice>
      )}

      {events.length > 0 && (
        <>
          <Stack as="ul" className={styles.grid}>
            {events.map((event) => (
              <li key={event.__id}>
                <EventCard event={event} request={myRequests.get(event.__id)} />
              </li>
            ))}
          </Stack>
          <Pager page={filters.page} pageCount={pageCount} linkTo={pageLink} />
        </>
      )}
    </section>
  );
}
