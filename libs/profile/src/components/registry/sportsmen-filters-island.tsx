import { useEffect, useState } from 'react';
import { platformGet, readAsGuest, type ScriptOutput } from '@fed/api-client';
import type { OrganizationProfile } from '@fed/contracts';
import { useIslandAddressList, type SelectOption } from '@fed/ui-kit';
import { sportsmenAddress, type SportsmenFilters as Filters } from '../../model/registry-sportsmen';
import { ClubFilterField, clubSuggestionsInput, type ClubSuggestion } from './club-filter-field';
import { SportsmenFiltersView } from './sportsmen-filters-view';

export interface SportsmenFiltersIslandProps {
  /** The filters of the address the server rendered. */
  filters: Filters;
  /** The age classes the server read, in their order. */
  ageClasses: SelectOption[];
  /** The name of the address's club, as the server read it. */
  clubName: string | null;
}

/**
 * The athletes' filters as an island of a guest's server-rendered `/sportsmen`: the app's filters from the
 * props the page carries, their changes shown by the server's rendering of the new address
 * (`useIslandAddressList`); the club's suggestions read as a guest, without the app's store.
 */
export function SportsmenFiltersIsland({ filters, ageClasses, clubName }: SportsmenFiltersIslandProps) {
  const list = useIslandAddressList(sportsmenAddress, filters);
  // The clubs' names known here: the server's, and each suggested since, so that a chosen club shows its name.
  const [names, setNames] = useState<Record<string, string>>(() =>
    filters.club && clubName ? { [filters.club]: clubName } : {},
  );
  const club = list.state.club;
  const known = club === null || names[club] !== undefined;

  // A club the page did not name (Back to an address of another club): its name read from the club's page.
  useEffect(() => {
    if (known || club === null) return undefined;
    const controller = new AbortController();
    readAsGuest<{ data: OrganizationProfile }>(
      platformGet('getOrganizationProfile', { id: club }),
      controller.signal,
    ).then(
      (answer) => setNames((current) => ({ ...current, [club]: answer.data.__name })),
      () => undefined,
    );
    return () => controller.abort();
  }, [club, known]);

  const loadSuggestions = async (query: string, signal: AbortSignal): Promise<ClubSuggestion[]> => {
    const answer = await readAsGuest<ScriptOutput<'getOrganizations'>>(
      platformGet('getOrganizations', clubSuggestionsInput(query)),
      signal,
    );
    const found = answer.result.map((organization) => ({
      value: organization.__name,
      id: organization.__id,
    }));
    setNames((current) => ({
      ...current,
      ...Object.fromEntries(found.map((item) => [item.id, item.value])),
    }));
    return found;
  };

  return (
    <SportsmenFiltersView
      filters={list.state}
      onChange={list.change}
      onReset={list.reset}
      ageClasses={ageClasses}
      club={
        <ClubFilterField
          club={club}
          clubName={club === null ? null : names[club]}
          loadSuggestions={loadSuggestions}
          onChange={(id) => list.change({ club: id })}
        />
      }
    />
  );
}
