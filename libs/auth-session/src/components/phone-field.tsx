import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { PhoneInput } from '@fed/ui-kit';

export interface PhoneFieldProps<T extends FieldValues> {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  label?: string;
}

/** A required phone with the country mask, bound to a react-hook-form field (every sign-in and sign-up form). */
export function PhoneField<T extends FieldValues>({ control, name, label = 'Телефон' }: PhoneFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PhoneInput
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
          required
        />
      )}
    />
  );
}
