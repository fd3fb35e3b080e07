import type {
  AddressBoundLevel,
  AddressSuggestion,
  AddressSuggestionsAnswer,
  AddressSuggestionsRequest,
  PartySuggestion,
  PartySuggestionsAnswer,
} from '@fed/contracts';

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

async function postSuggestions<Answer>(path: string, body: unknown, signal?: AbortSignal): Promise<Answer> {
  const response = await fetch(`${globalThis.location?.origin ?? ''}/api/dadata/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`Suggestions answered ${response.status}`);
  return (await response.json()) as Answer;
}

/** Address suggestions for typed text (spec §7 "Address search"); the api limits them to the spec's countries. */
export async function suggestAddresses(
  query: string,
  options: AddressSuggestOptions = {},
): Promise<AddressSuggestion[]> {
  const body: AddressSuggestionsRequest = {
    query,
    count: options.count ?? 5,
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
  count = 5,
): Promise<PartySuggestion[]> {
  const answer = await postSuggestions<PartySuggestionsAnswer>('party', { query, count }, signal);
  return answer.suggestions;
}

/** A city field's source: cities and settlements only. */
export const suggestCities = (query: string, signal: AbortSignal) =>
  suggestAddresses(query, { fromBound: 'city', toBound: 'settlement', signal });
