import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { AddressInput } from '@fed/ui-kit';
import { useLazyRegistryOrganizationsQuery, usePublicOrganizationQuery } from '../../api/registry-api';

/** How many clubs the field suggests. */
const CLUB_SUGGESTIONS = 8;

interface ClubSuggestion {
  /** The club's name, as the field shows it. */
  value: string;
  id: string;
}

export interface ClubFilterProps {
  /** The club's id, or `null` for any club. */
  club: string | null;
  onChange: (club: string | null) => void;
}

/**
 * The directory's club filter: a club is found by a part of its name among the organizations and chosen from
 * the suggestions. The address holds its id alone; its name is read back from the club's page.
 */
export function ClubFilter({ club, onChange }: ClubFilterProps) {
  const chosen = usePublicOrganizationQuery(club ?? skipToken).currentData;
  const [findClubs] = useLazyRegistryOrganizationsQuery();
  const value = useMemo<ClubSuggestion | null>(
    () => (club && chosen ? { value: chosen.__name, id: club } : null),
    [club, chosen],
  );

  const loadSuggestions = async (query: string, signal: AbortSignal): Promise<ClubSuggestion[]> => {
    const request = findClubs({ search: query, from: 0, size: CLUB_SUGGESTIONS }, true);
    signal.addEventListener('abort', () => request.abort());
    const answer = await request.unwrap();
    return answer.result.map((organization) => ({ value: organization.__name, id: organization.__id }));
  };

  return (
    <AddressInput<ClubSuggestion>
      label="Клуб"
      placeholder="Любой клуб"
      listLabel="Подсказки клубов"
      value={value}
      loadSuggestions={loadSuggestions}
      onChange={(suggestion) => {
        if (suggestion) {
          if (suggestion.id !== club) onChange(suggestion.id);
        } else if (club) {
          onChange(null);
        }
      }}
    />
  );
}
