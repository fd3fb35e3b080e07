import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Checkbox, registerClearingBox, TextInput } from '@fed/ui-kit';
import type { NameValues } from '../model/form-pieces';
import styles from './profile-form.module.css';

export interface NameFieldsProps<T extends NameValues & FieldValues> {
  form: UseFormReturn<T, unknown, unknown>;
  /** Whose name: autocomplete hints for the person's own, none for someone else's. */
  own?: boolean;
}

/** Last, first and middle name with «Нет отчества» (ticking it empties and disables the middle name), as the add-account dialog has them. */
export function NameFields<T extends NameValues & FieldValues>({ form, own = true }: NameFieldsProps<T>) {
  // The name's fields sit at the same paths in every form that has them.
  const path = (field: keyof NameValues) => field as Path<T>;
  const errorOf = (field: keyof NameValues) => form.getFieldState(path(field), form.formState).error?.message;
  const noMiddleName = form.watch(path('noMiddleName')) === true;
  const auto = (hint: string) => (own ? hint : 'off');
  return (
    <>
      <TextInput
        label="Фамилия"
        autoComplete={auto('family-name')}
        required
        {...form.register(path('lastName'))}
        error={errorOf('lastName')}
      />
      <TextInput
        label="Имя"
        autoComplete={auto('given-name')}
        required
        {...form.register(path('firstName'))}
        error={errorOf('firstName')}
      />
      <TextInput
        label="Отчество"
        autoComplete={auto('additional-name')}
        required={!noMiddleName}
        {...form.register(path('middleName'))}
        // Disabled on the input, not through register(): react-hook-form would drop the field from the values.
        disabled={noMiddleName}
        error={noMiddleName ? undefined : errorOf('middleName')}
      />
      <div className={styles.besideInput}>
        <Checkbox
          label="Нет отчества"
          {...registerClearingBox(form, path('noMiddleName'), path('middleName'))}
        />
      </div>
    </>
  );
}
