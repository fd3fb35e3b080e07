/**
 * Components, each loaded as its own chunk: the profile page composes them, and nothing of this library
 * (its endpoints, forms, dialogs) reaches the first page load.
 */
export const loadMyApplications = () => import('./components/my-applications').then((m) => m.MyApplications);
export const loadCompetitionRequests = () =>
  import('./components/competition-requests').then((m) => m.CompetitionRequests);
export type { MyApplicationsProps } from './components/my-applications';
export type { CompetitionRequestsProps } from './components/competition-requests';
