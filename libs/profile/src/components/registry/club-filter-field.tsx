import { useMemo } from 'react';
import type { ScriptInput } from '@fed/api-client';
import { AddressInput } from '@fed/ui-kit';

/** How many clubs the field suggests. */
const CLUB_SUGGESTIONS = 8;

/** The read of the clubs a typed part of a name suggests. */
export const clubSuggestionsInput = (query: string): ScriptInput<'getOrganizations'> => ({
  search: query,
  from: 0,
  size: CLUB_SUGGESTIONS,
});

export interface ClubSuggestion {
  /** The club's name, as the field shows it. */
  value: string;
  id: string;
}

export interface ClubFilterFieldProps {
  /** The club's id, or `null` for any club. */
  club: string | null;
  /** The chosen club's name, once known. */
  clubName: string | null | undefined;
  loadSuggestions: (query: string, signal: AbortSignal) => Promise<ClubSuggestion[]>;
  onChange: (club: string | null) => void;
}

/**
 * The directory's club filter: a club is found by a part of its name among the organizations and chosen from
 * the suggestions. The address holds its id alone. Props in, no store: the app reads the suggestions and the
 * name through its store (`ClubFilter`), a guest's island as a guest.
 */
export function ClubFilterField({ club, clubName, loadSuggestions, onChange }: ClubFilterFieldProps) {
  const value = useMemo<ClubSuggestion | null>(
    () => (club && clubName ? { value: clubName, id: club } : null),
    [club, clubName],
  );
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
