import { z } from 'zod';
import { elmaDateTimeSchema, elmaIdInputSchema, elmaIdSchema, elmaMoneySchema } from '../elma-formats';
import { membershipNumberSchema, membershipTermRules } from '../records';
import { nomenclatureTypeSchema, paymentStatusSchema, requestStateSchema } from '../request-state-schemas';
import { requestViewSchema } from './application';
import {
  dataAnswer,
  listAnswer,
  okSchema,
  pageSchema,
  read,
  serverRead,
  serverWrite,
  write,
} from './script-kit';

/**
 * Membership in the federation and what payments change on the platform, served by the `requests` module
 * (a membership is bought by a request, as an entry fee is). The browser reads its athletes' membership and
 * reminders and creates a membership request; what was paid or refunded reaches the platform only from the
 * api (`serverOnly`), after the api read the payment from the provider.
 */

/** What an athlete must have before the federation accepts a membership request. */
export const membershipRequirementCodes = ['athlete', 'photo', 'legal_representative'] as const;
export const membershipRequirementSchema = z.object({
  code: z.enum(membershipRequirementCodes),
  /** Whether the athlete's record has it now. */
  met: z.boolean(),
  /** What is required, in Russian («Фотография в профиле»). */
  title: z.string().min(1),
  /** What to do when it is not met, in Russian; `null` when met. */
  message: z.string().nullable(),
});
export type MembershipRequirement = z.infer<typeof membershipRequirementSchema>;

/** An athlete's membership now and what renewing it would give (`getMembershipStatus`). */
export const membershipStatusSchema = z.object({
  sportsmanId: elmaIdSchema,
  /** `term_membership`: the end of the current (or last) term; `null` when never a member. */
  termUntil: elmaDateTimeSchema.nullable(),
  /** The term has not ended. */
  active: z.boolean(),
  /** The member's number (`membership_number`), once a membership was paid; kept through renewals. */
  membershipNumber: membershipNumberSchema.nullable(),
  /** The federation's term rule (a platform setting) and its wording for people. */
  rule: z.enum(membershipTermRules),
  ruleText: z.string().min(1),
  /** The membership fee (a platform setting). */
  fee: elmaMoneySchema,
  /**
   * The season a new membership request is for. Bought alone: the current one; the next when the current one is
   * already paid, or when the current one ends within the reminder period (a calendar-year term bought in late
   * December would last days). Bought with an entry fee (`competitionId` asked): the season the event falls
   * in, when that is later.
   */
  season: z.number().int(),
  /** Why `season` is not the current one although the current one is not held, in Russian; `null` otherwise. */
  seasonNote: z.string().nullable(),
  /** Where the term would end if the fee were paid now. */
  offeredTermUntil: elmaDateTimeSchema,
  /**
   * Every season a request may be for now, `season` first, each with where its term would end if paid now: with
   * calendar years the next season can be bought ahead of time.
   */
  seasonChoices: z.array(z.object({ season: z.number().int(), termUntil: elmaDateTimeSchema })).min(1),
  /**
   * The event asked about (`competitionId`): when it starts and whether the membership bought now would last
   * until then; `null` when no event was asked about.
   */
  event: z
    .object({ competitionId: elmaIdSchema, dateStart: elmaDateTimeSchema, covered: z.boolean() })
    .nullable(),
  requirements: z.array(membershipRequirementSchema),
  /** Every requirement met and no paid membership for `season` yet. */
  canApply: z.boolean(),
  /** Why not, in Russian (the unmet requirements' messages, or «уже оплачено»). */
  reasons: z.array(z.string()),
  /** The athlete's live unpaid membership request, to pay rather than make another. */
  openRequestId: elmaIdSchema.nullable(),
});
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

/**
 * Warnings about the end of a term (`getMembershipReminders`): `expires_soon` within the federation's
 * reminder period (30 days), `expires_before_event` when the athlete entered an event that starts after the
 * term ends (whenever that is), `expired` once it has ended.
 */
export const membershipReminderKinds = ['expires_soon', 'expires_before_event', 'expired'] as const;
export const membershipReminderSchema = z.object({
  kind: z.enum(membershipReminderKinds),
  /** For people, in Russian: «Членство закончится до начала турнира «…» (12.04.2026): продлите его». */
  message: z.string().min(1),
  termUntil: elmaDateTimeSchema.nullable(),
  competitionId: elmaIdSchema.nullable(),
  competitionName: z.string().nullable(),
  competitionDate: elmaDateTimeSchema.nullable(),
});
export type MembershipReminder = z.infer<typeof membershipReminderSchema>;

