import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { levels } from '@fed/contracts';
import { suggestAddresses } from '@fed/api-client';
import { messageOf, selectUserId, UNEXPECTED_ERROR } from '@fed/auth-session';
import { AddressInput, Checkbox, Select, SubmitForm, TextInput, useToast } from '@fed/ui-kit';
import { addressPlaceName } from '@fed/validation';
import { useCreateCompetitionMutation } from '../organizer-api';
import {
  COMPETITION_LIMITS,
  createCompetitionFormSchema,
  emptyCompetition,
  type CompetitionDraft,
  type CompetitionFormValues,
} from '../model/competition-form';
import { CREATE_COMPETITION_SUCCESS_PATH, type CreatedCompetitionState } from '../model/organizer-paths';
import { CompetitionDates } from '../components/competition-dates';
import { DescriptionField } from '../components/description-field';
import { PosterField } from '../components/poster-field';
import { ProgramsEditor } from '../components/programs-editor';
import styles from '../components/competition-form.module.css';

const levelOptions = Object.entries(levels).map(([value, text]) => ({ value, text }));

/** Full addresses with a house, searched across the spec's countries. */
const loadAddresses = (query: string, signal: AbortSignal) => suggestAddresses(query, { signal });

/**
 * `/profile/create-competition` (organizations only; the route guard sends others away): the event's
 * fields in sections, each checked as it is filled; a failed creation keeps everything typed and says why.
 */
export function CreateCompetitionPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const organizerId = useSelector(selectUserId);
  const [createCompetition, { isLoading }] = useCreateCompetitionMutation();
  const [posterUploading, setPosterUploading] = useState(false);
  const schema = useMemo(() => createCompetitionFormSchema(), []);
  const form = useForm<CompetitionFormValues, unknown, CompetitionDraft>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: emptyCompetition,
  });
  const place = form.watch('place');
  const city = addressPlaceName(place);

  const save = form.handleSubmit(async (draft) => {
    if (!organizerId) {
      toast.error(UNEXPECTED_ERROR);
      return;
    }
    const result = await createCompetition({ ...draft, organizerId });
    if ('error' in result) {
      toast.error(messageOf(result.error));
      return;
    }
    const created = result.data.data;
    const state: CreatedCompetitionState = { event: { id: created.__id, name: created.__name } };
    navigate(CREATE_COMPETITION_SUCCESS_PATH, { state });
  });

  const { errors } = form.formState;

  return (
    <section className={styles.page} aria-labelledby="create-competition-title">
      <h1 id="create-competition-title" className={styles.title}>
        Новое мероприятие
      </h1>
      <p className={styles.lead}>
        Заполните сведения о соревновании. После создания загрузите его документы — федерация проверит их.
      </p>
      <SubmitForm
        className={styles.form}
        onSubmit={save}
        isValid={form.formState.isValid && !posterUploading}
        submitting={isLoading}
        submitText="Создать мероприятие"
      >
        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>Основное</legend>
          <TextInput
            label="Название"
            required
            maxLength={COMPETITION_LIMITS.nameMax}
            {...form.register('name')}
            error={errors.name?.message}
          />
          <DescriptionField
            label="Описание"
            maxLength={COMPETITION_LIMITS.descriptionMax}
            {...form.register('description')}
            error={errors.description?.message}
          />
          <Select
            label="Уровень"
            options={levelOptions}
            placeholder="Выберите уровень"
            required
            {...form.register('level')}
            error={errors.level?.message}
          />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>Даты</legend>
          <CompetitionDates form={form} />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>Место</legend>
          <Controller
            control={form.control}
            name="place"
            render={({ field, fieldState }) => (
              <AddressInput
                label="Адрес проведения"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                loadSuggestions={loadAddresses}
                placeholder="Город, улица, дом"
                hint={city ? `Населённый пункт: ${city}` : 'Выберите адрес из подсказок'}
                error={fieldState.error?.message}
                required
              />
            )}
          />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>Участие</legend>
          <TextInput
            label="Количество мест"
            inputMode="numeric"
            hint="0 — без ограничений"
            required
            {...form.register('placesLimit')}
            error={errors.placesLimit?.message}
          />
          <Checkbox label="Продажа фото и видео с соревнований" {...form.register('photoVideoSale')} />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>Афиша</legend>
          <Controller
            control={form.control}
            name="poster"
            render={({ field }) => (
              <PosterField
                value={field.value}
                onChange={field.onChange}
                onUploadingChange={setPosterUploading}
              />
            )}
          />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>Программы</legend>
          <ProgramsEditor form={form} />
        </fieldset>
      </SubmitForm>
    </section>
  );
}
