import {
  middleNameSchema,
  NAME_MIN_LENGTH,
  optionalPlaceNameSchema,
  ORGANIZATION_NAME_MAX_LENGTH,
  personNameSchema,
  placeNameSchema,
  TITLE_PATTERN,
  validationMessages,
} from '@fed/validation';
import { z } from 'zod';
import { elmaEmailSchema, elmaIdInputSchema, elmaPhoneSchema } from './elma-formats';
import { genderCodeSchema } from './records';

/** Business processes of the `sportsman` app started through `/pub/v1/bpm/template/{ns}/sportsman/{code}/run`. */
export const platformProcesses = {
  createSportsman: 'create_sportsman',
  updateProfile: 'update_profile',
} as const;
export type PlatformProcessCode = (typeof platformProcesses)[keyof typeof platformProcesses];

const dateOnlyOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** A person's full name as the portal sends it: the rules of the add-account form for each part. */
export const fullNameInputSchema = z
  .object({
    lastname: personNameSchema(),
    firstname: personNameSchema(),
    middlename: middleNameSchema().optional().default(''),
  })
  .strict();

/** `create_sportsman`: a new athlete account (the add-account dialog, registration). */
export const createSportsmanContextSchema = z
  .object({
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

/** Fields the update contexts may list in `fieldsForClear` (their values become empty). */
export const clearableProfileFields = [
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
  'photo',
  'trener',
  'organization_app',
] as const;
const fieldsForClearSchema = z
  .array(z.enum(clearableProfileFields))
  .max(clearableProfileFields.length)
  .default([]);

/** Spec §7 "Organization update context (runBP)". */
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
    sait: z.string().max(300).optional(),
    gorod: optionalPlaceNameSchema().optional(),
    fakti_address: z.string().max(500).optional(),
    contact_phone: z.array(elmaPhoneSchema).max(5).optional(),
    vk_link: z.string().max(300).optional(),
    vk_link_available: z.boolean().optional(),
    bank: z.string().max(300).optional(),
    bic: z
      .string()
      .regex(/^\d{9}$/)
      .optional(),
    bank_account: z
      .string()
      .regex(/^\d{20}$/)
      .optional(),
    correspondent_account: z
      .string()
      .regex(/^\d{20}$/)
      .optional(),
    logo: z.array(elmaIdInputSchema).max(1).optional(),
    email: z.array(elmaEmailSchema).max(5).optional(),
    fieldsForClear: fieldsForClearSchema,
  })
  .strict();
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
    trener: z.string().max(200).optional(),
    photo: z.array(elmaIdInputSchema).max(1).optional(),
    gender: genderCodeSchema.optional(),
    email: z.email().optional(),
    organization_app: z.array(elmaIdInputSchema).max(5).optional(),
    vk_link: z.string().max(300).optional(),
    vk_link_available: z.boolean().optional(),
    fieldsForClear: fieldsForClearSchema,
  })
  .strict();
export type SportsmanUpdateContext = z.infer<typeof sportsmanUpdateContextSchema>;

/** `update_profile`: one process, the context's `contractortype` picks the organization or sportsman form. */
export const updateProfileContextSchema = z.discriminatedUnion('contractortype', [
  organizationUpdateContextSchema,
  sportsmanUpdateContextSchema,
]);
export type UpdateProfileContext = z.infer<typeof updateProfileContextSchema>;
