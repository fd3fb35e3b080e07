/** The part of an address suggestion's `data` the portal reads (spec §3). DaData sends many more fields. */
export interface AddressData {
  city?: string | null;
  settlement?: string | null;
}

/** An address suggestion as the city search offers it (spec §3): the shown text and its data. */
export interface AddressSuggestion {
  value: string;
  data: AddressData;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function filled(text: unknown): string | null {
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
}

/**
 * The place name of a suggestion or of its data: the city, else the settlement (spec §3 add-account
 * payload). Null when the chosen address names neither, for example a region or a street outside towns.
 */
export function addressPlaceName(address: unknown): string | null {
  if (!isRecord(address)) return null;
  const data = isRecord(address['data']) ? address['data'] : address;
  return filled(data['city']) ?? filled(data['settlement']);
}
