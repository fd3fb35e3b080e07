import { middleNameSchema, personNameSchema } from '@fed/validation';
import { z } from 'zod';
import {
  elmaDateTimeSchema,
  elmaIdInputSchema,
  elmaIdSchema,
  elmaLinkSchema,
  elmaMoneySchema,
} from './elma-formats';
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
import {
  competitionDocumentKindCodes,
  competitionDocumentStates,
  disciplineCodes,
  levelCodes,
  programTypeCodes,
} from './competition-catalog';
import { platformScriptModules, type PlatformModuleKey } from './script-modules';

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
  /** The competition's last day, for its dates as a range (absent from platforms that do not send it). */
  competitionDateEnd: elmaDateTimeSchema.nullable().optional(),
  /** Until when the athlete may still edit or withdraw (null for requests without a competition). */
  registrationDeadline: elmaDateTimeSchema.nullable(),
  sportsmanName: z.string(),
  /** Names of `programs`, in the same order. */
  programNames: z.array(z.string()),
  allowedStates: z.array(requestStateSchema),
});
export type RequestView = z.infer<typeof requestViewSchema>;

export const getApplicationByIdInputSchema = z.object({ id: elmaIdInputSchema }).strict();
export type GetApplicationByIdInput = z.infer<typeof getApplicationByIdInputSchema>;
export const getApplicationByIdOutputSchema = dataAnswer(requestViewSchema);
export type GetApplicationByIdOutput = z.infer<typeof getApplicationByIdOutputSchema>;

const coachSchema = z.string().trim().max(200).nullable().default(null);

/**
 * Apply to a competition: the platform runs the same checks as `getApplicationEligibility` and refuses
 * with the first reason's message.
 */
export const createApplicationInputSchema = z
  .object({
    sportsmanId: elmaIdInputSchema,
    competitionId: elmaIdInputSchema,
    programIds: z.array(elmaIdInputSchema).min(1).max(10),
    coach: coachSchema,
    /** The athlete accepted the sportsman offer document. */
    acceptOffer: z.literal(true),
  })
  .strict();
export type CreateApplicationInput = z.input<typeof createApplicationInputSchema>;
export const createApplicationOutputSchema = dataAnswer(requestViewSchema);
export type CreateApplicationOutput = z.infer<typeof createApplicationOutputSchema>;

/**
 * Change the programs (and coach) of an own request while it is `new` or `returned` and registration is
 * open. Editing a returned request sends it back to review (`returned → under_review`).
 */
export const updateApplicationInputSchema = z
  .object({
    requestId: elmaIdInputSchema,
    programIds: z.array(elmaIdInputSchema).min(1).max(10),
    coach: coachSchema,
  })
  .strict();
export type UpdateApplicationInput = z.input<typeof updateApplicationInputSchema>;
export const updateApplicationOutputSchema = dataAnswer(requestViewSchema);
export type UpdateApplicationOutput = z.infer<typeof updateApplicationOutputSchema>;

/** Why an athlete cannot enter a competition (or one of its programs). Messages are Russian, for people. */
export const eligibilityReasonCodes = [
  'not_athlete',
  'registration_closed',
  'no_places',
  'membership_expired',
  'minor_without_representative',
  'already_applied',
  'gender_mismatch',
  'age_class_mismatch',
] as const;
export const eligibilityReasonSchema = z.object({
  code: z.enum(eligibilityReasonCodes),
  message: z.string().min(1),
});
export type EligibilityReason = z.infer<typeof eligibilityReasonSchema>;

