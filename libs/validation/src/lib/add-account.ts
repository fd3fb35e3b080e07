import { z } from 'zod';
import type { Clock } from '@fed/calendar';
import { addressPlaceName, type AddressSuggestion } from './address';
import { validationMessages } from './messages';
import {
  ACCOUNT_NAME_RULES,
  accountMiddleNameSchema,
  accountNameSchema,
  birthDateRules,
  placeNameSchema,
} from './person-fields';
import { parseIsoDate, ruDateToIso } from './ru-date';
import { validateAll, type RuleContext, type RuleSpec } from './rules';
import { zodRules } from './zod-rules';

import { GENDERS, type Gender } from './genders';

// In a module of their own, which a filter of a guest's page imports without this form's schema and rules.
export { GENDER_LABELS, GENDERS, type Gender } from './genders';

/** Spec §3 add-account payload: what the add-account call sends. */
export interface AddAccountPayload {
  lastName: string;
  firstName: string;
  /** '' when the person has no middle name. */
  middleName: string;
  /** Calendar date 'YYYY-MM-DD'. */
  birthDate: string;
  /** The chosen address's city, else its settlement. */
  city: string;
  gender: Gender;
}

/** The values of the add-account dialog's form (spec §2). */
export interface AddAccountFormValues {
  lastName: string;
  firstName: string;
  /** Undefined once 'Нет отчества' disables the input: react-hook-form drops disabled fields. */
  middleName?: string | undefined;
  noMiddleName?: boolean | undefined;
  city?: AddressSuggestion | null | undefined;
  gender?: Gender | null | undefined;
  /** The masked DD.MM.YYYY entry, as the kit's date input shows it (`_` in the gaps). */
  birthDate: string;
}

export interface AddAccountSchemaOptions {
  /** The clock whose Moscow day is "today" for the birth date; the system clock (read at each parse) by default. */
  clock?: Clock;
}

const REQUIRED = { error: validationMessages.required };
const MIDDLE_NAME_RULES: readonly RuleSpec[] = ['required', ...ACCOUNT_NAME_RULES];

/** A gender that is missing reads as "required"; a value outside the two codes is garbage and says so. */
function gender() {
  return z.enum(GENDERS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? validationMessages.required
        : validationMessages.fallback('gender'),
  });
}

const addressSuggestionSchema = z.object({
  value: z.string(),
  data: z.object({ city: z.string().nullish(), settlement: z.string().nullish() }),
});

/** A city field fed by address suggestions: one must be chosen and name a city or settlement; gives the name. */
export const cityFieldSchema = addressSuggestionSchema
  .nullish()
  .superRefine(zodRules(['required', 'cityRequired']))
  .transform((city) => addressPlaceName(city) ?? '');

/**
 * Spec §5 add-account form: trimmed last and first names of at least 2 characters (no letters-only pattern:
 * the add-account rules name none), a middle name alike unless 'Нет отчества' is ticked, a city or settlement,
 * a gender, and a real DD.MM.YYYY birth date not later than the end of today. Its output is the spec's
 * add-account payload.
 */
export function createAddAccountSchema(
  options: AddAccountSchemaOptions = {},
): z.ZodType<AddAccountPayload, AddAccountFormValues> {
  const context: RuleContext = { clock: options.clock };
  return z
    .object({
      lastName: accountNameSchema('lastName'),
      firstName: accountNameSchema('firstName'),
      middleName: z.string().trim().optional(),
      noMiddleName: z.boolean().optional(),
      city: cityFieldSchema,
      gender: gender()
        .nullish()
        .transform((value, ctx) => {
          if (value === null || value === undefined) {
            ctx.addIssue({ code: 'custom', message: validationMessages.required });
            return z.NEVER;
          }
          return value;
        }),
      birthDate: z
        .string(REQUIRED)
        .trim()
        .superRefine(zodRules(birthDateRules(), context))
        .transform((text) => ruDateToIso(text) ?? ''),
    })
    .superRefine(
      (form, ctx) => {
        if (form.noMiddleName === true) return;
        const message = validateAll(form.middleName, MIDDLE_NAME_RULES, { field: 'middleName' });
        if (message !== null) ctx.addIssue({ code: 'custom', message, path: ['middleName'] });
      },
      // Checked even while other fields are invalid, so the dialog shows every field's error at once;
      // only a value that is not an object at all has nothing to check.
      { when: ({ value }) => typeof value === 'object' && value !== null },
    )
    .transform((form): AddAccountPayload => ({
      lastName: form.lastName,
      firstName: form.firstName,
      middleName: form.noMiddleName === true ? '' : (form.middleName ?? ''),
      birthDate: form.birthDate,
      city: form.city,
      gender: form.gender,
    }));
}

/** The add-account form schema on the system clock, for `zodResolver(addAccountSchema)`. */
export const addAccountSchema = createAddAccountSchema();

/**
 * The add-account payload as the api receives it: the same rules over the wire format (ISO birth
 * date, city as a name, '' for no middle name). Unknown fields are refused.
 */
export function createAddAccountPayloadSchema(
  options: AddAccountSchemaOptions = {},
): z.ZodType<AddAccountPayload, AddAccountPayload> {
  const context: RuleContext = { clock: options.clock };
  return z.strictObject({
    lastName: accountNameSchema('lastName'),
    firstName: accountNameSchema('firstName'),
    // The payload cannot say "no middle name" other than by an empty one.
    middleName: accountMiddleNameSchema(),
    birthDate: z
      .string(REQUIRED)
      .trim()
      .superRefine(
        zodRules(
          birthDateRules((text) => parseIsoDate(text) !== null),
          context,
        ),
      ),
    city: placeNameSchema(),
    gender: gender(),
  });
}

/** The add-account payload schema on the system clock, for the api's body validation. */
export const addAccountPayloadSchema = createAddAccountPayloadSchema();
