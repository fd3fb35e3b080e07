import type { Control, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { suggestCities } from '@fed/api-client';
import {
  AddressInput,
  Checkbox,
  FormField,
  formLayoutStyles,
  FormPart,
  SubmitForm,
  TextInput,
  type AddressSuggestion,
  type SubmitFormProps,
} from '@fed/ui-kit';
import { VK_LINK_MAX, type ContactValues } from '../model/form-pieces';
import { ImageField, type ImageFieldProps } from './image-field';

/** A cabinet's profile form, opened on the record it edits (the fields of it the form reads). */
export interface ProfileFormProps<Source> {
  record: Source;
  onDone: () => void;
  onCancel: () => void;
}

export type ProfileFormFrameProps = Omit<SubmitFormProps, 'className' | 'submitText' | 'cancelText'> & {
  onCancel: () => void;
};

/** A cabinet's profile form: its parts one under another, «Сохранить» and «Отмена» below. */
export function ProfileFormFrame(props: ProfileFormFrameProps) {
  return (
    <SubmitForm {...props} className={formLayoutStyles.form} submitText="Сохранить" cancelText="Отмена" />
  );
}

export type PictureGroupProps<T extends FieldValues> = Omit<ImageFieldProps, 'value' | 'onChange'> & {
  control: Control<T, unknown, unknown>;
  /** The picture's field: its file id, `null` for none. */
  field: Path<T>;
  legend: string;
};

/** The form's part for its photo or logo: the current one, replaced or removed. */
export function PictureGroup<T extends FieldValues>({
  control,
  field,
  legend,
  ...image
}: PictureGroupProps<T>) {
  return (
    <FormPart legend={legend}>
      <FormField<T, Path<T>, unknown, string | null> control={control} name={field}>
        {(picture) => <ImageField {...image} value={picture.value} onChange={picture.onChange} />}
      </FormField>
    </FormPart>
  );
}

export interface ProfileCityFieldProps<T extends FieldValues> {
  control: Control<T, unknown, unknown>;
}

/** The profile's required city, chosen from the city suggestions. */
export function ProfileCityField<T extends { city?: AddressSuggestion | null | undefined } & FieldValues>({
  control,
}: ProfileCityFieldProps<T>) {
  // The city sits at the same path in every profile form.
  const name = 'city' as Path<T>;
  return (
    <FormField<T, Path<T>, unknown, AddressSuggestion | null | undefined>
      control={control}
      name={name}
      choice
    >
      {(field) => (
        <AddressInput
          label="Город"
          {...field}
          value={field.value ?? null}
          loadSuggestions={suggestCities}
          placeholder="Начните вводить название"
          required
        />
      )}
    </FormField>
  );
}

export interface ContactFieldsProps<T extends ContactValues & FieldValues> {
  form: UseFormReturn<T, unknown, unknown>;
  /** The box's label: where others see the link once it is ticked. */
  vkLinkAvailableLabel: string;
}

/** The e-mail, the VK link and whether others see it (a box that waits for a link). */
export function ContactFields<T extends ContactValues & FieldValues>({
  form,
  vkLinkAvailableLabel,
}: ContactFieldsProps<T>) {
  // The contacts sit at the same paths in every profile form.
  const path = (field: keyof ContactValues) => field as Path<T>;
  const errorOf = (field: keyof ContactValues) =>
    form.getFieldState(path(field), form.formState).error?.message;
  const vkLink: unknown = form.watch(path('vkLink'));
  const noVkLink = typeof vkLink !== 'string' || vkLink.trim() === '';
  return (
    <>
      <TextInput
        label="Эл. почта"
        type="email"
        autoComplete="email"
        {...form.register(path('email'))}
        error={errorOf('email')}
      />
      <TextInput
        label="Ссылка ВКонтакте"
        type="url"
        inputMode="url"
        placeholder="https://vk.com/…"
        maxLength={VK_LINK_MAX}
        {...form.register(path('vkLink'))}
        error={errorOf('vkLink')}
      />
      <div className={formLayoutStyles.wide}>
        <Checkbox
          label={vkLinkAvailableLabel}
          disabled={noVkLink}
          {...form.register(path('vkLinkAvailable'))}
        />
      </div>
    </>
  );
}
