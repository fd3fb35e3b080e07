import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Checkbox, DateInput, FormField, RadioGroup, registerClearingBox, TextInput } from '@fed/ui-kit';
import { GENDER_LABELS, GENDERS, type AddAccountFormValues } from '@fed/validation';
import { CityField } from './city-field';

const genderOptions = GENDERS.map((gender) => ({ value: gender, text: GENDER_LABELS[gender] }));

export const emptyPerson: AddAccountFormValues = {
  lastName: '',
  firstName: '',
  middleName: '',
  noMiddleName: false,
  city: null,
  gender: null,
  birthDate: '',
};

export interface PersonFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T, unknown, unknown>;
  /** Where the person's values sit in the form: '' at the top, 'person' inside a registration form. */
  prefix?: string;
}

/**
 * The person a login adds or registers (spec §5 "Add account"): last, first and middle name with 'Нет
 * отчества' (ticking empties and disables it), city from suggestions, gender, birth date DD.MM.YYYY.
 */
export function PersonFields<T extends FieldValues>({ form, prefix = '' }: PersonFieldsProps<T>) {
  // react-hook-form types paths per form; the person's fields sit at the same relative paths in every form.
  const path = (field: keyof AddAccountFormValues) => (prefix ? `${prefix}.${field}` : field) as Path<T>;
  const errorOf = (field: keyof AddAccountFormValues): string | undefined => {
    const state = form.getFieldState(path(field), form.formState);
    return state.error?.message;
  };
  const noMiddleName = form.watch(path('noMiddleName')) === true;

  return (
    <>
      <TextInput
        label="Фамилия"
        autoComplete="family-name"
        required
        {...form.register(path('lastName'))}
        error={errorOf('lastName')}
      />
      <TextInput
        label="Имя"
        autoComplete="given-name"
        required
        {...form.register(path('firstName'))}
        error={errorOf('firstName')}
      />
      <TextInput
        label="Отчество"
        autoComplete="additional-name"
        required={!noMiddleName}
        {...form.register(path('middleName'))}
        // Disabled on the input, not through register(): react-hook-form drops a registered-disabled field from
        // the submitted values, and the payload must carry middleName '' (spec §3).
        disabled={noMiddleName}
        error={noMiddleName ? undefined : errorOf('middleName')}
      />
      <Checkbox
        label="Нет отчества"
        {...registerClearingBox(form, path('noMiddleName'), path('middleName'))}
      />
      <CityField control={form.control} name={path('city')} />
      <FormField<T, Path<T>, unknown, string | null> control={form.control} name={path('gender')} choice>
        {(field) => (
          <RadioGroup
            label="Пол"
            {...field}
            options={genderOptions}
            value={field.value ?? undefined}
            required
          />
        )}
      </FormField>
      <FormField<T, Path<T>, unknown, string> control={form.control} name={path('birthDate')}>
        {(field) => <DateInput label="Дата рождения" {...field} required />}
      </FormField>
    </>
  );
}
