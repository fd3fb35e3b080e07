import { useMemo } from 'react';
import type { PagePrefetch } from '@fed/api-client';
import {
  AddressListResults,
  Island,
  listPageStyles,
  useAddressList,
  type AddressListTexts,
} from '@fed/ui-kit';
import { pluralRu } from '@fed/validation';
import { eventsApi, useEventsQuery } from '../api/events-api';
import { EventCard, EventCardSkeleton } from '../components/event-card';
import { EventsFilters } from '../components/events-filters';
import type { EventsFiltersIslandProps } from '../components/events-filters-island';
import { EVENTS_FILTERS_ISLAND } from '../islands';
import { useMyRequestsByEvent } from '../model/my-requests';
import {
  EVENTS_PAGE_SIZE,
  eventsAddress,
  eventsQueryInput,
  hasFilters,
  readEventFilters,
} from '../model/event-filters';
import styles from './events-page.module.css';

const eventListTexts: AddressListTexts = {
  heading: 'Список мероприятий',
  loading: 'Загрузка мероприятий…',
  found: (total) => `Найдено ${total} ${pluralRu(total, ['мероприятие', 'мероприятия', 'мероприятий'])}`,
  errorTitle: 'Не удалось загрузить мероприятия',
  emptyTitle: 'Мероприятия не найдены',
  emptyText: 'Новые мероприятия появятся здесь, как только организаторы их опубликуют.',
};

/** The list the address asks for, read as the page's hook reads it (the server renders the page with it). */
export const prefetchEvents: PagePrefetch = async ({ search }, dispatch) => {
  await dispatch(eventsApi.endpoints.events.initiate(eventsQueryInput(readEventFilters(search))));
};

/**
 * `/competitions` 'Мероприятия': the events list with search, dates, city, discipline and period filters and
 * numbered pages, all kept in the address (Back, refresh and a shared link show the same list).
 */
export function EventsPage() {
  const list = useAddressList(eventsAddress);
  const filters = list.state;
  const input = useMemo(() => eventsQueryInput(filters), [filters]);
  const query = useEventsQuery(input);
  const myRequests = useMyRequestsByEvent();

  return (
    <section className={listPageStyles.page} aria-labelledby="events-title">
      <h1 id="events-title" className={listPageStyles.title}>
        Мероприятия
      </h1>
      <Island<EventsFiltersIslandProps> name={EVENTS_FILTERS_ISLAND} props={{ filters }}>
        <EventsFilters filters={filters} onChange={list.change} onReset={list.reset} />
      </Island>

      <AddressListResults
        list={list}
        query={query}
        filtered={hasFilters(filters)}
        pageSize={EVENTS_PAGE_SIZE}
        texts={eventListTexts}
        skeleton={<EventCardSkeleton />}
        gridClassName={styles.grid}
        itemKey={(event) => event.__id}
        renderItem={(event) => <EventCard event={event} request={myRequests.get(event.__id)} />}
      />
    </section>
  );
}
