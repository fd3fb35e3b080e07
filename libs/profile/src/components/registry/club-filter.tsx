import { skipToken } from '@reduxjs/toolkit/query';
import { useLazyRegistryOrganizationsQuery, usePublicOrganizationQuery } from '../../api/registry-api';
import { ClubFilterField, clubSuggestionsInput, type ClubSuggestion } from './club-filter-field';

export interface ClubFilterProps {
  /** The club's id, or `null` for any club. */
  club: string | null;
  onChange: (club: string | null) => void;
}

/**
 * The directory's club filter in the app: the suggestions read through the store, the chosen club's name read
 * back from the club's page.
 */
export function ClubFilter({ club, onChange }: ClubFilterProps) {
  const chosen = usePublicOrganizationQuery(club ?? skipToken).currentData;
  const [findClubs] = useLazyRegistryOrganizationsQuery();

  const loadSuggestions = async (query: string, signal: AbortSignal): Promise<ClubSuggestion[]> => {
    const request = findClubs(clubSuggestionsInput(query), true);
    signal.addEventListener('abort', () => request.abort());
    const answer = await request.unwrap();
    return answer.result.map((organization) => ({ value: organization.__name, id: organization.__id }));
  };

  return (
    <ClubFilterField
      club={club}
      clubName={chosen?.__name}
      loadSuggestions={loadSuggestions}
      onChange={onChange}
    />
  );
}
