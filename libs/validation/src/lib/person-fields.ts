import { z } from 'zod';
import { CITY_MAX_LENGTH, FULL_NAME_MAX_LENGTH, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from './constants';
import { validationMessages } from './messages';
import { NAME_PATTERN, PLACE_NAME_PATTERN, TYPED_TEXT_PATTERN } from './patterns';
import { isRuDateString } from './ru-date';
import { isEmptyValue, type RuleSpec } from './rules';
import { zodRules } from './zod-rules';

/**
 * The rules of a person's fields, one list for the forms and the server: the add-account dialog,
 * registration, organization registration and the platform scripts' inputs read these.
 */

function matches(pattern: RegExp, message: string): RuleSpec {
  return [
    'custom',
    {
      validator: (value) => isEmptyValue(value) || (typeof value === 'string' && pattern.test(value)),
      message,
    },
  ];
}

/** A last, first or middle name when given: 2–100 letters, hyphens and spaces. */
export const PERSON_NAME_RULES: readonly RuleSpec[] = [
  ['min', { n: NAME_MIN_LENGTH }],
  ['max', { n: NAME_MAX_LENGTH }],
  matches(NAME_PATTERN, validationMessages.name),
];

/**
 * A last, first or middle name of a new account when given — the add-account dialog's and registration's (spec
 * §5 "Add account"): at least 2 characters. Those rules name no pattern, so digits, apostrophes and dots pass
 * (the name pattern of `PERSON_NAME_RULES` is for the forms that ask for it). Refused besides is what no one types
 * (control characters, broken UTF-16), with the catalogue's fallback message, and more than 100 characters.
 */
export const ACCOUNT_NAME_RULES: readonly RuleSpec[] = [
  ['min', { n: NAME_MIN_LENGTH }],
  ['max', { n: NAME_MAX_LENGTH }],
  [
    'custom',
    {
      validator: (value) =>
        isEmptyValue(value) || (typeof value === 'string' && TYPED_TEXT_PATTERN.test(value)),
    },
  ],
];

/** A full name ('Фамилия Имя Отчество') when given: letters, hyphens and spaces, up to 200. */
export const FULL_NAME_RULES: readonly RuleSpec[] = [
  ['min', { n: NAME_MIN_LENGTH }],
  ['max', { n: FULL_NAME_MAX_LENGTH }],
  matches(NAME_PATTERN, validationMessages.name),
];

/** A city or settlement name when given. */
export const PLACE_NAME_RULES: readonly RuleSpec[] = [
  ['max', { n: CITY_MAX_LENGTH }],
  matches(PLACE_NAME_PATTERN, validationMessages.placeName),
];

/** A date written as the field expects — DD.MM.YYYY naming a real day unless told otherwise: «Неверный формат даты». */
export function wellFormedDate(isWellFormed: (text: string) => boolean = isRuDateString): RuleSpec {
  return [
    'custom',
    {
      validator: (value) => typeof value === 'string' && isWellFormed(value),
      message: validationMessages.dateFormat,
    },
  ];
}

/** A required birth date: well formed (DD.MM.YYYY unless told otherwise), a real day, not after today. */
export function birthDateRules(isWellFormed?: (text: string) => boolean): readonly RuleSpec[] {
  return ['required', wellFormedDate(isWellFormed), 'maxDateLib'];
}

const REQUIRED = { error: validationMessages.required };

/** A required last or first name, trimmed. */
export function personNameSchema() {
  return z
    .string(REQUIRED)
    .trim()
    .superRefine(zodRules(['required', ...PERSON_NAME_RULES]));
}

/** A required last or first name of a new account (`ACCOUNT_NAME_RULES`), trimmed; `field` names it in the fallback. */
export function accountNameSchema(field: string) {
  return z
    .string(REQUIRED)
    .trim()
    .superRefine(zodRules(['required', ...ACCOUNT_NAME_RULES], { field }));
}

/** A new account's middle name as the api receives it: '' when the person has none, else `ACCOUNT_NAME_RULES`. */
export function accountMiddleNameSchema() {
  return z
    .string(REQUIRED)
    .trim()
    .superRefine(zodRules(ACCOUNT_NAME_RULES, { field: 'middleName' }));
}

/** A middle name: '' when the person has none, else the rules of a name. */
export function middleNameSchema() {
  return z.string(REQUIRED).trim().superRefine(zodRules(PERSON_NAME_RULES));
}

/** A required full name ('Фамилия Имя Отчество'), trimmed. */
export function fullNameSchema() {
  return z
    .string(REQUIRED)
    .trim()
    .superRefine(zodRules(['required', ...FULL_NAME_RULES]));
}

/** A required city or settlement name, trimmed. */
export function placeNameSchema() {
  return z
    .string(REQUIRED)
    .trim()
    .superRefine(zodRules(['required', ...PLACE_NAME_RULES]));
}

/** An optional city or settlement name, trimmed ('' passes). */
export function optionalPlaceNameSchema() {
  return z.string().trim().superRefine(zodRules(PLACE_NAME_RULES));
}