export const applicationEligibilitySchema = z.object({
  sportsmanId: elmaIdSchema,
  competitionId: elmaIdSchema,
  /** True when no athlete-level reason stands and at least one program is open to the athlete. */
  eligible: z.boolean(),
  /** Reasons that concern the athlete and the competition as a whole. */
  reasons: z.array(eligibilityReasonSchema),
  /** Every program of the competition, with the reasons it is closed to this athlete. */
  programs: z.array(
    z.object({ programId: elmaIdSchema, eligible: z.boolean(), reasons: z.array(eligibilityReasonSchema) }),
  ),
  /** The athlete's active request to this competition, if any (to edit instead of applying again). */
  existingRequestId: elmaIdSchema.nullable(),
});
export type ApplicationEligibility = z.infer<typeof applicationEligibilitySchema>;

export const getApplicationEligibilityInputSchema = z
  .object({ sportsmanId: elmaIdInputSchema, competitionId: elmaIdInputSchema })
  .strict();
export type GetApplicationEligibilityInput = z.infer<typeof getApplicationEligibilityInputSchema>;
export const getApplicationEligibilityOutputSchema = dataAnswer(applicationEligibilitySchema);
export type GetApplicationEligibilityOutput = z.infer<typeof getApplicationEligibilityOutputSchema>;

// ---- requests module -----------------------------------------------------------------------------------

export const changeCompetitionRequestStateInputSchema = z
  .object({
    requestId: elmaIdInputSchema,
    requestState: requestStateSchema,
    /** Required when returning for correction or rejecting. */
    reason: z.string().trim().min(1).max(1000).optional(),
  })
  .strict();
export type ChangeCompetitionRequestStateInput = z.infer<typeof changeCompetitionRequestStateInputSchema>;
export const changeCompetitionRequestStateOutputSchema = dataAnswer(requestViewSchema);
export type ChangeCompetitionRequestStateOutput = z.infer<typeof changeCompetitionRequestStateOutputSchema>;

export const cancelSalesInputSchema = z.object({ saleId: elmaIdInputSchema }).strict();
export type CancelSalesInput = z.infer<typeof cancelSalesInputSchema>;
export const cancelSalesOutputSchema = dataAnswer(
  saleRecordSchema.extend({ refund: elmaMoneySchema.nullable() }),
);
export type CancelSalesOutput = z.infer<typeof cancelSalesOutputSchema>;

/** Empty strings mean "any", as the portal sends them. */
export const getMyRequestListInputSchema = z
  .object({
    sportsmanID: elmaIdInputSchema,
    payment_status: z.union([paymentStatusSchema, z.literal('')]).default(''),
    query: z.string().max(200).default(''),
    nomenclature_type: z.union([nomenclatureTypeSchema, z.literal('')]).default(''),
    ...pageSchema,
  })
  .strict();
export type GetMyRequestListInput = z.input<typeof getMyRequestListInputSchema>;
export const getMyRequestListOutputSchema = listAnswer(requestViewSchema);
export type GetMyRequestListOutput = z.infer<typeof getMyRequestListOutputSchema>;

/** Requests to one competition, for its organizer. Empty strings mean "any". */
export const getCompetitionRequestsInputSchema = z
  .object({
    competitionId: elmaIdInputSchema,
    requestState: z.union([requestStateSchema, z.literal('')]).default(''),
    query: z.string().max(200).default(''),
    ...pageSchema,
  })
  .strict();
export type GetCompetitionRequestsInput = z.input<typeof getCompetitionRequestsInputSchema>;
export const getCompetitionRequestsOutputSchema = listAnswer(requestViewSchema);
export type GetCompetitionRequestsOutput = z.infer<typeof getCompetitionRequestsOutputSchema>;

export const getMySalesInputSchema = z.object({ sportsmanID: elmaIdInputSchema, ...pageSchema }).strict();
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
  .object({ userIds: z.array(elmaIdInputSchema).min(1).max(50) })
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
    organizerId: elmaIdInputSchema.optional(),
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

export const getEventByIdInputSchema = z.object({ id: elmaIdInputSchema }).strict();
export type GetEventByIdInput = z.infer<typeof getEventByIdInputSchema>;

