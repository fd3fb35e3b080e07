import { z } from 'zod';
import {
  addAccountPayloadSchema,
  isValidInn,
  NAME_MIN_LENGTH,
  NAME_PATTERN,
  parseE164,
  PHONE_FORMATS,
  TITLE_PATTERN,
  validationMessages,
  zodRules,
} from '@fed/validation';

/**
 * Field schemas the auth bodies share. Every message a person may see is Russian and comes from the
 * rule catalogue of `@fed/validation`; the few that the catalogue lacks (code, INN, agreements) are here.
 */

export const authMessages = {
  codeFormat: 'Код состоит из 6 цифр',
  innFormat: 'Неверный ИНН',
  agreementRequired: 'Необходимо принять соглашение',
  unknownField: 'Неизвестное поле',
} as const;

const REQUIRED = { error: validationMessages.required };

/** Length of a confirmation code. */
export const AUTH_CODE_LENGTH = 6;

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
  .superRefine(zodRules(['required']))
  .pipe(z.string().regex(/^\d{6}$/, authMessages.codeFormat));

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

function requiredText(max: number, pattern?: RegExp) {
  return z
    .string(REQUIRED)
    .trim()
    .superRefine(
      zodRules([
        'required',
        ['min', { n: NAME_MIN_LENGTH }],
        ['max', { n: max }],
        ...(pattern
          ? [
              [
                'custom',
                {
                  validator: (value: unknown) => typeof value === 'string' && pattern.test(value),
                  message: validationMessages.fallback('Поле'),
                },
              ] as const,
            ]
          : []),
      ]),
    );
}

/**
 * An organization as registration asks for it: the name (usually chosen from the party suggestions,
 * which also fill the INN), the INN, the city, a contact e-mail and the contact person's full name.
 */
export const authOrganizationSchema = z.strictObject({
  name: requiredText(300, TITLE_PATTERN),
  inn: innSchema,
  city: z
    .string(REQUIRED)
    .trim()
    .superRefine(zodRules(['required', ['max', { n: 200 }]])),
  email: z
    .string(REQUIRED)
    .trim()
    .superRefine(zodRules(['required', 'email', ['max', { n: 200 }]])),
  /** 'Фамилия Имя Отчество' of the person the federation talks to. */
  contactPerson: requiredText(200, NAME_PATTERN),
});
export type AuthOrganization = z.infer<typeof authOrganizationSchema>;
