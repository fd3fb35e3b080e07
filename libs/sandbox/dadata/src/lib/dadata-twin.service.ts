import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { systemClock } from '@fed/calendar';
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import {
  BOUND_LEVELS,
  boundedValue,
  kladrPrefix,
  type AddressData,
  type AddressRecord,
  type BoundLevel,
} from './dadata-dictionary';
import { DadataError } from './dadata-error';
import type { PartyRecord, PartySuggestion } from './dadata-parties';
import {
  findPartyRequestSchema,
  MAX_QUERY_LENGTH,
  suggestAddressRequestSchema,
  suggestPartyRequestSchema,
  type LocationFilter,
} from './dadata-requests';
import { DadataStore, type WordMatch } from './dadata-store';
import { normalizeText } from './dadata-text';
import {
  DADATA_TWIN_OPTIONS,
  DEFAULT_DADATA_RATE_LIMIT_PER_SECOND,
  type DadataTwinOptions,
} from './dadata-twin.options';

export interface AddressSuggestion {
  value: string;
  unrestricted_value: string;
  data: AddressData;
}

export interface Suggestions<T> {
  suggestions: T[];
}

interface RateWindow {
  startedAt: number;
  count: number;
}

/** The DaData twin's behaviour: key check, per-key rate limit, request validation and the searches. */
@Injectable()
export class DadataTwinService implements OnModuleDestroy {
  private readonly store: DadataStore;
  private readonly rateLimit: number;
  private readonly windows = new Map<string, RateWindow>();

  constructor(@Inject(DADATA_TWIN_OPTIONS) private readonly options: DadataTwinOptions) {
    this.store = DadataStore.open(options.dataDir);
    this.rateLimit = options.rateLimitPerSecond ?? DEFAULT_DADATA_RATE_LIMIT_PER_SECOND;
  }

  onModuleDestroy(): void {
    this.store.close();
  }

  /** `Authorization: Token <key>`: none → 401, anything else than the configured key → 403; then the rate. */
  authorize(authorization: string | undefined, now = (this.options.clock ?? systemClock).now()): void {
    if (!authorization || authorization.trim() === '') {
      throw new DadataError(401, 'API key is missing: send the header Authorization: Token <key>');
    }
    const match = /^Token\s+(\S+)\s*$/i.exec(authorization.trim());
    const key = match?.[1];
    if (!key || !this.sameKey(key)) {
      throw new DadataError(403, 'Invalid API key');
    }
    this.countRequest(key, now);
  }

  private sameKey(key: string): boolean {
    const given = Buffer.from(key);
    const expected = Buffer.from(this.options.apiKey);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private countRequest(key: string, now: number): void {
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= 1000) {
      this.windows.set(key, { startedAt: now, count: 1 });
      return;
    }
    window.count += 1;
    if (window.count > this.rateLimit) {
      throw new DadataError(429, `Too many requests: at most ${this.rateLimit} per second`);
    }
  }

  suggestAddress(body: unknown): Suggestions<AddressSuggestion> {
    const request = parse(suggestAddressRequestSchema, body);
    const from: BoundLevel = request.from_bound?.value ?? 'country';
    const to: BoundLevel = request.to_bound?.value ?? 'house';
    if (BOUND_LEVELS.indexOf(from) > BOUND_LEVELS.indexOf(to)) {
      throw new DadataError(400, 'from_bound must not be finer than to_bound');
    }
    const bounded = request.from_bound !== undefined || request.to_bound !== undefined;
    const filters = effectiveLocations(request.locations);
    const boosts = (request.locations_boost ?? []).map((boost) => kladrPrefix(boost.kladr_id));
    const found = this.store
      .searchPlaces(request.query)
      .filter(({ record }) => withinBounds(record, from, to))
      .filter(({ record }) => filters.some((filter) => matchesLocation(record, filter)))
      .map((match) => ({ ...match, boosted: isBoosted(match.record, boosts) }))
      .sort(byRelevance);
    return {
      suggestions: found.slice(0, request.count).map(({ record }) => ({
        value: bounded ? boundedValue(record, from, to) : record.value,
        unrestricted_value: record.unrestrictedValue,
        data: record.data,
      })),
    };
  }

  suggestParty(body: unknown): Suggestions<PartySuggestion> {
    const request = parse(suggestPartyRequestSchema, body);
    const regions = (request.locations ?? []).map((location) => kladrPrefix(location.kladr_id));
    const found = this.store
      .searchParties(request.query)
      .filter((party) => !request.status || request.status.includes(party.status))
      .filter((party) => !request.type || party.type === request.type)
      .filter(
        (party) =>
          regions.length === 0 || regions.some((prefix) => party.kladrPrefix?.startsWith(prefix) ?? false),
      )
      .sort(partyOrder);
    return { suggestions: found.slice(0, request.count).map((party) => party.suggestion) };
  }