/** A document of a competition as the organizer submits it and the federation reviews it. */
export const competitionDocumentSchema = z.object({
  __id: elmaIdSchema,
  __name: z.string(),
  __createdAt: elmaDateTimeSchema,
  __updatedAt: elmaDateTimeSchema,
  competition: elmaLinkSchema,
  kind: z.enum(competitionDocumentKindCodes),
  /** The uploaded file on the platform's disk (one id). */
  file: elmaLinkSchema,
  state: z.enum(competitionDocumentStates),
  /** Why the federation returned it. */
  reason: z.string().nullable(),
  history: z.array(
    z.object({
      state: z.enum(competitionDocumentStates),
      at: elmaDateTimeSchema,
      reason: z.string().nullable(),
    }),
  ),
});
export type CompetitionDocument = z.infer<typeof competitionDocumentSchema>;

export const eventDetailsSchema = eventSummarySchema.extend({
  programs: z.array(programRecordSchema),
  ageClasses: z.array(ageClassRecordSchema),
  registrationOpen: z.boolean(),
  /** Accepted documents only (regulations and the like), public. */
  documents: z.array(competitionDocumentSchema.pick({ __id: true, __name: true, kind: true, file: true })),
});
export type EventDetails = z.infer<typeof eventDetailsSchema>;
export const getEventByIdOutputSchema = dataAnswer(eventDetailsSchema);
export type GetEventByIdOutput = z.infer<typeof getEventByIdOutputSchema>;

export const getEventProgramsInputSchema = z
  .object({ eventId: elmaIdInputSchema, gender: genderCodeSchema.optional() })
  .strict();
export type GetEventProgramsInput = z.infer<typeof getEventProgramsInputSchema>;
export const getEventProgramsOutputSchema = listAnswer(programRecordSchema);
export type GetEventProgramsOutput = z.infer<typeof getEventProgramsOutputSchema>;

export const getSportsmenInputSchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    city: z.string().trim().max(200).optional(),
    organizationId: elmaIdInputSchema.optional(),
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

const isoDate = z.iso.date();

/** A program of a new competition; `gender` null means one program for both genders. */
export const newProgramSchema = z
  .object({
    discipline: z.enum(disciplineCodes),
    programType: z.enum(programTypeCodes),
    gender: genderCodeSchema.nullable(),
    ageClassId: elmaIdInputSchema,
    weightCategory: z.string().trim().max(50).nullable().default(null),
    /** Entry fee in whole roubles. */
    feeRub: z.number().int().min(0).max(1_000_000),
  })
  .strict();
export type NewProgram = z.input<typeof newProgramSchema>;

/**
 * An organization creates a competition. Dates are `YYYY-MM-DD` (the federation's calendar days); the
 * platform refuses a start in the past by its own clock. `poster` is a file id from `POST /api/files`.
 */
export const createCompetitionInputSchema = z
  .object({
    organizerId: elmaIdInputSchema,
    name: z.string().trim().min(3).max(200),
    description: z.string().trim().max(5000).default(''),
    dateStart: isoDate,
    dateEnd: isoDate,
    registrationDeadline: isoDate,
    city: z.string().trim().min(1).max(200),
    address: z.string().trim().min(1).max(500),
    /** The venue's coordinates from the chosen address suggestion, when it has them (a map link). */
    geoLat: z.number().min(-90).max(90).nullable().default(null),
    geoLon: z.number().min(-180).max(180).nullable().default(null),
    level: z.enum(levelCodes),
    placesLimit: z.number().int().min(0).max(100_000),
    photoVideoSale: z.boolean().default(false),
    poster: elmaIdInputSchema.nullable().default(null),
    programs: z.array(newProgramSchema).min(1).max(200),
  })
  .strict()
  .refine((input) => input.dateEnd >= input.dateStart, {
    path: ['dateEnd'],
    message: 'Окончание не может быть раньше начала',
  })
  .refine((input) => input.registrationDeadline <= input.dateStart, {
    path: ['registrationDeadline'],
    message: 'Приём заявок должен закончиться до начала',
  });
