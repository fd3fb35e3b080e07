import {
  ADDRESS_SUGGESTIONS_DEFAULT_COUNT,
  PARTY_SUGGESTIONS_DEFAULT_COUNT,
  type AddressBoundLevel,
  type AddressSuggestion,
  type AddressSuggestionsAnswer,
  type AddressSuggestionsRequest,
  type PartySuggestion,
  type PartySuggestionsAnswer,
} from '@fed/contracts';
import { callApi } from './base-api';

export interface AddressSuggestOptions {
  /** Spec §9: 5 suggestions. */
  count?: number;
  /** Only these levels, e.g. city..settlement for a city field (the helper's 'only' part). */
  fromBound?: AddressBoundLevel;
  toBound?: AddressBoundLevel;
  /** Search inside one region or city (its KLADR code) instead of the spec's countries. */
  kladrId?: string;
  signal?: AbortSignal;
}

/**
 * Through the portal's client, as every call: the session's headers (an expired token refreshed, not refused),
 * a failure reported to `/log`; a lookup given up for the next keystroke is no failure.
 */
const postSuggestions = <Answer>(path: 'address' | 'party', body: unknown, signal?: AbortSignal) =>
  callApi<Answer>({ url: `api/dadata/${path}`, method: 'POST', body }, signal);

/** Address suggestions for typed text (spec §7 "Address search"); the api limits them to the spec's countries. */
export async function suggestAddresses(
  query: string,
  options: AddressSuggestOptions = {},
): Promise<AddressSuggestion[]> {
  const body: AddressSuggestionsRequest = {
    query,
    count: options.count ?? ADDRESS_SUGGESTIONS_DEFAULT_COUNT,
    ...(options.fromBound && { from_bound: { value: options.fromBound } }),
    ...(options.toBound && { to_bound: { value: options.toBound } }),
    ...(options.kladrId && { locations: [{ kladr_id: options.kladrId }] }),
  };
  const answer = await postSuggestions<AddressSuggestionsAnswer>('address', body, options.signal);
  return answer.suggestions;
}

/** Company suggestions by name or INN (spec §7), 5 by default. */
export async function suggestParties(
  query: string,
  signal?: AbortSignal,
  count = PARTY_SUGGESTIONS_DEFAULT_COUNT,
): Promise<PartySuggestion[]> {
  const answer = await postSuggestions<PartySuggestionsAnswer>('party', { query, count }, signal);
  return answer.suggestions;
}

/** A city field's source: cities and settlements only. */
export const suggestCities = (query: string, signal: AbortSignal) =>
  suggestAddresses(query, { fromBound: 'city', toBound: 'settlement', signal });