  findPartyById(body: unknown): Suggestions<PartySuggestion> {
    const request = parse(findPartyRequestSchema, body);
    const found = this.store
      .findParties(request.query.trim())
      .filter((party) => !request.kpp || party.kpp === request.kpp)
      .filter((party) => !request.branch_type || party.branchType === request.branch_type)
      .filter((party) => !request.type || party.type === request.type)
      .filter((party) => !request.status || request.status.includes(party.status))
      .sort(partyOrder);
    return { suggestions: found.slice(0, request.count).map((party) => party.suggestion) };
  }
}

/** Validates a body; a too long `query` is DaData's 413, any other problem a 400 naming the fields. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  if (
    typeof body === 'object' &&
    body !== null &&
    'query' in body &&
    typeof body.query === 'string' &&
    body.query.length > MAX_QUERY_LENGTH
  ) {
    throw new DadataError(413, `query is longer than ${MAX_QUERY_LENGTH} characters`);
  }
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`,
    );
    throw new DadataError(400, problems.join('; '));
  }
  return parsed.data;
}

/** DaData searches Russia unless `locations` says otherwise; entries without a known key are ignored. */
function effectiveLocations(locations: LocationFilter[] | undefined): LocationFilter[] {
  const known = (locations ?? []).filter(
    (location) =>
      location.country_iso_code !== undefined ||
      location.country !== undefined ||
      location.kladr_id !== undefined ||
      location.region !== undefined ||
      location.city !== undefined ||
      location.settlement !== undefined,
  );
  return known.length > 0 ? known : [{ country_iso_code: 'RU' }];
}

function sameName(a: string | null, b: string): boolean {
  return a !== null && normalizeText(a) === normalizeText(b);
}

function matchesLocation(place: AddressRecord, filter: LocationFilter): boolean {
  const data = place.data;
  if (filter.country_iso_code !== undefined && filter.country_iso_code !== '*') {
    if (place.countryIso !== filter.country_iso_code.toUpperCase()) return false;
  }
  if (filter.country !== undefined && filter.country !== '*' && !sameName(data.country, filter.country)) {
    return false;
  }
  if (filter.country === undefined && filter.country_iso_code === undefined && place.countryIso !== 'RU') {
    // A filter by KLADR code or by Russian region names only ever selects Russian places.
    return false;
  }
  if (filter.kladr_id !== undefined) {
    const prefix = kladrPrefix(filter.kladr_id);
    if (place.kladrPrefix === null || !place.kladrPrefix.startsWith(prefix)) return false;
  }
  if (filter.region !== undefined && !sameName(data.region, filter.region)) return false;
  if (filter.city !== undefined && !sameName(data.city, filter.city)) return false;
  if (filter.settlement !== undefined && !sameName(data.settlement, filter.settlement)) return false;
  return true;
}

function withinBounds(place: AddressRecord, from: BoundLevel, to: BoundLevel): boolean {
  const low = BOUND_LEVELS.indexOf(from);
  const high = BOUND_LEVELS.indexOf(to);
  return BOUND_LEVELS.indexOf(place.levels.to) >= low && BOUND_LEVELS.indexOf(place.levels.from) <= high;
}

function isBoosted(place: AddressRecord, boosts: string[]): boolean {
  return place.kladrPrefix !== null && boosts.some((prefix) => place.kladrPrefix?.startsWith(prefix));
}

/** Boosted places first, then those whose own name matched more query words, then the bigger ones, then by name (house numbers as numbers). */
function byRelevance(
  a: WordMatch<AddressRecord> & { boosted: boolean },
  b: WordMatch<AddressRecord> & { boosted: boolean },
): number {
  return (
    Number(b.boosted) - Number(a.boosted) ||
    b.ownMatches - a.ownMatches ||
    b.record.population - a.record.population ||
    a.record.value.localeCompare(b.record.value, 'ru', { numeric: true })
  );
}

const STATUS_ORDER = ['ACTIVE', 'REORGANIZING', 'LIQUIDATING', 'BANKRUPT', 'LIQUIDATED'];

/** Acting companies first, head offices before branches, then by name. */
function partyOrder(a: PartyRecord, b: PartyRecord): number {
  return (
    STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
    Number(a.branchType === 'BRANCH') - Number(b.branchType === 'BRANCH') ||
    a.suggestion.value.localeCompare(b.suggestion.value, 'ru')
  );
}
