import { useEffect, useMemo, useState } from 'react';
import { suggestCities } from '@fed/api-client';
import { startSession, useSessionDispatch } from '@fed/auth-session';
import type { SportsmanRecord } from '@fed/contracts';
import {
  AddressInput,
  Checkbox,
  DateInput,
  FormField,
  SubmitForm,
  TextInput,
  useToast,
  useZodForm,
} from '@fed/ui-kit';
import { FULL_NAME_MAX_LENGTH } from '@fed/validation';
import { useUpdateOwnProfileMutation } from '../../api/own-profile-api';
import {
  athleteFormValues,
  athleteUpdateContext,
  createAthleteFormSchema,
  type AthleteFormValues,
} from '../model/athlete-form';
import { VK_LINK_MAX } from '../model/form-pieces';
import { fullNameOf, genderOf } from '../model/profile-facts';
import { showSaveErrors, type ApiFieldMap } from '../model/save-errors';
import { ImageField } from './image-field';
import { NameFields } from './name-fields';
import styles from './profile-form.module.css';

/** The api's names of the sportsman update context's fields, by the form's. */
const apiFields: ApiFieldMap<AthleteFormValues> = {
  'context.fio.lastname': 'lastName',
  'context.fio.firstname': 'firstName',
  'context.fio.middlename': 'middleName',
  'context.date_of_birth': 'birthDate',
  'context.gorod': 'city',
  'context.trener': 'coach',
  'context.email': 'email',
  'context.vk_link': 'vkLink',
  'context.photo': 'photo',
};

export interface AthleteProfileFormProps {
  record: SportsmanRecord;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The athlete's profile edited in the cabinet: name, birth date, city (suggestions), coach, e-mail, the VK link and
 * whether others see it, the photo. Saved through the sportsman update context (`fieldsForClear` for what was
 * emptied); the header's name and picture follow. A failed save keeps every value and says why.
 */
export function AthleteProfileForm({ record, onDone, onCancel }: AthleteProfileFormProps) {
  const toast = useToast();
  const dispatch = useSessionDispatch();
  const [update, { isLoading }] = useUpdateOwnProfileMutation();
  const [photoUploading, setPhotoUploading] = useState(false);
  const schema = useMemo(() => createAthleteFormSchema(), []);
  const form = useZodForm(schema, { defaultValues: athleteFormValues(record) });
  const { errors } = form.formState;
  const vkLink = form.watch('vkLink');

  // «Изменить» is gone once the form opens: the keyboard goes on from its first field.
  useEffect(() => form.setFocus('lastName'), [form]);

  const save = form.handleSubmit(async (values) => {
    const result = await update(athleteUpdateContext(record, values));
    if ('error' in result) {
      toast.error(showSaveErrors(form, result.error, apiFields));
      return;
    }
    toast.success('Профиль сохранён');
    // The header's name and picture are the session's: it reads the record again.
    void dispatch(startSession());
    onDone();
  });

  return (
    <SubmitForm
      className={styles.form}
      aria-label="Изменение профиля"
      onSubmit={save}
      isValid={form.formState.isValid && !photoUploading}
      submitting={isLoading}
      submitText="Сохранить"
      onCancel={onCancel}
      cancelText="Отмена"
    >
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Фото</legend>
        <FormField control={form.control} name="photo">
          {(field) => (
            <ImageField
              purpose="photo"
              label="Новое фото"
              name={fullNameOf(record)}
              gender={genderOf(record)}
              value={field.value}
              onChange={field.onChange}
              onUploadingChange={setPhotoUploading}
              disabled={isLoading}
            />
          )}
        </FormField>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Основное</legend>
        <div className={styles.fields}>
          <NameFields form={form} />
          <FormField control={form.control} name="birthDate">
            {(field) => <DateInput label="Дата рождения" {...field} required />}
          </FormField>
          <FormField control={form.control} name="city" choice>
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
          <TextInput
            label="Тренер"
            maxLength={FULL_NAME_MAX_LENGTH}
            {...form.register('coach')}
            error={errors.coach?.message}
          />
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Контакты</legend>
        <div className={styles.fields}>
          <TextInput
            label="Эл. почта"
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          <TextInput
            label="Ссылка ВКонтакте"
            type="url"
            inputMode="url"
            placeholder="https://vk.com/…"
            maxLength={VK_LINK_MAX}
            {...form.register('vkLink')}
            error={errors.vkLink?.message}
          />
          <div className={styles.wide}>
            <Checkbox
              label="Показывать ссылку ВКонтакте в публичном профиле"
              disabled={vkLink.trim() === ''}
              {...form.register('vkLinkAvailable')}
            />
          </div>
        </div>
      </fieldset>
    </SubmitForm>
  );
}
