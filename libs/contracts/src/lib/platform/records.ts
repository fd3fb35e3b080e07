import { GENDERS } from '@fed/validation';
import { z } from 'zod';
import { contractorTypes } from './contractor-types';
import {
  elmaCategorySchema,
  elmaDateTimeSchema,
  elmaEmailSchema,
  elmaFullNameSchema,
  elmaIdSchema,
  elmaLinkSchema,
  elmaMoneySchema,
  elmaPhoneSchema,
  elmaSystemFieldsSchema,
} from './elma-formats';
import {
  nomenclatureTypeSchema,
  paymentStatusSchema,
  requestStateSchema,
  saleStatusSchema,
} from './request-state-schemas';

/** Codes of `representative_new`: what kind of account a `sportsman` app item is. */
export const contractorTypeSchema = z.enum(contractorTypes);

/** Gender codes as the platform stores them: the genders of the add-account form. */
export const genderCodes = GENDERS;
export const genderCodeSchema = z.enum(genderCodes);
export type GenderCode = z.infer<typeof genderCodeSchema>;

/** Age class as listed inside a sportsman (computed by the platform from the birth date). */
export const sportsmanAgeClassSchema = z.object({
  __id: elmaIdSchema,
  code: z.string(),
  nazvanie: z.string().optional(),
  sortirovka: z.number(),
});
export type SportsmanAgeClass = z.infer<typeof sportsmanAgeClassSchema>;

/** Age class app item (`vozrastnye_klassy`): ages are the sport age (season year minus birth year). */
export const ageClassRecordSchema = elmaSystemFieldsSchema.extend({
  code: z.string(),
  nazvanie: z.string(),
  sortirovka: z.number(),
  age_from: z.number().int().nullable().optional(),
  age_to: z.number().int().nullable().optional(),
});
export type AgeClassRecord = z.infer<typeof ageClassRecordSchema>;

/**
 * The parts of a person's profile others may see only when the person chose to publish them (152-FZ: a
 * separate consent to publish personal data; for a minor, the parent's). Name, club and age class are the
 * federation's registry and always public.
 */
export const publishConsentParts = ['photo', 'birthYear', 'city', 'results'] as const;
export type PublishConsentPart = (typeof publishConsentParts)[number];

/** Who gave a consent: the person for themselves, or a parent (the login holding a minor's account). */
export const publishConsentRoles = ['self', 'parent'] as const;

/**
 * `publish_consent` of a person's record: what others may see, and when and by whom it was chosen. Absent
 * (or `null`): nothing was chosen, so nothing of the four is published. Written only by `setPublishConsent`.
 */
export const publishConsentSchema = z.object({
  photo: z.boolean(),
  birthYear: z.boolean(),
  city: z.boolean(),
  results: z.boolean(),
  /** When the choice was made (RFC 3339, UTC). */
  givenAt: elmaDateTimeSchema,
  /** The login (the access token's `sub`) that made it, and whether it acted for itself or for a minor. */
  givenBy: z.object({ login: z.string().min(1), role: z.enum(publishConsentRoles) }),
});
export type PublishConsent = z.infer<typeof publishConsentSchema>;

/** A membership number: seven digits, zero-padded («0001234»). */
export const membershipNumberSchema = z.string().regex(/^\d{7}$/);

/** Spec §3 "Shorter sportsman read". */
export const sportsmanShortSchema = z.object({
  __id: elmaIdSchema,
  __name: z.string(),
  email_kontr: z.array(elmaEmailSchema).nullable().optional(),
  organiz: elmaLinkSchema.nullable().optional(),
  coach: z.string().nullable().optional(),
  pol: z.array(elmaCategorySchema).nullable().optional(),
  term_membership: elmaDateTimeSchema.nullable().optional(),
  fio: elmaFullNameSchema.nullable().optional(),
  photo: elmaLinkSchema.nullable().optional(),
  phone: z.array(elmaPhoneSchema).nullable().optional(),
  age_class: z.array(sportsmanAgeClassSchema).nullable().optional(),
  representative_new: z.array(elmaCategorySchema).nullable().optional(),
  gorod: z.string().nullable().optional(),
  date_of_birth: elmaDateTimeSchema.nullable().optional(),
  /**
   * Put by the api's answer filter in place of `date_of_birth` for those who may not see the exact date
   * (see privacy.ts); the platform never sends it.
   */
  birth_year: z.number().int().optional(),
  vk_link: z.string().nullable().optional(),
  vk_link_available: z.boolean().nullable().optional(),
  /** What the person allows others to see (the api's answer filter reads it; only the owner receives it). */
  publish_consent: publishConsentSchema.nullable().optional(),
});
export type SportsmanShort = z.infer<typeof sportsmanShortSchema>;

