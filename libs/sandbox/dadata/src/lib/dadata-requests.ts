import { z } from 'zod';
import { BOUND_LEVELS } from './dadata-dictionary';

/** DaData: «Текст запроса, max 300 символов». Longer is answered 413, DaData's «too long request». */
export const MAX_QUERY_LENGTH = 300;
export const DEFAULT_COUNT = 10;
/** DaData caps suggestions at 20; the twin clamps a larger `count` to 20 instead of failing. */
export const MAX_COUNT = 20;

const count = z
  .number()
  .int()
  .optional()
  .transform((value) => Math.min(Math.max(value ?? DEFAULT_COUNT, 1), MAX_COUNT));

const query = z.string();

const bound = z.object({ value: z.enum(BOUND_LEVELS) }).optional();

/** One `locations` filter; several keys in one entry must all hold, entries are alternatives. */
const location = z
  .object({
    country_iso_code: z.string().optional(),
    country: z.string().optional(),
    kladr_id: z.string().optional(),
    region: z.string().optional(),
    city: z.string().optional(),
    settlement: z.string().optional(),
  })
  .loose();

export const suggestAddressRequestSchema = z.object({
  query,
  count,
  language: z.enum(['ru', 'en']).optional(),
  locations: z.array(location).optional(),
  locations_boost: z.array(z.object({ kladr_id: z.string() }).loose()).optional(),
  from_bound: bound,
  to_bound: bound,
});
export type SuggestAddressRequest = z.infer<typeof suggestAddressRequestSchema>;
export type LocationFilter = z.infer<typeof location>;

const partyStatus = z.enum(['ACTIVE', 'LIQUIDATING', 'LIQUIDATED', 'BANKRUPT', 'REORGANIZING']);
const partyType = z.enum(['LEGAL', 'INDIVIDUAL']);

export const suggestPartyRequestSchema = z.object({
  query,
  count,
  status: z.array(partyStatus).optional(),
  type: partyType.optional(),
  locations: z.array(z.object({ kladr_id: z.string() }).loose()).optional(),
});
export type SuggestPartyRequest = z.infer<typeof suggestPartyRequestSchema>;

export const findPartyRequestSchema = z.object({
  query,
  count,
  kpp: z.string().optional(),
  branch_type: z.enum(['MAIN', 'BRANCH']).optional(),
  type: partyType.optional(),
  status: z.array(partyStatus).optional(),
});
export type FindPartyRequest = z.infer<typeof findPartyRequestSchema>;