export type CreateCompetitionInput = z.input<typeof createCompetitionInputSchema>;
export const createCompetitionOutputSchema = dataAnswer(eventDetailsSchema);
export type CreateCompetitionOutput = z.infer<typeof createCompetitionOutputSchema>;

/** Every document of one competition (any state), for its organizer. */
export const getCompetitionDocumentsInputSchema = z.object({ competitionId: elmaIdInputSchema }).strict();
export type GetCompetitionDocumentsInput = z.infer<typeof getCompetitionDocumentsInputSchema>;
export const getCompetitionDocumentsOutputSchema = listAnswer(competitionDocumentSchema);
export type GetCompetitionDocumentsOutput = z.infer<typeof getCompetitionDocumentsOutputSchema>;

/**
 * Submit a document, or (with `documentId`) re-submit a returned one with a new file: it goes back to
 * `submitted`, its history kept. Accepted documents cannot be replaced.
 */
export const submitCompetitionDocumentInputSchema = z
  .object({
    competitionId: elmaIdInputSchema,
    documentId: elmaIdInputSchema.optional(),
    kind: z.enum(competitionDocumentKindCodes),
    name: z.string().trim().min(1).max(200),
    fileId: elmaIdInputSchema,
  })
  .strict();
export type SubmitCompetitionDocumentInput = z.infer<typeof submitCompetitionDocumentInputSchema>;
export const submitCompetitionDocumentOutputSchema = dataAnswer(competitionDocumentSchema);
export type SubmitCompetitionDocumentOutput = z.infer<typeof submitCompetitionDocumentOutputSchema>;

/**
 * The federation's decision on a submitted document. It is taken in the platform's own interface, not
 * through the portal; the sandbox twin offers it at `POST /sandbox/elma/competition-documents/{id}/review`
 * for tests and demos (answer: `{success: true, data: CompetitionDocument}`).
 */
export const competitionDocumentReviewInputSchema = z
  .object({
    state: z.enum(['accepted', 'returned']),
    /** Required when returning: what the organizer must correct. */
    reason: z.string().trim().min(1).max(1000).optional(),
  })
  .strict()
  .refine((input) => input.state !== 'returned' || !!input.reason, {
    path: ['reason'],
    message: 'Укажите, что нужно исправить',
  });
export type CompetitionDocumentReviewInput = z.infer<typeof competitionDocumentReviewInputSchema>;

export const getAgeClassesInputSchema = z.object({}).strict();
export const getAgeClassesOutputSchema = listAnswer(ageClassRecordSchema);
export type GetAgeClassesOutput = z.infer<typeof getAgeClassesOutputSchema>;

export const getOfferDocumentInputSchema = z.object({ id: elmaIdInputSchema }).strict();
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
    firstname: personNameSchema(),
    lastname: personNameSchema(),
    middlename: middleNameSchema().default(''),
    date_of_birth: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
    /** The minor athlete the representative acts for. */
    sportsmanId: elmaIdInputSchema,
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

export interface PlatformScriptDefinition {
  module: PlatformModuleKey;
  method: 'GET' | 'POST';
  input: z.ZodType;
  output: z.ZodType;
}

