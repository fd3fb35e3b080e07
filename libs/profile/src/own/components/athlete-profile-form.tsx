import { useEffect } from 'react';
import { DateInput, FormField, FormPart, TextInput } from '@fed/ui-kit';
import { FULL_NAME_MAX_LENGTH } from '@fed/validation';
import type { SportsmanRecord } from '@fed/contracts';
import { athleteProfileForm, type AthleteFormRecord } from '../model/athlete-form';
import { fullNameOf, genderOf } from '../model/profile-facts';
import { useProfileForm } from '../model/use-profile-form';
import { NameFields } from './name-fields';
import {
  ContactFields,
  PictureGroup,
  ProfileCityField,
  ProfileFormFrame,
  type ProfileFormProps,
} from './profile-form-parts';

/** What the form reads of the athlete's record: its fields, and the name and gender its picture shows. */
export type AthleteProfileFormRecord = AthleteFormRecord & Pick<SportsmanRecord, '__name' | 'pol'>;

export type AthleteProfileFormProps = ProfileFormProps<AthleteProfileFormRecord>;

/**
 * The athlete's profile edited in the cabinet: name, birth date, city (suggestions), coach, e-mail, the VK link and
 * whether others see it, the photo. Saved through the sportsman update context (`fieldsForClear` for what was
 * emptied); the header's name and picture follow. A failed save keeps every value and says why.
 */
export function AthleteProfileForm({ record, onDone, onCancel }: AthleteProfileFormProps) {
  const { form, frame, picture } = useProfileForm(athleteProfileForm, { record, onDone });
  const { errors } = form.formState;

  // «Изменить» is gone once the form opens: the keyboard goes on from its first field.
  useEffect(() => form.setFocus('lastName'), [form]);

  return (
    <ProfileFormFrame aria-label="Изменение профиля" {...frame} onCancel={onCancel}>
      <PictureGroup {...picture} name={fullNameOf(record)} gender={genderOf(record)} />

      <FormPart legend="Основное" fields="two-across">
        <NameFields form={form} />
        <FormField control={form.control} name="birthDate">
          {(field) => <DateInput label="Дата рождения" {...field} required />}
        </FormField>
        <ProfileCityField control={form.control} />
        <TextInput
          label="Тренер"
          maxLength={FULL_NAME_MAX_LENGTH}
          {...form.register('coach')}
          error={errors.coach?.message}
        />
      </FormPart>

      <FormPart legend="Контакты" fields="two-across">
        <ContactFields form={form} vkLinkAvailableLabel="Показывать ссылку ВКонтакте в публичном профиле" />
      </FormPart>
    </ProfileFormFrame>
  );
}
