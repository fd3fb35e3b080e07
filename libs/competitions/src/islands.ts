/**
 * The library's islands: the interactive parts of its server-rendered pages that a guest's browser hydrates on
 * their own (`Island` of the kit), each its own chunk. The portal's islands entry registers them by these names.
 */
export const EVENTS_FILTERS_ISLAND = 'events-filters';
export const EVENT_CALENDAR_ISLAND = 'event-calendar';

export const loadEventsFiltersIsland = () =>
  import('./components/events-filters-island').then((m) => m.EventsFiltersIsland);
export const loadEventCalendarIsland = () =>
  import('./components/event-calendar-button').then((m) => m.EventCalendarButton);
