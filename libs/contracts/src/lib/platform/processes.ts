import {
  bankAccountSchema,
  bankDetailsErrors,
  bicSchema,
  correspondentAccountSchema,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  middleNameSchema,
  NAME_MIN_LENGTH,
  optionalPlaceNameSchema,
  ORGANIZATION_NAME_MAX_LENGTH,
  personNameSchema,
  placeNameSchema,
  SOCIAL_PROFILE_URL_PATTERN,
  TITLE_PATTERN,
  validationMessages,
} from '@fed/validation';
import { z } from 'zod';
import { elmaEmailSchema, elmaIdInputSchema, elmaPhoneSchema } from './elma-formats';
import { genderCodeSchema } from './records';

const dateOnlyOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** A person's full name as the portal sends it: the rules of the add-account form for each part. */
export const fullNameInputSchema = z
  .object({
    lastname: personNameSchema(),
    firstname: personNameSchema(),
    middlename: middleNameSchema().optional().default(''),
  })
  .strict();

/**
 * `create_sportsman` without `contractortype`: a new athlete account (the add-account dialog, registration; the
 * api alone starts it).
 */
export const createSportsmanContextSchema = z
  .object({
    contractortype: z.undefined().optional(),
    fio: fullNameInputSchema,
    date_of_birth: dateOnlyOrDateTime,
    gorod: placeNameSchema(),
    gender: genderCodeSchema,
    /** E.164 phone of the login the athlete is bound to. */
    phone: z
      .string()
      .regex(/^\+\d{8,15}$/)
      .optional(),
    backenduserid: z.string().min(1).max(64).optional(),
    organiz: z.array(elmaIdInputSchema).max(5).optional(),
  })
  .strict();
export type CreateSportsmanContext = z.infer<typeof createSportsmanContextSchema>;

/**
 * Fields the organization update context may list in `fieldsForClear`: their values become empty (a value sent
 * beside is cleared too).
 */
export const clearableOrganizationFields = [
  'sait',
  'fakti_address',
  'contact_phone',
  'vk_link',
  'bank',
  'bic',
  'bank_account',
  'correspondent_account',
  'logo',
  'email',
] as const;

/** Fields the sportsman update context may list in `fieldsForClear`. */
export const clearableSportsmanFields = ['photo', 'trener', 'email', 'organization_app', 'vk_link'] as const;

/** Every field some update context may clear. */
export const clearableProfileFields = [
  ...new Set([...clearableOrganizationFields, ...clearableSportsmanFields]),
] as const;

function fieldsForClearSchema<const Fields extends readonly [string, ...string[]]>(fields: Fields) {
  return z
    .array(z.enum(fields, { error: (issue) => `Поле ${String(issue.input)} нельзя очистить` }))
    .max(fields.length)
    .default([]);
}

const urlMessage = validationMessages.url;
const siteSchema = z
  .string()
  .trim()
  .max(300, validationMessages.max(300))
  .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value) && URL.canParse(value), urlMessage);
const socialLinkSchema = z
  .string()
  .trim()
  .max(300, validationMessages.max(300))
  .regex(SOCIAL_PROFILE_URL_PATTERN, urlMessage);
const emailValueSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, validationMessages.max(EMAIL_MAX_LENGTH))
  .pipe(z.email(validationMessages.email));
/** A phone as the platform stores it: E.164 (`+79991234567`). */
const phoneValueSchema = z.string().regex(/^\+\d{8,15}$/, validationMessages.phone);
/** A photo or logo: one image uploaded through `POST /api/files` (purpose `photo` or `logo`). */
const imageLinkSchema = z.array(elmaIdInputSchema).max(1);

/**
 * Spec §7 "Organization update context (runBP)". Bank details follow the Bank of Russia's rules
 * (`@fed/validation` bank-details): a BIC of 9 digits (04…), accounts of 20 digits whose control digit is keyed
 * by the BIC given beside them (the platform checks an account sent alone against the BIC it holds).
 */
