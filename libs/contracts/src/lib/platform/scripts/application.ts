import { z } from 'zod';
import { elmaCategorySchema, elmaDateTimeSchema, elmaIdInputSchema, elmaIdSchema } from '../elma-formats';
import { requestRecordSchema } from '../records';
import { requestStateSchema, saleStatusSchema } from '../request-state-schemas';
import { byIdSchema, dataAnswer, read, write } from './script-kit';

/** The `application` module: an athlete's applications to competitions. */

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
  /**
   * Whether its athlete may pay it now (unpaid, live, registration open; a membership: accepted and unpaid).
   * The platform decides; the portal shows «Оплатить» by it. Absent from platforms that do not send it.
   */
  payable: z.boolean().optional(),
  /**
   * A photo/video request: the sale it pays for (one performance: its package and the sale's status).
   * Absent on other requests and from platforms that do not send it.
   */
  photoVideo: z
    .object({ saleId: elmaIdSchema, package: elmaCategorySchema, status: saleStatusSchema })
    .nullable()
    .optional(),
});
export type RequestView = z.infer<typeof requestViewSchema>;

/** Why an athlete cannot enter a competition (or one of its programs). Messages are Russian, for people. */
export const eligibilityReasonCodes = [
  /** The event was cancelled on the platform. */
  'event_cancelled',
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

const programIdsSchema = z.array(elmaIdInputSchema).min(1).max(10);
const coachSchema = z.string().trim().max(200).nullable().default(null);

export const applicationScripts = {
  getApplicationById: read(byIdSchema, dataAnswer(requestViewSchema)),

  /**
   * Apply to a competition: the platform runs the same checks as `getApplicationEligibility` and refuses
   * with the first reason's message.
   */
  createApplication: write(
    z
      .object({
        sportsmanId: elmaIdInputSchema,
        competitionId: elmaIdInputSchema,
        programIds: programIdsSchema,
        coach: coachSchema,
        /** The athlete accepted the sportsman offer document. */
        acceptOffer: z.literal(true),
        /**
         * The athlete's unpaid membership request (`createMembershipRequest`) to be paid in the same order:
         * the membership it gives counts as held, so a lapsed membership does not refuse the application.
         */
        membershipRequestId: elmaIdInputSchema.optional(),
      })
      .strict(),
    dataAnswer(requestViewSchema),
  ),

  /**
   * Change the programs (and coach) of an own request while it is `new` or `returned` and registration is
   * open. Editing a returned request sends it back to review (`returned → under_review`).
   */
  updateApplication: write(
    z.object({ requestId: elmaIdInputSchema, programIds: programIdsSchema, coach: coachSchema }).strict(),
    dataAnswer(requestViewSchema),
  ),

  getApplicationEligibility: read(
    z.object({ sportsmanId: elmaIdInputSchema, competitionId: elmaIdInputSchema }).strict(),
    dataAnswer(applicationEligibilitySchema),
  ),
};
