import { z } from 'zod';
import {
  competitionDocumentKindCodes,
  competitionDocumentStates,
  disciplineCodes,
  levelCodes,
  programTypeCodes,
} from '../competition-catalog';
import {
  elmaDateTimeSchema,
  elmaIdInputSchema,
  elmaIdSchema,
  elmaLinkSchema,
  elmaSystemFieldsSchema,
} from '../elma-formats';
import { platformApps, platformProcesses } from '../platform-apps';
import { createSportsmanProcessContextSchema } from '../processes';
import {
  ageClassRecordSchema,
  competitionRecordSchema,
  genderCodeSchema,
  programRecordSchema,
  sportsmanShortSchema,
} from '../records';
import {
  byIdSchema,
  dataAnswer,
  listAnswer,
  okSchema,
  pageSchema,
  read,
  write,
  textFilterSchema,
} from './script-kit';

/**
 * The `functions` module: the catalogue (events, age classes, offer documents), competitions and their
 * documents, and the `sportsman` app's processes. Its athletes' and organizations' directories and public
 * pages are `profiles.ts`.
 */

export const eventSorts = ['date_asc', 'date_desc', 'name_asc'] as const;

export const eventSummarySchema = competitionRecordSchema.extend({
  placesTaken: z.number().int().min(0),
  organizerName: z.string(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** A document of a competition as the organizer submits it and the federation reviews it. */
export const competitionDocumentSchema = elmaSystemFieldsSchema.extend({
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

export const offerDocumentSchema = z.object({
  __id: elmaIdSchema,
  __name: z.string(),
  file: z.array(elmaIdSchema),
  /** The document's HTML (sanitize before showing it). */
  html: z.string().min(1),
});
export type OfferDocument = z.infer<typeof offerDocumentSchema>;

const isoDate = z.iso.date();

/** A field's code in an app: the platform's own fields start with `__` (`__id`, `__name`). */
const recordFieldNameSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'Неверное имя поля');
/** The most fields one record read names. */
export const RECORD_FIELDS_MAX = 60;

export const functionsScripts = {
  /**
   * Spec §7: starts business process `create_sportsman` in application `sportsman` with its context — a new
   * athlete, or the organization or sportsman update context of a profile.
   */
  runBP: write(
    z
      .object({
        application: z.literal(platformApps.sportsman),
        process: z.literal(platformProcesses.createSportsman),
        context: createSportsmanProcessContextSchema,
      })
      .strict(),
    dataAnswer(
      z.object({
        processId: elmaIdSchema,
        process: z.string(),
        /** The created or updated record. */
        recordId: elmaIdSchema,
        /** `false` when `is_need_update_sportsman` was false: the context was checked, nothing written. */
        written: z.boolean(),
      }),
    ),
  ),

  /**
   * Spec §7 "Record read by application, id and fields list": the named fields of one record of one of the federation's
   * apps, as `fieldsData` (a field the record has no value for is absent). An unknown
   * field is refused (400), an unknown record is a 404.
   */
  getRecordFields: read(
    z
      .object({
        application: z.enum(platformApps),
        id: elmaIdInputSchema,
        fields: z
          .array(recordFieldNameSchema)
          .min(1)
          .max(RECORD_FIELDS_MAX)
          .refine((fields) => new Set(fields).size === fields.length, 'Поля не должны повторяться'),
      })
      .strict(),
    z.object({ success: okSchema, fieldsData: z.record(z.string(), z.unknown()) }),
  ),

  getUsersByElmaUserId: read(
    z.object({ userIds: z.array(elmaIdInputSchema).min(1).max(50) }).strict(),
    z.object({ success: okSchema, sportsmans: z.array(sportsmanShortSchema) }),
  ),

  /** Events list. Dates are `YYYY-MM-DD` (inclusive, by start date); `when` is relative to now. */
  getEvents: read(
    z
      .object({
        search: textFilterSchema,
        dateFrom: isoDate.optional(),
        dateTo: isoDate.optional(),
        city: textFilterSchema,
        discipline: z.string().max(50).optional(),
        organizerId: elmaIdInputSchema.optional(),
        when: z.enum(['upcoming', 'past', 'all']).default('all'),
        sort: z.enum(eventSorts).optional(),
        ...pageSchema,
      })
      .strict(),
    listAnswer(eventSummarySchema),
  ),

  getEventById: read(byIdSchema, dataAnswer(eventDetailsSchema)),

  getEventPrograms: read(
    z.object({ eventId: elmaIdInputSchema, gender: genderCodeSchema.optional() }).strict(),
    listAnswer(programRecordSchema),
  ),

  getAgeClasses: read(z.object({}).strict(), listAnswer(ageClassRecordSchema)),

  /**
   * An organization creates a competition. Dates are `YYYY-MM-DD` (the federation's calendar days); the
   * platform refuses a start in the past by its own clock. `poster` is a file id from `POST /api/files`.
   */
  createCompetition: write(
    z
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
      }),
    dataAnswer(eventDetailsSchema),
  ),

  /** Every document of one competition (any state), for its organizer. */
  getCompetitionDocuments: read(
    z.object({ competitionId: elmaIdInputSchema }).strict(),
    listAnswer(competitionDocumentSchema),
  ),

  /**
   * Submit a document, or (with `documentId`) re-submit a returned one with a new file: it goes back to
   * `submitted`, its history kept. Accepted documents cannot be replaced.
   */
  submitCompetitionDocument: write(
    z
      .object({
        competitionId: elmaIdInputSchema,
        documentId: elmaIdInputSchema.optional(),
        kind: z.enum(competitionDocumentKindCodes),
        name: z.string().trim().min(1).max(200),
        fileId: elmaIdInputSchema,
      })
      .strict(),
    dataAnswer(competitionDocumentSchema),
  ),

  getOfferDocument: read(byIdSchema, dataAnswer(offerDocumentSchema)),
};
