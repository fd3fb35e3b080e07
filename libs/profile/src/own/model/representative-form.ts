import { z } from 'zod';
import { instantOf, systemClock, type Clock } from '@fed/calendar';
import { AGE_OF_MAJORITY, fullYears, type LegalRepresentativeRecord } from '@fed/contracts';
import { ruDateToIso, type RuleContext } from '@fed/validation';
import {
  always,
  birthDateSchema,
  checkMiddleName,
  nameOutput,
  nameShape,
  nameValues,
  ruDateOf,
  type NameOutput,
  type NameValues,
} from './form-pieces';

/** The legal representative as typed. */
export interface RepresentativeFormValues extends NameValues {
  /** DD.MM.YYYY. */
  birthDate: string;
}

/**
 * Spec §7 `createUpdateLegalRepresentative`: `{firstname, lastname, middlename, date_of_birth}` — the whole body;
 * the athlete is not in it (the platform knows it by the call's `userId`).
 */
export interface RepresentativeFormOutput extends NameOutput {
  /** YYYY-MM-DD. */
  date_of_birth: string;
}

/** The platform's own words for a representative under 18. */
export const NOT_ADULT_MESSAGE = 'Законный представитель должен быть совершеннолетним';

/** Whether a person born on `ruDate` (DD.MM.YYYY) is 18 or older today by the clock, on Moscow's calendar. */
export function isAdult(ruDate: string, clock: Clock): boolean {
  const iso = ruDateToIso(ruDate);
  return iso !== null && fullYears(iso, instantOf(clock)) >= AGE_OF_MAJORITY;
}

/** Names by the add-account rules; a real birth date of someone 18 or older today (by `context.clock`). */
export function createRepresentativeFormSchema(
  context: RuleContext = {},
): z.ZodType<RepresentativeFormOutput, RepresentativeFormValues> {
  const clock = context.clock ?? systemClock;
  return z
    .object({
      ...nameShape,
      birthDate: birthDateSchema(context, [
        [
          'custom',
          {
            validator: (value) => typeof value === 'string' && isAdult(value, clock),
            message: NOT_ADULT_MESSAGE,
          },
        ],
      ]),
    })
    .superRefine(checkMiddleName, always)
    .transform((form) => ({ ...nameOutput(form), date_of_birth: ruDateToIso(form.birthDate) ?? '' }));
}

export const emptyRepresentative: RepresentativeFormValues = {
  lastName: '',
  firstName: '',
  middleName: '',
  noMiddleName: false,
  birthDate: '',
};

export function representativeFormValues(
  representative: LegalRepresentativeRecord | null | undefined,
): RepresentativeFormValues {
  if (!representative) return emptyRepresentative;
  return { ...nameValues(representative), birthDate: ruDateOf(representative.date_of_birth) };
}
