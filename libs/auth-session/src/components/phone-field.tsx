import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormField, PhoneInput, type PhoneValue } from '@fed/ui-kit';

export interface PhoneFieldProps<T extends FieldValues, Output> {
  control: Control<T, unknown, Output>;
  name: FieldPath<T>;
  label?: string;
}

/** A required phone with the country mask, bound to a form field (every sign-in and sign-up form). */
export function PhoneField<T extends FieldValues, Output>({
  control,
  name,
  label = 'Телефон',
}: PhoneFieldProps<T, Output>) {
  return (
    <FormField<T, FieldPath<T>, Output, PhoneValue> control={control} name={name}>
      {(field) => <PhoneInput label={label} {...field} required />}
    </FormField>
  );
}
