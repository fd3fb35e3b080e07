import type { PagePrefetch } from '@fed/api-client';

/** Athlete pages (events list and page, apply, edit an application), each loaded as its own chunk. */
export const loadEventsPage = () => import('./pages/events-page').then((m) => m.EventsPage);
export const loadEventPage = () => import('./pages/event-page').then((m) => m.EventPage);
/** The queries the events list and an event's page read first (the server renders them with their answers). */
export const prefetchEventsPage: PagePrefetch = (page, dispatch) =>
  import('./pages/events-page').then((m) => m.prefetchEvents(page, dispatch));
export const prefetchEventPage: PagePrefetch = (page, dispatch) =>
  import('./pages/event-page').then((m) => m.prefetchEvent(page, dispatch));
export const loadApplyPage = () => import('./pages/apply-page').then((m) => m.ApplyPage);
export const loadApplyEditPage = () => import('./pages/apply-edit-page').then((m) => m.ApplyEditPage);

/** Organization pages and the profile's events block, each loaded as its own chunk. */
export const loadCreateCompetitionPage = () =>
  import('./organizer/pages/create-competition-page').then((m) => m.CreateCompetitionPage);
export const loadCreateCompetitionSuccessPage = () =>
  import('./organizer/pages/create-competition-success-page').then((m) => m.CreateCompetitionSuccessPage);
export const loadSubmitDocumentsPage = () =>
  import('./organizer/pages/submit-documents-page').then((m) => m.SubmitDocumentsPage);
export const loadOrganizerCompetitions = () =>
  import('./organizer/components/organizer-competitions').then((m) => m.OrganizerCompetitions);
export type { OrganizerCompetitionsProps } from './organizer/components/organizer-competitions';

/** The home page's nearest events, its own chunk. */
export const loadUpcomingEvents = () => import('./components/upcoming-events').then((m) => m.UpcomingEvents);
export const prefetchUpcomingEvents: PagePrefetch = (page, dispatch) =>
  import('./components/upcoming-events').then((m) => m.prefetchUpcoming(page, dispatch));

export {
  EVENT_CALENDAR_ISLAND,
  EVENTS_FILTERS_ISLAND,
  loadEventCalendarIsland,
  loadEventsFiltersIsland,
} from './islands';
