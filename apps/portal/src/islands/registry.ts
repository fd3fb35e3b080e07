import type { ComponentType } from 'react';
import { loadSignInIsland, SIGN_IN_ISLAND } from '@fed/auth-session';
import {
  EVENT_CALENDAR_ISLAND,
  EVENTS_FILTERS_ISLAND,
  loadEventCalendarIsland,
  loadEventsFiltersIsland,
} from '@fed/competitions';
import {
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
} from '@fed/profile';
import { loadReloadRetryIsland, RELOAD_RETRY_ISLAND } from '@fed/ui-kit';
import { GuestHeaderView } from '../layouts/guest-header-view';
import { GUEST_HEADER_ISLAND } from './names';

// `any`: each island takes props of its own, read back as JSON from its container in the page.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IslandComponent = ComponentType<any>;

/**
 * Every island by its name: the browser hydrates a guest's server-rendered page with these, the server renders
 * the islands with them. Each is its own chunk, loaded by the pages that have it, but for the guest header, which
 * every such page has: it comes with the islands' entry.
 */
export const islandLoaders: Readonly<Record<string, () => Promise<IslandComponent>>> = {
  [GUEST_HEADER_ISLAND]: () => Promise.resolve(GuestHeaderView),
  [EVENTS_FILTERS_ISLAND]: loadEventsFiltersIsland,
  [EVENT_CALENDAR_ISLAND]: loadEventCalendarIsland,
  [SPORTSMEN_FILTERS_ISLAND]: loadSportsmenFiltersIsland,
  [ORGANIZATIONS_FILTERS_ISLAND]: loadOrganizationsFiltersIsland,
  [CLUB_ATHLETES_ISLAND]: loadClubAthletesIsland,
  [ORGANIZER_EVENTS_ISLAND]: loadOrganizerEventsIsland,
  [FEDERATION_CLUBS_ISLAND]: loadFederationClubsIsland,
  [RELOAD_RETRY_ISLAND]: loadReloadRetryIsland,
  [SIGN_IN_ISLAND]: loadSignInIsland,
};
