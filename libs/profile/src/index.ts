import type { PagePrefetch } from '@fed/api-client';

/** Pages, each loaded as its own chunk. */
export const loadProfilePage = () => import('./pages/profile-page').then((m) => m.ProfilePage);
export type { ProfilePageProps } from './pages/profile-page';
export type { PublicProfileView } from './pages/public-profile-page';

/** The federation's public registry: the athletes' and organizations' directories and the federation's page. */
export const loadSportsmenPage = () => import('./pages/sportsmen-page').then((m) => m.SportsmenPage);
export const loadOrganizationsPage = () =>
  import('./pages/organizations-page').then((m) => m.OrganizationsPage);
export const loadFederationPage = () => import('./pages/federation-page').then((m) => m.FederationPage);

/** The queries the public pages read first (the server renders them with their answers). */
export const prefetchSportsmenPage: PagePrefetch = (page, dispatch) =>
  import('./pages/sportsmen-page').then((m) => m.prefetchSportsmen(page, dispatch));
export const prefetchOrganizationsPage: PagePrefetch = (page, dispatch) =>
  import('./pages/organizations-page').then((m) => m.prefetchOrganizations(page, dispatch));
/** Someone's public `/profile/{id}`, and the federation's page (`/fk`) with the federation's id. */
export const prefetchPublicProfile: PagePrefetch = (page, dispatch) =>
  import('./pages/public-profile-page').then((m) => m.prefetchPublicProfile(page, dispatch));
export type { FederationPageProps } from './pages/federation-page';

/** The organization's own profile form (`/profile/edit`). */
export const loadOrganizationEditPage = () =>
  import('./pages/organization-edit-page').then((m) => m.OrganizationEditPage);

export {
  CLUB_ATHLETES_ISLAND,
  FEDERATION_CLUBS_ISLAND,
  loadClubAthletesIsland,
  loadFederationClubsIsland,
  loadOrganizationsFiltersIsland,
  loadOrganizerEventsIsland,
  loadSportsmenFiltersIsland,
  ORGANIZATIONS_FILTERS_ISLAND,
  ORGANIZER_EVENTS_ISLAND,
  SPORTSMEN_FILTERS_ISLAND,
} from './islands';
