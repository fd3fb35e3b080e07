import { addressPlaceName } from '@fed/validation';
import { useMemo } from 'react';
import { AddressInput, type AddressSuggestion } from '../address-input/address-input';

export interface CityFilterProps {
  /** The city the list is narrowed to; `''` for any. */
  city: string;
  /** The chosen city's name, or `''` once the field is emptied. */
  onChange: (city: string) => void;
  /** City suggestions (the portal's `suggestCities`). */
  loadSuggestions: (query: string, signal: AbortSignal) => Promise<AddressSuggestion[]>;
  label?: string;
}

/**
 * A list's city filter: the city is chosen from suggestions, so the list is asked for a name the platform
 * writes (the suggestion's city, else its settlement), never for what was half typed.
 */
export function CityFilter({ city, onChange, loadSuggestions, label = 'Город' }: CityFilterProps) {
  // The input takes a chosen suggestion; the owner holds only the name, so one is made from it, kept stable
  // across renders (a new object would read as a new choice).
  const value = useMemo<AddressSuggestion | null>(
    () => (city ? { value: city, data: { city } } : null),
    [city],
  );
  return (
    <AddressInput
      label={label}
      placeholder="Любой город"
      listLabel="Подсказки городов"
      value={value}
      loadSuggestions={loadSuggestions}
      onChange={(suggestion) => {
        if (suggestion) {
          const name = addressPlaceName(suggestion);
          if (name && name !== city) onChange(name);
        } else if (city) {
          onChange('');
        }
      }}
    />
  );
}