/** Spec §3 "Sportsman record", full profile read (organizations share the app). */
export const sportsmanRecordSchema = sportsmanShortSchema.extend({
  __createdAt: elmaDateTimeSchema.optional(),
  __updatedAt: elmaDateTimeSchema.optional(),
  __deletedAt: elmaDateTimeSchema.nullable().optional(),
  contact_phone: z.array(elmaPhoneSchema).nullable().optional(),
  sait: z.string().nullable().optional(),
  fakti_address: z.string().nullable().optional(),
  logo: elmaLinkSchema.nullable().optional(),
  bank: z.string().nullable().optional(),
  bic: z.string().nullable().optional(),
  bank_account: z.string().nullable().optional(),
  correspondent_account: z.string().nullable().optional(),
  backenduserid: z.string().nullable().optional(),
  associationFederation: z.boolean().nullable().optional(),
  photo_video_sale: z.boolean().nullable().optional(),
  inn_a: z.string().nullable().optional(),
  yr_nazvanie: z.string().nullable().optional(),
  /** Legal representative of a minor (link to `legal_representatives`). */
  legal_representative: elmaLinkSchema.nullable().optional(),
  /**
   * The federation's membership number («0001234»): given by the platform when the first membership is paid,
   * the next of the federation's sequence, and kept through every renewal. The owner's alone.
   */
  membership_number: membershipNumberSchema.nullable().optional(),
});
export type SportsmanRecord = z.infer<typeof sportsmanRecordSchema>;

/** Spec §3 "Organization read". */
export const organizationReadSchema = z.object({
  __id: elmaIdSchema,
  __name: z.string(),
  contact_phone: z.array(elmaPhoneSchema).nullable().optional(),
  email_kontr: z.array(elmaEmailSchema).nullable().optional(),
  sait: z.string().nullable().optional(),
  fakti_address: z.string().nullable().optional(),
  logo: elmaLinkSchema.nullable().optional(),
  representative_new: z.array(elmaCategorySchema).nullable().optional(),
  phone: z.array(elmaPhoneSchema).nullable().optional(),
  photo_video_sale: z.boolean().nullable().optional(),
  gorod: z.string().nullable().optional(),
  vk_link: z.string().nullable().optional(),
  vk_link_available: z.boolean().nullable().optional(),
});
export type OrganizationRead = z.infer<typeof organizationReadSchema>;

/** Offer document (`offer` app): `file` links the document's HTML on the platform's disk. */
export const offerRecordSchema = z.object({
  __id: elmaIdSchema,
  __name: z.string(),
  file: elmaLinkSchema,
});
export type OfferRecord = z.infer<typeof offerRecordSchema>;

/** Program of an event; `program_type.gender` false means the program is open to both genders. */
export const programRecordSchema = elmaSystemFieldsSchema.extend({
  competition: elmaLinkSchema,
  discipline: z.array(elmaCategorySchema),
  program_type: z.object({ code: z.string(), name: z.string(), gender: z.boolean() }),
  pol: z.array(elmaCategorySchema).nullable().optional(),
  age_class: elmaLinkSchema,
  weight_category: z.string().nullable().optional(),
  fee: elmaMoneySchema,
});
export type ProgramRecord = z.infer<typeof programRecordSchema>;

/** Competition (event) app item. */
export const competitionRecordSchema = elmaSystemFieldsSchema.extend({
  date_start: elmaDateTimeSchema,
  date_end: elmaDateTimeSchema,
  registration_deadline: elmaDateTimeSchema,
  gorod: z.string(),
  /** The venue as one line, as the address suggestion gave it (it names the city). */
  address: z.string(),
  /** The venue's coordinates, when the address had them. */
  geo_lat: z.number().nullable().optional(),
  geo_lon: z.number().nullable().optional(),
  discipline: z.array(elmaCategorySchema),
  level: z.array(elmaCategorySchema),
  organizer: elmaLinkSchema,
  age_class: elmaLinkSchema,
  fee: elmaMoneySchema,
  places_limit: z.number().int().min(0),
  description: z.string(),
  photo_video_sale: z.boolean(),
  /** Poster image on the platform's disk. */
  poster: elmaLinkSchema.nullable().optional(),
  /** Prices of the photo/video packages at this event (unset: the platform's default price list). */
  photo_video_prices: z
    .object({ photo: elmaMoneySchema, video: elmaMoneySchema, photo_video: elmaMoneySchema })
    .nullable()
    .optional(),
  /**
   * Staff cancelled the event on the platform: it stays in the catalogue, takes no new applications, and its
   * entrants are told (absent from platforms that do not send it: not cancelled).
   */
  cancelled: z.boolean().optional(),
});
export type CompetitionRecord = z.infer<typeof competitionRecordSchema>;

