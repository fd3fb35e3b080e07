import { z } from 'zod';
import { elmaDateTimeSchema, elmaIdSchema, elmaMoneySchema } from './elma-formats';
import { ELMA_LIST_MAX_SIZE } from './elma-app-api';
import { createSportsmanContextSchema, platformProcesses, updateProfileContextSchema } from './processes';
import {
  ageClassRecordSchema,
  competitionRecordSchema,
  genderCodeSchema,
  legalRepresentativeRecordSchema,
  organizationReadSchema,
  programRecordSchema,
  requestRecordSchema,
  saleRecordSchema,
  sportsmanShortSchema,
} from './records';
import { nomenclatureTypeSchema, paymentStatusSchema, requestStateSchema } from './request-state';

/**
 * Module API methods ("extension scripts") at `/api/extensions/{module-uuid}/script/{name}`.
 * GET methods take their input as a JSON-encoded `data` query parameter; POST methods as the JSON body.
 * Every answer carries `success`; a refused call answers 400 `{success: false, error}`.
 */

const pageSchema = {
  from: z.number().int().min(0).max(1_000_000).default(0),
  size: z.number().int().min(1).max(ELMA_LIST_MAX_SIZE).default(20),
};

const okSchema = z.literal(true);

function listAnswer<T extends z.ZodType>(item: T) {
  return z.object({ success: okSchema, result: z.array(item), total: z.number().int().min(0) });
}
function dataAnswer<T extends z.ZodType>(data: T) {
  return z.object({ success: okSchema, data });
}

// ---- application module --------------------------------------------------------------------------------

/** A request as the portal shows it: the record plus the names it links to. */
export const requestViewSchema = requestRecordSchema.extend({
  competitionName: z.string(),
  competitionDate: elmaDateTimeSchema.nullable(),
  sportsmanName: z.string(),
  allowedStates: z.array(requestStateSchema),
});
export type RequestView = z.infer<typeof requestViewSchema>;

export const getApplicationByIdInputSchema = z.object({ id: elmaIdSchema }).strict();
export type GetApplicationByIdInput = z.infer<typeof getApplicationByIdInputSchema>;
export const getApplicationByIdOutputSchema = dataAnswer(requestViewSchema);
export type GetApplicationByIdOutput = z.infer<typeof getApplicationByIdOutputSchema>;

/** Apply to a competition: checks deadline, places, gender of gendered programs, age class, duplicates. */
export const createApplicationInputSchema = z
  .object({
    sportsmanId: elmaIdSchema,
    competitionId: elmaIdSchema,
    programIds: z.array(elmaIdSchema).min(1).max(10),
  })
  .strict();
export type CreateApplicationInput = z.infer<typeof createApplicationInputSchema>;
export const createApplicationOutputSchema = dataAnswer(requestViewSchema);
export type CreateApplicationOutput = z.infer<typeof createApplicationOutputSchema>;

// ---- requests module -----------------------------------------------------------------------------------

export const changeCompetitionRequestStateInputSchema = z
  .object({
    requestId: elmaIdSchema,
    requestState: requestStateSchema,
    /** Required when returning for correction or rejecting. */
    reason: z.string().trim().min(1).max(1000).optional(),
  })
  .strict();
export type ChangeCompetitionRequestStateInput = z.infer<typeof changeCompetitionRequestStateInputSchema>;
export const changeCompetitionRequestStateOutputSchema = dataAnswer(requestViewSchema);
export type ChangeCompetitionRequestStateOutput = z.infer<typeof changeCompetitionRequestStateOutputSchema>;

export const cancelSalesInputSchema = z.object({ saleId: elmaIdSchema }).strict();
export type CancelSalesInput = z.infer<typeof cancelSalesInputSchema>;
export const cancelSalesOutputSchema = dataAnswer(
  saleRecordSchema.extend({ refund: elmaMoneySchema.nullable() }),
);
export type CancelSalesOutput = z.infer<typeof cancelSalesOutputSchema>;

/** Empty strings mean "any", as the portal sends them. */
export const getMyRequestListInputSchema = z
  .object({
    sportsmanID: elmaIdSchema,
    payment_status: z.union([paymentStatusSchema, z.literal('')]).default(''),
    query: z.string().max(200).default(''),
    nomenclature_type: z.union([nomenclatureTypeSchema, z.literal('')]).default(''),
    ...pageSchema,
  })
  .strict();
export type GetMyRequestListInput = z.input<typeof getMyRequestListInputSchema>;
export const getMyRequestListOutputSchema = listAnswer(requestViewSchema);
export type GetMyRequestListOutput = z.infer<typeof getMyRequestListOutputSchema>;

