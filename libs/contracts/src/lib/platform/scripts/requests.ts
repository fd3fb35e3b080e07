import { z } from 'zod';
import { elmaIdInputSchema, elmaMoneySchema } from '../elma-formats';
import { saleRecordSchema } from '../records';
import { nomenclatureTypeSchema, paymentStatusSchema, requestStateSchema } from '../request-state-schemas';
import { requestViewSchema } from './application';
import { membershipScripts } from './membership';
import { photoVideoScripts } from './photo-video';
import { dataAnswer, listAnswer, pageSchema, read, write } from './script-kit';

/**
 * The `requests` module: requests and photo/video sales as their athletes and organizers see them, and
 * membership and payments (`membership.ts`), photo/video sales and media (`photo-video.ts`).
 */

/** A list filter the portal sends as an empty string when it means "any". */
const anyOr = <T extends z.ZodType>(value: T) => z.union([value, z.literal('')]).default('');
const querySchema = z.string().max(200).default('');

export const requestsScripts = {
  changeCompetitionRequestState: write(
    z
      .object({
        requestId: elmaIdInputSchema,
        requestState: requestStateSchema,
        /** Required when returning for correction or rejecting. */
        reason: z.string().trim().min(1).max(1000).optional(),
      })
      .strict(),
    dataAnswer(requestViewSchema),
  ),

  cancelSales: write(
    z.object({ saleId: elmaIdInputSchema }).strict(),
    dataAnswer(saleRecordSchema.extend({ refund: elmaMoneySchema.nullable() })),
  ),

  /** An athlete's own requests. */
  getMyRequestList: read(
    z
      .object({
        sportsmanID: elmaIdInputSchema,
        payment_status: anyOr(paymentStatusSchema),
        query: querySchema,
        nomenclature_type: anyOr(nomenclatureTypeSchema),
        ...pageSchema,
      })
      .strict(),
    listAnswer(requestViewSchema),
  ),

  /** Requests to one competition, for its organizer. */
  getCompetitionRequests: read(
    z
      .object({
        competitionId: elmaIdInputSchema,
        requestState: anyOr(requestStateSchema),
        query: querySchema,
        ...pageSchema,
      })
      .strict(),
    listAnswer(requestViewSchema),
  ),

  getMySales: read(
    z.object({ sportsmanID: elmaIdInputSchema, ...pageSchema }).strict(),
    listAnswer(saleRecordSchema.extend({ competitionName: z.string() })),
  ),

  ...membershipScripts,
  ...photoVideoScripts,
};