/** What the platform says about paying a request now (`getPaymentTerms`, the api's order lines). */
export const paymentTermSchema = z.object({
  requestId: elmaIdSchema,
  sportsmanId: elmaIdSchema,
  sportsmanName: z.string(),
  kind: nomenclatureTypeSchema,
  requestState: requestStateSchema,
  paymentStatus: paymentStatusSchema,
  /** Whether it may be paid now, with the others asked about in the same call (a membership beside it). */
  payable: z.boolean(),
  /** Why not, in Russian; `null` when payable. */
  reason: z.string().nullable(),
  amount: elmaMoneySchema,
  /** The receipt line: «Стартовый взнос: Открытый турнир …», «Членский взнос ФКЕ, сезон 2026» (≤ 128). */
  title: z.string().min(1).max(128),
  /** What exactly: the programs, or the term the membership gives. */
  details: z.string(),
  competitionId: elmaIdSchema.nullable(),
  season: z.number().int().nullable(),
  registrationDeadline: elmaDateTimeSchema.nullable(),
});
export type PaymentTerm = z.infer<typeof paymentTermSchema>;

/** The order and the provider's payment a change comes from, kept on the request for the record. */
const paymentRefSchema = {
  orderId: z.string().min(1).max(64),
  paymentId: z.string().min(1).max(64),
};

const requestIdsSchema = z.array(elmaIdInputSchema).min(1).max(20);

export const membershipScripts = {
  /** An own athlete's term, the fee, the rule, the requirements and the season a request would be for. */
  getMembershipStatus: read(
    z
      .object({
        sportsmanId: elmaIdInputSchema,
        /** The event the membership would be bought with (one order with its entry fee). */
        competitionId: elmaIdInputSchema.optional(),
      })
      .strict(),
    dataAnswer(membershipStatusSchema),
  ),

  /**
   * Apply for (or renew) membership for `season` (default: the status's `season`, for `competitionId` when
   * given). The requirements are checked (400 with the first unmet one's message); the request is accepted at
   * once (`approved`, unpaid, the fee of the settings). An open unpaid membership request of the athlete is
   * answered instead of a second one (moved to the season asked for).
   */
  createMembershipRequest: write(
    z
      .object({
        sportsmanId: elmaIdInputSchema,
        season: z.number().int().min(2000).max(2100).optional(),
        competitionId: elmaIdInputSchema.optional(),
      })
      .strict(),
    dataAnswer(requestViewSchema),
  ),

  /** An own athlete's membership warnings, most urgent first (the cabinet shows them). */
  getMembershipReminders: read(
    z.object({ sportsmanId: elmaIdInputSchema }).strict(),
    listAnswer(membershipReminderSchema),
  ),

  /**
   * Whether each request may be paid now and for how much (server only: the api builds an order's lines
   * from it, never from the browser). Requests are judged together: an application whose athlete lacks a
   * membership is payable when a membership request that covers the event is among them. Unknown ids are
   * left out of the answer.
   */
  getPaymentTerms: serverRead(
    z.object({ requestIds: requestIdsSchema }).strict(),
    listAnswer(paymentTermSchema),
  ),

  /**
   * The provider confirmed the payment of these requests (server only, after the api READ it). Idempotent:
   * a request already paid by this order is `already_paid`, unchanged. Memberships first (the term moves),
   * then the rest; a request that can no longer be paid (withdrawn meanwhile) is `refused`, and the api
   * refunds its line.
   */
  markRequestsPaid: serverWrite(
    z.object({ requestIds: requestIdsSchema, ...paymentRefSchema }).strict(),
    z.object({
      success: okSchema,
      result: z.array(
        z.object({
          requestId: elmaIdSchema,
          outcome: z.enum(['paid', 'already_paid', 'refused']),
          reason: z.string().nullable(),
          request: requestViewSchema.nullable(),
        }),
      ),
    }),
  ),

  /**
   * A paid request withdrawn (`cancelled`, by its athlete) or rejected (by its organizer, with a reason) after
   * the api refunded it (server only). `payment_status` becomes `refunded`. Idempotent for the same refund.
   */
  refundRequest: serverWrite(
    z
      .object({
        requestId: elmaIdInputSchema,
        refundId: z.string().min(1).max(64),
        state: z.enum(['cancelled', 'rejected']),
        reason: z.string().trim().min(1).max(1000).optional(),
      })
      .strict(),
    dataAnswer(requestViewSchema),
  ),

  /**
   * Athletes with a reminder due now (`expires_soon` or `expires_before_event`), for the api's SMS job
   * (server only: a list of people). Ordered by athlete id, paged.
   */
  getDueMembershipReminders: serverRead(
    z.object({ ...pageSchema }).strict(),
    listAnswer(
      z.object({
        sportsmanId: elmaIdSchema,
        /** The athlete's full name, for the notice (a parent's login holds several athletes). */
        sportsmanName: z.string(),
        termUntil: elmaDateTimeSchema.nullable(),
        reminders: z.array(membershipReminderSchema),
      }),
    ),
  ),
};