export const getMySalesInputSchema = z.object({ sportsmanID: elmaIdSchema, ...pageSchema }).strict();
export type GetMySalesInput = z.input<typeof getMySalesInputSchema>;
export const getMySalesOutputSchema = listAnswer(saleRecordSchema.extend({ competitionName: z.string() }));
export type GetMySalesOutput = z.infer<typeof getMySalesOutputSchema>;

// ---- functions module ----------------------------------------------------------------------------------

/** `runBP`: starts a process of the `sportsman` app with its context. */
export const runBpInputSchema = z.discriminatedUnion('process', [
  z
    .object({ process: z.literal(platformProcesses.createSportsman), context: createSportsmanContextSchema })
    .strict(),
  z
    .object({ process: z.literal(platformProcesses.updateProfile), context: updateProfileContextSchema })
    .strict(),
]);
export type RunBpInput = z.input<typeof runBpInputSchema>;
export const runBpOutputSchema = dataAnswer(
  z.object({
    processId: elmaIdSchema,
    process: z.string(),
    /** The created or updated record. */
    recordId: elmaIdSchema,
    /** `false` when `is_need_update_sportsman` was false: the context was checked, nothing written. */
    written: z.boolean(),
  }),
);
export type RunBpOutput = z.infer<typeof runBpOutputSchema>;

export const getUsersByElmaUserIdInputSchema = z
  .object({ userIds: z.array(elmaIdSchema).min(1).max(50) })
  .strict();
export type GetUsersByElmaUserIdInput = z.infer<typeof getUsersByElmaUserIdInputSchema>;
export const getUsersByElmaUserIdOutputSchema = z.object({
  success: okSchema,
  sportsmans: z.array(sportsmanShortSchema),
});
export type GetUsersByElmaUserIdOutput = z.infer<typeof getUsersByElmaUserIdOutputSchema>;

export const eventSorts = ['date_asc', 'date_desc', 'name_asc'] as const;

/** Events list. Dates are `YYYY-MM-DD` (inclusive, by start date); `when` is relative to now. */
export const getEventsInputSchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    dateFrom: z.iso.date().optional(),
    dateTo: z.iso.date().optional(),
    city: z.string().trim().max(200).optional(),
    discipline: z.string().max(50).optional(),
    organizerId: elmaIdSchema.optional(),
    when: z.enum(['upcoming', 'past', 'all']).default('all'),
    sort: z.enum(eventSorts).optional(),
    ...pageSchema,
  })
  .strict();
export type GetEventsInput = z.input<typeof getEventsInputSchema>;

export const eventSummarySchema = competitionRecordSchema.extend({
  placesTaken: z.number().int().min(0),
  organizerName: z.string(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;
export const getEventsOutputSchema = listAnswer(eventSummarySchema);
export type GetEventsOutput = z.infer<typeof getEventsOutputSchema>;

export const getEventByIdInputSchema = z.object({ id: elmaIdSchema }).strict();
export type GetEventByIdInput = z.infer<typeof getEventByIdInputSchema>;
export const eventDetailsSchema = eventSummarySchema.extend({
  programs: z.array(programRecordSchema),
  ageClasses: z.array(ageClassRecordSchema),
  registrationOpen: z.boolean(),
});
export type EventDetails = z.infer<typeof eventDetailsSchema>;
export const getEventByIdOutputSchema = dataAnswer(eventDetailsSchema);
export type GetEventByIdOutput = z.infer<typeof getEventByIdOutputSchema>;

export const getEventProgramsInputSchema = z
  .object({ eventId: elmaIdSchema, gender: genderCodeSchema.optional() })
  .strict();
export type GetEventProgramsInput = z.infer<typeof getEventProgramsInputSchema>;
export const getEventProgramsOutputSchema = listAnswer(programRecordSchema);
export type GetEventProgramsOutput = z.infer<typeof getEventProgramsOutputSchema>;

export const getSportsmenInputSchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    city: z.string().trim().max(200).optional(),
    organizationId: elmaIdSchema.optional(),
    gender: genderCodeSchema.optional(),
    ...pageSchema,
  })
  .strict();
export type GetSportsmenInput = z.input<typeof getSportsmenInputSchema>;
export const getSportsmenOutputSchema = listAnswer(sportsmanShortSchema);
export type GetSportsmenOutput = z.infer<typeof getSportsmenOutputSchema>;

export const getOrganizationsInputSchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    city: z.string().trim().max(200).optional(),
    ...pageSchema,
  })
  .strict();
export type GetOrganizationsInput = z.input<typeof getOrganizationsInputSchema>;
export const getOrganizationsOutputSchema = listAnswer(organizationReadSchema);
export type GetOrganizationsOutput = z.infer<typeof getOrganizationsOutputSchema>;

export const getAgeClassesInputSchema = z.object({}).strict();
export const getAgeClassesOutputSchema = listAnswer(ageClassRecordSchema);
export type GetAgeClassesOutput = z.infer<typeof getAgeClassesOutputSchema>;

