import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { levels, type AddressSuggestion } from '@fed/contracts';
import { messageOf, suggestAddresses, UNEXPECTED_ERROR } from '@fed/api-client';
import { selectUserId } from '@fed/auth-session';
import {
  AddressInput,
  Checkbox,
  FormField,
  formLayoutStyles,
  FormPart,
  Select,
  SubmitForm,
  TextArea,
  TextInput,
  useClock,
  useToast,
  useZodForm,
} from '@fed/ui-kit';
import { addressPlaceName } from '@fed/validation';
import { useCreateCompetitionMutation } from '../../api/organizer-api';
import { COMPETITION_LIMITS, createCompetitionFormSchema, emptyCompetition } from '../model/competition-form';
import { CREATE_COMPETITION_SUCCESS_PATH, type CreatedCompetitionState } from '../model/organizer-paths';
import { CompetitionDates } from '../components/competition-dates';
import { PosterField } from '../components/poster-field';
import { ProgramsEditor } from '../components/programs-editor';
import styles from '../components/competition-form.module.css';

const levelOptions = Object.entries(levels).map(([value, text]) => ({ value, text }));

/**
 * The venue down to the house, as DaData's own field enters it: towns across the spec's countries first (the
 * event's city comes from the chosen one), then the streets of the chosen town, then the houses of the chosen
 * street. The choice itself is left out of the list that goes on from it.
 */
const loadAddresses = async (query: string, signal: AbortSignal, within: AddressSuggestion | null) => {
  const kladrId = within?.data.kladr_id ?? undefined;
  const found = await suggestAddresses(query, { signal, fromBound: 'city', toBound: 'house', kladrId });
  return within ? found.filter((suggestion) => suggestion.value !== within.value) : found;
};

/** DaData's `fias_level` of a house. */
const HOUSE_LEVEL = 8;

/** A Russian town or street goes on to its streets or houses; a house ends it, as does a town abroad (no streets). */
const refineAddress = (chosen: AddressSuggestion) =>
  Boolean(chosen.data.kladr_id) && Number(chosen.data.fias_level) < HOUSE_LEVEL;
/** What the hint under the address says: the town taken from it, and what is left to choose. */
function addressHint(place: AddressSuggestion | null): string {
  const city = addressPlaceName(place);
  if (!place || !city) return 'Начните с города, затем выберите улицу и дом из подсказок';
  return refineAddress(place)
    ? `Населённый пункт: ${city}. Уточните улицу и дом`
    : `Населённый пункт: ${city}`;
}

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
  const clock = useClock();
  const schema = useMemo(() => createCompetitionFormSchema({ clock }), [clock]);
  const form = useZodForm(schema, { defaultValues: emptyCompetition });
  const place = form.watch('place');

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
    <section className={formLayoutStyles.page} aria-labelledby="create-competition-title">
      <h1 id="create-competition-title" className={formLayoutStyles.title}>
        Новое мероприятие
      </h1>
      <p className={styles.lead}>
        Заполните сведения о соревновании. После создания загрузите его документы — федерация проверит их.
      </p>
      <SubmitForm
        className={formLayoutStyles.form}
        onSubmit={save}
        isValid={form.formState.isValid && !posterUploading}
        submitting={isLoading}
        submitText="Создать мероприятие"
      >
        <FormPart framed legend="Основное">
          <TextInput
            label="Название"
            required
            maxLength={COMPETITION_LIMITS.nameMax}
            {...form.register('name')}
            error={errors.name?.message}
          />
          <TextArea
            label="Описание"
            rows={5}
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
        </FormPart>

        <FormPart framed legend="Даты">
          <CompetitionDates form={form} />
        </FormPart>

        <FormPart framed legend="Место">
          <FormField control={form.control} name="place" choice>
            {(field) => (
              <AddressInput
                label="Адрес проведения"
                {...field}
                loadSuggestions={loadAddresses}
                refine={refineAddress}
                placeholder="Город, улица, дом"
                hint={addressHint(place)}
                required
              />
            )}
          </FormField>
        </FormPart>

        <FormPart framed legend="Участие">
          <TextInput
            label="Количество мест"
            inputMode="numeric"
            hint="0 — без ограничений"
            required
            {...form.register('placesLimit')}
            error={errors.placesLimit?.message}
          />
          <Checkbox label="Продажа фото и видео с соревнований" {...form.register('photoVideoSale')} />
        </FormPart>

        <FormPart framed legend="Афиша">
          <FormField control={form.control} name="poster">
            {(field) => (
              <PosterField
                value={field.value}
                onChange={field.onChange}
                onUploadingChange={setPosterUploading}
              />
            )}
          </FormField>
        </FormPart>

        <FormPart framed legend="Программы">
          <ProgramsEditor form={form} />
        </FormPart>
      </SubmitForm>
    </section>
  );
}
