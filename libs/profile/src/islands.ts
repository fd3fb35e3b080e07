/**
 * The library's islands: the interactive parts of its server-rendered pages that a guest's browser hydrates on
 * their own (`Island` of the kit), each its own chunk. The portal's islands entry registers them by these names.
 */
export const SPORTSMEN_FILTERS_ISLAND = 'sportsmen-filters';
export const ORGANIZATIONS_FILTERS_ISLAND = 'organizations-filters';
export const CLUB_ATHLETES_ISLAND = 'club-athletes';
export const ORGANIZER_EVENTS_ISLAND = 'organizer-events';
export const FEDERATION_CLUBS_ISLAND = 'federation-clubs';

export const loadSportsmenFiltersIsland = () =>
  import('./components/registry/sportsmen-filters-island').then((m) => m.SportsmenFiltersIsland);
export const loadOrganizationsFiltersIsland = () =>
  import('./components/registry/organizations-filters-island').then((m) => m.OrganizationsFiltersIsland);
export const loadClubAthletesIsland = () =>
  import('./components/registry/club-athletes-island').then((m) => m.ClubAthletesIsland);
export const loadOrganizerEventsIsland = () =>
  import('./components/registry/organizer-events-island').then((m) => m.OrganizerEventsIsland);
export const loadFederationClubsIsland = () =>
  import('./components/registry/federation-clubs-island').then((m) => m.FederationClubsIsland);
