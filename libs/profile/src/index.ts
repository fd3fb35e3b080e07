/** Pages, each loaded as its own chunk. */
export const loadProfilePage = () => import('./pages/profile-page').then((m) => m.ProfilePage);
export type { ProfilePageProps } from './pages/profile-page';

/** The organization's own profile form (`/profile/edit`). */
export const loadOrganizationEditPage = () =>
  import('./pages/organization-edit-page').then((m) => m.OrganizationEditPage);
