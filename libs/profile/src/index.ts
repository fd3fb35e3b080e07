/** Pages, each loaded as its own chunk. */
export const loadProfilePage = () => import('./pages/profile-page').then((m) => m.ProfilePage);
export type { ProfilePageProps } from './pages/profile-page';
export type { PublicProfileView } from './pages/public-profile-page';

/** The federation's public registry: the athletes' and organizations' directories and the federation's page. */
export const loadSportsmenPage = () => import('./pages/sportsmen-page').then((m) => m.SportsmenPage);
export const loadOrganizationsPage = () =>
  import('./pages/organizations-page').then((m) => m.OrganizationsPage);
export const loadFederationPage = () => import('./pages/federation-page').then((m) => m.FederationPage);
export type { FederationPageProps } from './pages/federation-page';

/** The organization's own profile form (`/profile/edit`). */
export const loadOrganizationEditPage = () =>
  import('./pages/organization-edit-page').then((m) => m.OrganizationEditPage);
