import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { suggestCities } from '@fed/api-client';
import { AddressInput, FormField, type AddressSuggestion } from '@fed/ui-kit';

export interface CityFieldProps<T extends FieldValues, Output> {
  control: Control<T, unknown, Output>;
  name: FieldPath<T>;
}

/** A required town chosen from the address suggestions (a person's city, an organization's). */
export function CityField<T extends FieldValues, Output>({ control, name }: CityFieldProps<T, Output>) {
  return (
    <FormField<T, FieldPath<T>, Output, AddressSuggestion | null> control={control} name={name} choice>
      {(field) => (
        <AddressInput
          label="Город"
          {...field}
          loadSuggestions={suggestCities}
          placeholder="Начните вводить название"
          required
        />
      )}
    </FormField>
  );
}
