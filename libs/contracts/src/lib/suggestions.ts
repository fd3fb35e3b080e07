import { z } from 'zod';

/**
 * `POST /api/dadata/address` and `POST /api/dadata/party`: address and company suggestions, answered by
 * DaData (or its sandbox twin) through the api. The answer is plain JSON `{suggestions: [...]}`
 * (docs/decisions/0007-suggestions-answer.md), not a JSON string to parse.
 */

export const SUGGESTIONS_QUERY_MAX_LENGTH = 300;
/** Spec §9: address suggestions limit 5, party search default count 5. */
export const ADDRESS_SUGGESTIONS_DEFAULT_COUNT = 5;
export const PARTY_SUGGESTIONS_DEFAULT_COUNT = 5;
/** DaData serves at most 20 suggestions. */
export const SUGGESTIONS_MAX_COUNT = 20;
export const SUGGESTIONS_MAX_LOCATIONS = 20;

/** Granularity of `from_bound` / `to_bound`, as DaData names them. */
export const addressBoundLevels = [
  'country',
  'region',
  'area',
  'city',
  'settlement',
  'street',
  'house',
] as const;
export type AddressBoundLevel = (typeof addressBoundLevels)[number];

const boundSchema = z.object({ value: z.enum(addressBoundLevels) }).strict();

/** A KLADR code: 2 (region) to 19 digits. */
export const kladrIdSchema = z.string().regex(/^\d{2,19}$/, 'Неверный код КЛАДР');

/** One alternative of `locations`: a country (ISO 3166 alpha-2) or a KLADR area. */
export const addressLocationSchema = z.union([
  z.object({ country_iso_code: z.string().regex(/^[A-Z]{2}$/, 'Неверный код страны') }).strict(),
  z.object({ kladr_id: kladrIdSchema }).strict(),
]);
export type AddressLocation = z.infer<typeof addressLocationSchema>;

const querySchema = z
  .string()
  .trim()
  .min(1, 'Поле обязательно')
  .max(SUGGESTIONS_QUERY_MAX_LENGTH, `Максимум ${SUGGESTIONS_QUERY_MAX_LENGTH} символов`);

const countSchema = (fallback: number) =>
  z
    .number()
    .int()
    .min(1, 'Минимальное значение - 1')
    .max(SUGGESTIONS_MAX_COUNT, `Максимальное значение - ${SUGGESTIONS_MAX_COUNT}`)
    .default(fallback);

/**
 * Address search. Without `locations` the api limits it to the spec's countries
 * (`ADDRESS_SEARCH_COUNTRIES` of `@fed/validation`) as `[{country_iso_code}]`.
 */
export const addressSuggestionsRequestSchema = z
  .object({
    query: querySchema,
    count: countSchema(ADDRESS_SUGGESTIONS_DEFAULT_COUNT),
    from_bound: boundSchema.optional(),
    to_bound: boundSchema.optional(),
    locations: z.array(addressLocationSchema).min(1).max(SUGGESTIONS_MAX_LOCATIONS).optional(),
  })
  .strict();
export type AddressSuggestionsRequest = z.input<typeof addressSuggestionsRequestSchema>;

export const partySuggestionsRequestSchema = z
  .object({
    query: querySchema,
    count: countSchema(PARTY_SUGGESTIONS_DEFAULT_COUNT),
  })
  .strict();
export type PartySuggestionsRequest = z.input<typeof partySuggestionsRequestSchema>;

const dadataText = z.string().nullable().optional();

/**
 * Spec §3 "Address suggestion": value, and data with (among DaData's fields) city and settlement; also what
 * a venue needs: the KLADR code to search within the place, the level (`fias_level`: 1 region, 4 city,
 * 6 settlement, 7 street, 8 house) and the coordinates, all strings as DaData sends them.
 */
export const addressSuggestionSchema = z.object({
  value: z.string(),
  unrestricted_value: z.string().optional(),
  data: z.looseObject({
    city: dadataText,
    settlement: dadataText,
    street_with_type: dadataText,
    house: dadataText,
    kladr_id: dadataText,
    fias_level: dadataText,
    geo_lat: dadataText,
    geo_lon: dadataText,
  }),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const partySuggestionSchema = z.object({
  value: z.string(),
  unrestricted_value: z.string().optional(),
  data: z.looseObject({ inn: z.string().nullable().optional(), ogrn: z.string().nullable().optional() }),
});
export type PartySuggestion = z.infer<typeof partySuggestionSchema>;

export const addressSuggestionsAnswerSchema = z.object({ suggestions: z.array(addressSuggestionSchema) });
export type AddressSuggestionsAnswer = z.infer<typeof addressSuggestionsAnswerSchema>;
export const partySuggestionsAnswerSchema = z.object({ suggestions: z.array(partySuggestionSchema) });
export type PartySuggestionsAnswer = z.infer<typeof partySuggestionsAnswerSchema>;
