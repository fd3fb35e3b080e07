/** Athlete pages (events list and page, apply, edit an application), each loaded as its own chunk. */
export const loadEventsPage = () => import('./pages/events-page').then((m) => m.EventsPage);
export const loadEventPage = () => import('./pages/event-page').then((m) => m.EventPage);
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
