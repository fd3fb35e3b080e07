import type { ReactElement } from 'react';
import {
  Controller,
  type Control,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type RefCallBack,
} from 'react-hook-form';
import { requestValidation } from './use-zod-form';

/** What a control may say of a change besides the value: whether it is finished (spec §5 "on change"). */
export interface ValueChange {
  /** A value the person is done with — a date typed to its last digit — checked now, not when the field is left. */
  committed: boolean;
}

/** What a kit control needs from its form field: `{...control}` into `DateInput`, `AddressInput`, `FilePicker`… */
export interface FieldControl<Value> {
  name: string;
  value: Value;
  /** A control that knows when a typed value is finished says so (`DateInput`); the others give the value alone. */
  onChange: (value: Value, change?: ValueChange) => void;
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
   * The control makes choices (a suggestion picked, an option, a file): a choice made is checked on change
   * (spec §5); clearing it, as typing over a picked suggestion does, waits for the blur.
   */
  choice?: boolean;
  /** The control, given the field: `{(field) => <DateInput label="…" {...field} />}`. */
  children: (control: FieldControl<Value>) => ReactElement;
}

/**
 * A controlled kit component bound to a field of a `useZodForm` form, so that no form spells out value, change,
 * blur, ref and error again for each control. It keeps the form's timing (spec §5): the field is checked when
 * it is left, and on change when the change is a choice or a finished value — never while it is typed into. `Value` is the field's type; a piece shared by several forms,
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
          onChange: (value: Value, change?: ValueChange) => {
            field.onChange(value);
            const committed = choice ? value !== null && value !== undefined : change?.committed === true;
            if (committed) requestValidation(control, name);
          },
          onBlur: () => {
            field.onBlur();
            requestValidation(control, name);
          },
          ref: field.ref,
          error: fieldState.error?.message,
        })
      }
    />
  );
}
