import type { ReactElement } from 'react';
import {
  Controller,
  type Control,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type RefCallBack,
} from 'react-hook-form';

/** What a kit control needs from its form field: `{...control}` into `DateInput`, `AddressInput`, `FilePicker`… */
export interface FieldControl<Value> {
  name: string;
  value: Value;
  onChange: (value: Value) => void;
  onBlur: () => void;
  /** For `form.setFocus`; controls that take no ref ignore it. */
  ref: RefCallBack;
  /** The field's rule message, when it breaks one. */
  error: string | undefined;
}

export interface FormFieldProps<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output = Values,
  Value = FieldPathValue<Values, Name>,
> {
  control: Control<Values, unknown, Output>;
  name: Name;
  /**
   * The control makes choices (a suggestion picked, an option, a file): a choice made is checked at once, as a
   * field left is (spec §5 "on change"); clearing it, as typing over a picked suggestion does, waits for the blur.
   */
  choice?: boolean;
  /** The control, given the field: `{(field) => <DateInput label="…" {...field} />}`. */
  children: (control: FieldControl<Value>) => ReactElement;
}

/**
 * A controlled kit component bound to a field of a `useZodForm` form, so that no form spells out value, change,
 * blur, ref and error again for each control. `Value` is the field's type; a piece shared by several forms,
 * whose field path is generic, names it (`<FormField<T, FieldPath<T>, Output, PhoneValue> …>`).
 */
export function FormField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output = Values,
  Value = FieldPathValue<Values, Name>,
>({ control, name, choice = false, children }: FormFieldProps<Values, Name, Output, Value>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) =>
        children({
          name: field.name,
          // react-hook-form types a generic path's value loosely; `Value` is the field's type by default.
          value: field.value as Value,
          onChange: (value: Value) => {
            field.onChange(value);
            // react-hook-form checks a field it saw left: a choice counts as leaving it.
            if (choice && value !== null && value !== undefined) field.onBlur();
          },
          onBlur: field.onBlur,
          ref: field.ref,
          error: fieldState.error?.message,
        })
      }
    />
  );
}