/** Every module API method the portal uses: its module, HTTP method, input and answer. */
export const platformScripts = {
  getApplicationById: {
    module: platformScriptModules.getApplicationById,
    method: 'GET',
    input: getApplicationByIdInputSchema,
    output: getApplicationByIdOutputSchema,
  },
  createApplication: {
    module: platformScriptModules.createApplication,
    method: 'POST',
    input: createApplicationInputSchema,
    output: createApplicationOutputSchema,
  },
  updateApplication: {
    module: platformScriptModules.updateApplication,
    method: 'POST',
    input: updateApplicationInputSchema,
    output: updateApplicationOutputSchema,
  },
  getApplicationEligibility: {
    module: platformScriptModules.getApplicationEligibility,
    method: 'GET',
    input: getApplicationEligibilityInputSchema,
    output: getApplicationEligibilityOutputSchema,
  },
  getCompetitionRequests: {
    module: platformScriptModules.getCompetitionRequests,
    method: 'GET',
    input: getCompetitionRequestsInputSchema,
    output: getCompetitionRequestsOutputSchema,
  },
  changeCompetitionRequestState: {
    module: platformScriptModules.changeCompetitionRequestState,
    method: 'POST',
    input: changeCompetitionRequestStateInputSchema,
    output: changeCompetitionRequestStateOutputSchema,
  },
  cancelSales: {
    module: platformScriptModules.cancelSales,
    method: 'POST',
    input: cancelSalesInputSchema,
    output: cancelSalesOutputSchema,
  },
  getMyRequestList: {
    module: platformScriptModules.getMyRequestList,
    method: 'GET',
    input: getMyRequestListInputSchema,
    output: getMyRequestListOutputSchema,
  },
  getMySales: {
    module: platformScriptModules.getMySales,
    method: 'GET',
    input: getMySalesInputSchema,
    output: getMySalesOutputSchema,
  },
  runBP: {
    module: platformScriptModules.runBP,
    method: 'POST',
    input: runBpInputSchema,
    output: runBpOutputSchema,
  },
  getUsersByElmaUserId: {
    module: platformScriptModules.getUsersByElmaUserId,
    method: 'GET',
    input: getUsersByElmaUserIdInputSchema,
    output: getUsersByElmaUserIdOutputSchema,
  },
  getEvents: {
    module: platformScriptModules.getEvents,
    method: 'GET',
    input: getEventsInputSchema,
    output: getEventsOutputSchema,
  },
  getEventById: {
    module: platformScriptModules.getEventById,
    method: 'GET',
    input: getEventByIdInputSchema,
    output: getEventByIdOutputSchema,
  },
  getEventPrograms: {
    module: platformScriptModules.getEventPrograms,
    method: 'GET',
    input: getEventProgramsInputSchema,
    output: getEventProgramsOutputSchema,
  },
  getSportsmen: {
    module: platformScriptModules.getSportsmen,
    method: 'GET',
    input: getSportsmenInputSchema,
    output: getSportsmenOutputSchema,
  },
  getOrganizations: {
    module: platformScriptModules.getOrganizations,
    method: 'GET',
    input: getOrganizationsInputSchema,
    output: getOrganizationsOutputSchema,
  },
  getAgeClasses: {
    module: platformScriptModules.getAgeClasses,
    method: 'GET',
    input: getAgeClassesInputSchema,
    output: getAgeClassesOutputSchema,
  },
  createCompetition: {
    module: platformScriptModules.createCompetition,
    method: 'POST',
    input: createCompetitionInputSchema,
    output: createCompetitionOutputSchema,
  },
  getCompetitionDocuments: {
    module: platformScriptModules.getCompetitionDocuments,
    method: 'GET',
    input: getCompetitionDocumentsInputSchema,
    output: getCompetitionDocumentsOutputSchema,
  },
  submitCompetitionDocument: {
    module: platformScriptModules.submitCompetitionDocument,
    method: 'POST',
    input: submitCompetitionDocumentInputSchema,
    output: submitCompetitionDocumentOutputSchema,
  },
  getOfferDocument: {
    module: platformScriptModules.getOfferDocument,
    method: 'GET',
    input: getOfferDocumentInputSchema,
    output: getOfferDocumentOutputSchema,
  },
  createUpdateLegalRepresentative: {
    module: platformScriptModules.createUpdateLegalRepresentative,
    method: 'POST',
    input: createUpdateLegalRepresentativeInputSchema,
    output: createUpdateLegalRepresentativeOutputSchema,
  },
} as const satisfies Record<keyof typeof platformScriptModules, PlatformScriptDefinition>;
export type PlatformScriptName = keyof typeof platformScripts;