export const organizationUpdateContextSchema = z
  .object({
    contractortype: z.literal('organization'),
    is_need_update_sportsman: z.boolean(),
    id: elmaIdInputSchema,
    organisation_name: z
      .string()
      .trim()
      .min(NAME_MIN_LENGTH, validationMessages.min(NAME_MIN_LENGTH))
      .max(ORGANIZATION_NAME_MAX_LENGTH, validationMessages.max(ORGANIZATION_NAME_MAX_LENGTH))
      .regex(TITLE_PATTERN, 'Название должно содержать буквы или цифры, без управляющих символов')
      .optional(),
    sait: siteSchema.optional(),
    gorod: optionalPlaceNameSchema().optional(),
    fakti_address: z.string().trim().max(500, validationMessages.max(500)).optional(),
    contact_phone: z
      .array(elmaPhoneSchema.extend({ tel: phoneValueSchema }))
      .max(5)
      .optional(),
    vk_link: socialLinkSchema.optional(),
    vk_link_available: z.boolean().optional(),
    bank: z.string().trim().max(300, validationMessages.max(300)).optional(),
    bic: bicSchema().optional(),
    bank_account: bankAccountSchema().optional(),
    correspondent_account: correspondentAccountSchema().optional(),
    logo: imageLinkSchema.optional(),
    email: z
      .array(elmaEmailSchema.extend({ email: emailValueSchema }))
      .max(5)
      .optional(),
    fieldsForClear: fieldsForClearSchema(clearableOrganizationFields),
  })
  .strict()
  .superRefine((context, issues) => {
    const errors = bankDetailsErrors({
      bic: context.bic,
      account: context.bank_account,
      correspondentAccount: context.correspondent_account,
    });
    if (errors.account) issues.addIssue({ code: 'custom', path: ['bank_account'], message: errors.account });
    if (errors.correspondentAccount) {
      issues.addIssue({
        code: 'custom',
        path: ['correspondent_account'],
        message: errors.correspondentAccount,
      });
    }
  });
export type OrganizationUpdateContext = z.infer<typeof organizationUpdateContextSchema>;

/** Spec §7 "Sportsman update context (runBP)". */
export const sportsmanUpdateContextSchema = z
  .object({
    contractortype: z.literal('sportsman'),
    is_need_update_sportsman: z.boolean(),
    representive: z.literal(true),
    /** The linked accounts of the same login; shared fields (city, login user) are copied to them. */
    sportsman: z.array(elmaIdInputSchema).max(20),
    id: elmaIdInputSchema,
    backendusrid: z.string().max(64).optional(),
    fio: fullNameInputSchema.optional(),
    gorod: optionalPlaceNameSchema().optional(),
    date_of_birth: dateOnlyOrDateTime.optional(),
    trener: z
      .string()
      .trim()
      .max(FULL_NAME_MAX_LENGTH, validationMessages.max(FULL_NAME_MAX_LENGTH))
      .optional(),
    photo: imageLinkSchema.optional(),
    gender: genderCodeSchema.optional(),
    email: emailValueSchema.optional(),
    organization_app: z.array(elmaIdInputSchema).max(5).optional(),
    vk_link: socialLinkSchema.optional(),
    vk_link_available: z.boolean().optional(),
    fieldsForClear: fieldsForClearSchema(clearableSportsmanFields),
  })
  .strict();
export type SportsmanUpdateContext = z.infer<typeof sportsmanUpdateContextSchema>;

/** Spec §7 update contexts: `contractortype` picks the organization or sportsman one. */
export const profileUpdateContextSchema = z.discriminatedUnion('contractortype', [
  organizationUpdateContextSchema,
  sportsmanUpdateContextSchema,
]);
export type ProfileUpdateContext = z.infer<typeof profileUpdateContextSchema>;

/**
 * The context of `create_sportsman` (spec §7: one process of the `sportsman` app creates athletes and updates
 * profiles): an organization update or sportsman update context (`contractortype` says which; `id` the record,
 * `is_need_update_sportsman` whether to write it), or, without `contractortype`, a new athlete.
 */
export const createSportsmanProcessContextSchema = z.discriminatedUnion('contractortype', [
  organizationUpdateContextSchema,
  sportsmanUpdateContextSchema,
  createSportsmanContextSchema,
]);
export type CreateSportsmanProcessContext = z.infer<typeof createSportsmanProcessContextSchema>;
