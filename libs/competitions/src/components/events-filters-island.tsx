import { useIslandAddressList } from '@fed/ui-kit';
import { eventsAddress, type EventFilters } from '../model/event-filters';
import { EventsFilters } from './events-filters';

export interface EventsFiltersIslandProps {
  /** The filters of the address the server rendered. */
  filters: EventFilters;
}

/**
 * The events list's filters as an island of a guest's server-rendered `/competitions`: the same filters as the
 * app's, their changes shown by the server's rendering of the new address (`useIslandAddressList`).
 */
export function EventsFiltersIsland({ filters }: EventsFiltersIslandProps) {
  const list = useIslandAddressList(eventsAddress, filters);
  return <EventsFilters filters={list.state} onChange={list.change} onReset={list.reset} />;
}
