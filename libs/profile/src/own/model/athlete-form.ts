import { z } from 'zod';
import type { SportsmanRecord, SportsmanUpdateContext } from '@fed/contracts';
import {
  cityFieldSchema,
  FULL_NAME_MAX_LENGTH,
  ruDateToIso,
  type AddressSuggestion,
  type RuleContext,
} from '@fed/validation';
import {
  always,
  birthDateSchema,
  checkMiddleName,
  contactOutput,
  contactShape,
  contactValues,
  nameOutput,
  nameShape,
  nameValues,
  optionalText,
  ruDateOf,
  type ContactRecord,
  type ContactValues,
  type NameValues,
} from './form-pieces';
import type { ProfileFormKind } from './use-profile-form';

/** The athlete's profile as the edit form holds it. */
export interface AthleteFormValues extends NameValues, ContactValues {
  /** DD.MM.YYYY. */
  birthDate: string;
  city?: AddressSuggestion | null | undefined;
  coach: string;
  /** The photo's file id on the platform's disk (uploaded when chosen), `null` for none. */
  photo: string | null;
}

/** What the form gives: checked, trimmed, the birth date as YYYY-MM-DD and the city as its name. */
export interface AthleteFormOutput extends ContactValues {
  fio: { lastname: string; firstname: string; middlename: string };
  birthDate: string;
  city: string;
  coach: string;
  photo: string | null;
}

/** Spec §5 rules for each field: the names as the add-account dialog has them, the rest from the catalogue. */
export function createAthleteFormSchema(
  context: RuleContext = {},
): z.ZodType<AthleteFormOutput, AthleteFormValues> {
  return z
    .object({
      ...nameShape,
      birthDate: birthDateSchema(context),
      city: cityFieldSchema,
      coach: optionalText(FULL_NAME_MAX_LENGTH),
      ...contactShape,
      photo: z.string().nullable(),
    })
    .superRefine(checkMiddleName, always)
    .transform((form) => ({
      fio: nameOutput(form),
      birthDate: ruDateToIso(form.birthDate) ?? '',
      city: form.city,
      coach: form.coach,
      ...contactOutput(form),
      photo: form.photo,
    }));
}

/** A city name as the city field holds a chosen one, so a profile saved unchanged keeps its city. */
export const citySuggestion = (city: string | null | undefined): AddressSuggestion | null =>
  city ? { value: city, data: { city, settlement: null } } : null;

/** What the form reads of the athlete's record. */
export type AthleteFormRecord = Pick<
  SportsmanRecord,
  '__id' | 'fio' | 'date_of_birth' | 'gorod' | 'coach' | 'photo'
> &
  ContactRecord;

/** The form filled from the athlete's record. */
export function athleteFormValues(record: AthleteFormRecord): AthleteFormValues {
  return {
    ...nameValues(record.fio),
    birthDate: ruDateOf(record.date_of_birth),
    city: citySuggestion(record.gorod),
    coach: record.coach ?? '',
    ...contactValues(record),
    photo: record.photo?.[0] ?? null,
  };
}

type ClearableField = SportsmanUpdateContext['fieldsForClear'][number];

/**
 * Spec §7 sportsman update context: every field of the form; a field the record held and the form emptied is
 * named in `fieldsForClear` (sending nothing would leave the old value where it was).
 */
export function athleteUpdateContext(
  record: AthleteFormRecord,
  form: AthleteFormOutput,
): SportsmanUpdateContext {
  const before = athleteFormValues(record);
  const cleared: ClearableField[] = [];
  if (before.coach !== '' && form.coach === '') cleared.push('trener');
  if (before.email !== '' && form.email === '') cleared.push('email');
  if (before.vkLink !== '' && form.vkLink === '') cleared.push('vk_link');
  if (before.photo !== null && form.photo === null) cleared.push('photo');
  return {
    contractortype: 'sportsman',
    is_need_update_sportsman: true,
    representive: true,
    // This account alone: the form changes nothing the login's other athletes share.
    sportsman: [record.__id],
    id: record.__id,
    fio: form.fio,
    date_of_birth: form.birthDate,
    gorod: form.city,
    ...(form.coach !== '' && { trener: form.coach }),
    ...(form.email !== '' && { email: form.email }),
    ...(form.vkLink !== '' && { vk_link: form.vkLink }),
    vk_link_available: form.vkLinkAvailable,
    ...(form.photo !== null && { photo: [form.photo] }),
    fieldsForClear: cleared,
  };
}

/** The athlete's profile form: the sportsman update context, the photo. */
export const athleteProfileForm: ProfileFormKind<AthleteFormValues, AthleteFormOutput, AthleteFormRecord> = {
  createSchema: createAthleteFormSchema,
  toValues: athleteFormValues,
  toContext: athleteUpdateContext,
  apiFields: {
    'context.fio.lastname': 'lastName',
    'context.fio.firstname': 'firstName',
    'context.fio.middlename': 'middleName',
    'context.date_of_birth': 'birthDate',
    'context.gorod': 'city',
    'context.trener': 'coach',
    'context.email': 'email',
    'context.vk_link': 'vkLink',
    'context.photo': 'photo',
  },
  savedText: 'Профиль сохранён',
  picture: { field: 'photo', legend: 'Фото', purpose: 'photo', label: 'Новое фото' },
};