/** Competition request (application). */
export const requestRecordSchema = elmaSystemFieldsSchema.extend({
  sportsman: elmaLinkSchema,
  competition: elmaLinkSchema,
  programs: elmaLinkSchema,
  requestState: requestStateSchema,
  nomenclature_type: nomenclatureTypeSchema,
  payment_status: paymentStatusSchema,
  fee: elmaMoneySchema,
  reason: z.string().nullable().optional(),
  coach: z.string().nullable().optional(),
  /** The athlete's place in the competition once the results are in (competition requests of past events). */
  result_place: z.number().int().min(1).nullable().optional(),
  /** A membership request: the season it is for (unset on old ones: the season offered when paid). */
  season: z.number().int().nullable().optional(),
  /** An application made with the athlete's membership request beside it, paid in the same order. */
  membership_request: elmaLinkSchema.nullable().optional(),
  /** When it was paid, and by which order and provider payment (the api's); the refund that undid it. */
  paid_at: elmaDateTimeSchema.nullable().optional(),
  payment_order: z.string().nullable().optional(),
  payment_id: z.string().nullable().optional(),
  refund_id: z.string().nullable().optional(),
  state_history: z.array(
    z.object({
      from: requestStateSchema.nullable(),
      to: requestStateSchema,
      at: elmaDateTimeSchema,
      reason: z.string().nullable(),
    }),
  ),
});
export type RequestRecord = z.infer<typeof requestRecordSchema>;

/**
 * Photo/video sale of one performance: the athlete's `entry` (their competition request) in one `program`,
 * paid by its own `request` (`nomenclature_type: photo_video`). Older sales name no performance.
 */
export const saleRecordSchema = elmaSystemFieldsSchema.extend({
  sportsman: elmaLinkSchema,
  competition: elmaLinkSchema,
  request: elmaLinkSchema.nullable().optional(),
  entry: elmaLinkSchema.nullable().optional(),
  program: elmaLinkSchema.nullable().optional(),
  package: z.array(elmaCategorySchema),
  price: elmaMoneySchema,
  status: saleStatusSchema,
  cancelled_at: elmaDateTimeSchema.nullable().optional(),
});
export type SaleRecord = z.infer<typeof saleRecordSchema>;

/** Membership term of an athlete for one season. */
export const membershipRecordSchema = elmaSystemFieldsSchema.extend({
  sportsman: elmaLinkSchema,
  season: z.number().int(),
  valid_until: elmaDateTimeSchema,
  fee: elmaMoneySchema,
  paid: z.boolean(),
});
export type MembershipRecord = z.infer<typeof membershipRecordSchema>;

/**
 * How a paid membership sets the term: `calendar_year` — until the end of the season (calendar year) paid for;
 * `twelve_months` — twelve months from the payment (or from the end of a term still running).
 */
export const membershipTermRules = ['calendar_year', 'twelve_months'] as const;
export type MembershipTermRule = (typeof membershipTermRules)[number];

/** The federation's settings (app `settings`, one record): membership's term rule, fee and reminders. */
export const federationSettingsRecordSchema = elmaSystemFieldsSchema.extend({
  membership_term_rule: z.enum(membershipTermRules),
  membership_fee: elmaMoneySchema,
  /** How many days before the term ends the athlete is reminded. */
  membership_reminder_days: z.number().int().min(1).max(365),
  /** A photo in the profile is required to become a member. */
  membership_requires_photo: z.boolean(),
});
export type FederationSettingsRecord = z.infer<typeof federationSettingsRecordSchema>;

/** Legal representative of a minor athlete (spec §3). */
export const legalRepresentativeRecordSchema = elmaSystemFieldsSchema.extend({
  firstname: z.string(),
  lastname: z.string(),
  middlename: z.string(),
  date_of_birth: elmaDateTimeSchema,
  sportsman: elmaLinkSchema,
});
export type LegalRepresentativeRecord = z.infer<typeof legalRepresentativeRecordSchema>;