export const getOfferDocumentInputSchema = z.object({ id: elmaIdSchema }).strict();
export type GetOfferDocumentInput = z.infer<typeof getOfferDocumentInputSchema>;
export const offerDocumentSchema = z.object({
  __id: elmaIdSchema,
  __name: z.string(),
  file: z.array(elmaIdSchema),
  /** The document's HTML (sanitize before showing it). */
  html: z.string().min(1),
});
export type OfferDocument = z.infer<typeof offerDocumentSchema>;
export const getOfferDocumentOutputSchema = dataAnswer(offerDocumentSchema);
export type GetOfferDocumentOutput = z.infer<typeof getOfferDocumentOutputSchema>;

// ---- insurance module ----------------------------------------------------------------------------------

export const createUpdateLegalRepresentativeInputSchema = z
  .object({
    firstname: z.string().trim().min(2).max(100),
    lastname: z.string().trim().min(2).max(100),
    middlename: z.string().trim().max(100).default(''),
    date_of_birth: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
    /** The minor athlete the representative acts for. */
    sportsmanId: elmaIdSchema,
  })
  .strict();
export type CreateUpdateLegalRepresentativeInput = z.input<typeof createUpdateLegalRepresentativeInputSchema>;
export const createUpdateLegalRepresentativeOutputSchema = dataAnswer(
  legalRepresentativeRecordSchema.extend({ created: z.boolean() }),
);
export type CreateUpdateLegalRepresentativeOutput = z.infer<
  typeof createUpdateLegalRepresentativeOutputSchema
>;

// ---- the registry ---------------------------------------------------------------------------------------

export type PlatformModuleKey = 'application' | 'requests' | 'functions' | 'insurance';

export interface PlatformScriptDefinition {
  module: PlatformModuleKey;
  method: 'GET' | 'POST';
  input: z.ZodType;
  output: z.ZodType;
}

/** Every module API method the portal uses: its module, HTTP method, input and answer. */
export const platformScripts = {
  getApplicationById: {
    module: 'application',
    method: 'GET',
    input: getApplicationByIdInputSchema,
    output: getApplicationByIdOutputSchema,
  },
  createApplication: {
    module: 'application',
    method: 'POST',
    input: createApplicationInputSchema,
    output: createApplicationOutputSchema,
  },
  changeCompetitionRequestState: {
    module: 'requests',
    method: 'POST',
    input: changeCompetitionRequestStateInputSchema,
    output: changeCompetitionRequestStateOutputSchema,
  },
  cancelSales: {
    module: 'requests',
    method: 'POST',
    input: cancelSalesInputSchema,
    output: cancelSalesOutputSchema,
  },
  getMyRequestList: {
    module: 'requests',
    method: 'GET',
    input: getMyRequestListInputSchema,
    output: getMyRequestListOutputSchema,
  },
  getMySales: {
    module: 'requests',
    method: 'GET',
    input: getMySalesInputSchema,
    output: getMySalesOutputSchema,
  },
  runBP: { module: 'functions', method: 'POST', input: runBpInputSchema, output: runBpOutputSchema },
  getUsersByElmaUserId: {
    module: 'functions',
    method: 'GET',
    input: getUsersByElmaUserIdInputSchema,
    output: getUsersByElmaUserIdOutputSchema,
  },
  getEvents: {
    module: 'functions',
    method: 'GET',
    input: getEventsInputSchema,
    output: getEventsOutputSchema,
  },
  getEventById: {
    module: 'functions',
    method: 'GET',
    input: getEventByIdInputSchema,
    output: getEventByIdOutputSchema,
  },
  getEventPrograms: {
    module: 'functions',
    method: 'GET',
    input: getEventProgramsInputSchema,
    output: getEventProgramsOutputSchema,
  },
  getSportsmen: {
    module: 'functions',
    method: 'GET',
    input: getSportsmenInputSchema,
    output: getSportsmenOutputSchema,
  },
  getOrganizations: {
    module: 'functions',
    method: 'GET',
    input: getOrganizationsInputSchema,
    output: getOrganizationsOutputSchema,
  },
  getAgeClasses: {
    module: 'functions',
    method: 'GET',
    input: getAgeClassesInputSchema,
    output: getAgeClassesOutputSchema,
  },
  getOfferDocument: {
    module: 'functions',
    method: 'GET',
    input: getOfferDocumentInputSchema,
    output: getOfferDocumentOutputSchema,
  },
  createUpdateLegalRepresentative: {
    module: 'insurance',
    method: 'POST',
    input: createUpdateLegalRepresentativeInputSchema,
    output: createUpdateLegalRepresentativeOutputSchema,
  },
} as const satisfies Record<string, PlatformScriptDefinition>;
export type PlatformScriptName = keyof typeof platformScripts;
