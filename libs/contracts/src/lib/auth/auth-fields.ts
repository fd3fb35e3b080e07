import { z } from 'zod';
import {
  addAccountPayloadSchema,
  EMAIL_MAX_LENGTH,
  fullNameSchema,
  isValidInn,
  NAME_MIN_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH,
  parseE164,
  PHONE_FORMATS,
  TITLE_PATTERN,
  placeNameSchema,
  validationMessages,
  zodRules,
} from '@fed/validation';
import { CODE_FORMAT_MESSAGE, confirmationCodeError } from './confirmation-code';

export { AUTH_CODE_LENGTH, confirmationCodeError } from './confirmation-code';

/**
 * Field schemas the auth bodies share. Every message a person may see is Russian and comes from the
 * rule catalogue of `@fed/validation`; the few that the catalogue lacks (code, INN, agreements) are here.
 */

export const authMessages = {
  codeFormat: CODE_FORMAT_MESSAGE,
  innFormat: 'Неверный ИНН',
  organizationName: 'Название должно содержать буквы или цифры, без управляющих символов',
  agreementRequired: 'Необходимо принять соглашение',
  unknownField: 'Неизвестное поле',
} as const;

const REQUIRED = { error: validationMessages.required };

/**
 * A phone of one of the four countries of spec §5 in international form, with or without the mask's
 * brackets, spaces and hyphens: '+7 (900) 123-45-67', '+375291234567'. The output is E.164: '+79001234567'.
 */
export const phoneSchema = z
  .string(REQUIRED)
  .trim()
  .superRefine(zodRules(['required']))
  .transform((value, ctx) => {
    const parsed = parseE164(value);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: validationMessages.phone });
      return z.NEVER;
    }
    return `+${PHONE_FORMATS[parsed.country].dialCode}${parsed.digits}`;
  });

/** A six-digit confirmation code as the SMS shows it. */
export const confirmationCodeSchema = z
  .string(REQUIRED)
  .trim()
  .superRefine((code, ctx) => {
    const message = confirmationCodeError(code);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

/** A checkbox that must be ticked: acceptance of a legal offer document. */
export const agreementSchema = z.literal(true, { error: authMessages.agreementRequired });

/**
 * A person: exactly the spec's add-account payload (lastName, firstName, middleName — '' when none —,
 * birthDate 'YYYY-MM-DD', city name, gender), with the rules of spec §5. Registration, adding the
 * sportsman role and adding a linked account all take it.
 */
export const authPersonSchema = addAccountPayloadSchema;
export type AuthPerson = z.infer<typeof authPersonSchema>;

/** A Russian taxpayer number: 10 digits (legal entity) or 12 (individual entrepreneur) with valid check digits. */
export const isValidRussianInn = isValidInn;

const innSchema = z
  .string(REQUIRED)
  .trim()
  .superRefine(zodRules(['required']))
  .pipe(z.string().refine(isValidRussianInn, authMessages.innFormat));

const organizationNameSchema = z
  .string(REQUIRED)
  .trim()
  .superRefine(
    zodRules([
      'required',
      ['min', { n: NAME_MIN_LENGTH }],
      ['max', { n: ORGANIZATION_NAME_MAX_LENGTH }],
      [
        'custom',
        {
          validator: (value: unknown) => typeof value === 'string' && TITLE_PATTERN.test(value),
          message: authMessages.organizationName,
        },
      ],
    ]),
  );

/**
 * An organization as registration asks for it: the name (usually chosen from the party suggestions,
 * which also fill the INN), the INN, the city, a contact e-mail and the contact person's full name.
 */
export const authOrganizationSchema = z.strictObject({
  name: organizationNameSchema,
  inn: innSchema,
  city: placeNameSchema(),
  email: z
    .string(REQUIRED)
    .trim()
    .superRefine(zodRules(['required', ['max', { n: EMAIL_MAX_LENGTH }], 'email'])),
  /** 'Фамилия Имя Отчество' of the person the federation talks to. */
  contactPerson: fullNameSchema(),
});
export type AuthOrganization = z.infer<typeof authOrganizationSchema>;
