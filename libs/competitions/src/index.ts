/** Athlete pages (events list and page, apply, edit an application), each loaded as its own chunk. */
export const loadEventsPage = () => import('./pages/events-page').then((m) => m.EventsPage);
export const loadEventPage = () => import('./pages/event-page').then((m) => m.EventPage);
export const loadApplyPage = () => import('./pages/apply-page').then((m) => m.ApplyPage);
export const loadApplyEditPage = () => import('./pages/apply-edit-page').then((m) => m.ApplyEditPage);

/** The home page's nearest events, its own chunk. */
export const loadUpcomingEvents = () => import('./components/upcoming-events').then((m) => m.UpcomingEvents);
