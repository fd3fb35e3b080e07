import { AGE_OF_MAJORITY, fullYears } from './age';
import type { PublishConsentPart } from './records';

/**
 * What of a platform record is private, and to whom: the one list the api's answer filter and its tests
 * read. A record of the `sportsman` app is a person (an athlete) or an organization (`representative_new`
 * says which); a legal representative is a person who acts for a minor athlete.
 *
 * - A person's private fields reach only that person, the other athletes of the same login (linked
 *   accounts) and, for {@link organizerVisiblePersonFields}, the organizer of an event the person applied to.
 * - Of the rest, photo, birth year, city and results reach others only when the person chose to publish them
 *   (`publish_consent`, {@link consentPublishedFields}); a minor without a parent's consent shows others the
 *   registry alone ({@link registryPersonFields}).
 * - An organization's business contacts are public; its bank details, INN and the platform's user id are
 *   the organization's own.
 */

/** Bank details, the taxpayer number and the platform's user id: every account's own, person or organization. */
const accountPrivateFields = [
  'bank',
  'bic',
  'bank_account',
  'correspondent_account',
  'inn_a',
  'backenduserid',
] as const;

/** Fields of a person's record that are the person's own (contacts, exact birth date, address, money, ids). */
export const personPrivateFields = [
  'phone',
  /** The consent itself names the login that gave it: the person's own. */
  'publish_consent',
  'contact_phone',
  'email_kontr',
  'email',
  'date_of_birth',
  'fakti_address',
  /** Shown on the member's own card; others see the membership mark, not the number. */
  'membership_number',
  ...accountPrivateFields,
] as const;

/**
 * Fields of an organization's record that are the organization's own. `phone` is the sign-in phone of the
 * person who registered it, not a business contact (that is `contact_phone`).
 */
export const organizationPrivateFields = ['phone', ...accountPrivateFields] as const;

/**
 * What the organizer of an event sees of an athlete who applied to it, beyond the public view: the full birth
 * date (age classes, majority on the day) and the sign-in phone (for a minor, the parent's) to reach them
 * about the request.
 */
export const organizerVisiblePersonFields = ['date_of_birth', 'phone'] as const;

/**
 * The federation's registry: what anybody sees of any person, whatever they chose (with the record's own id
 * and name). A minor without a parent's consent shows others this and nothing more.
 */
export const registryPersonFields = [
  '__id',
  '__name',
  'fio',
  'representative_new',
  'organiz',
  'organizationName',
  'age_class',
] as const;

/**
 * The fields each part of `publish_consent` publishes. `birthYear` publishes the year alone (the filter puts
 * {@link BIRTH_YEAR_FIELD} in place of `date_of_birth`); without it others get no trace of the birth date.
 */
export const consentPublishedFields: Readonly<
  Record<Exclude<PublishConsentPart, 'birthYear'>, readonly string[]>
> = {
  photo: ['photo'],
  city: ['gorod'],
  results: ['results'],
};

/** Fields of a person's record others see only by consent. */
export const consentGovernedFields = Object.values(consentPublishedFields).flat();

/** A person's choices as far as they can be read; a missing or malformed consent publishes nothing. */
export function publishedPartsOf(
  record: Readonly<Record<string, unknown>>,
): ReadonlySet<PublishConsentPart> | null {
  const consent = record['publish_consent'];
  if (typeof consent !== 'object' || consent === null) return null;
  const parts = new Set<PublishConsentPart>();
  for (const part of ['photo', 'birthYear', 'city', 'results'] as const) {
    if ((consent as Record<string, unknown>)[part] === true) parts.add(part);
  }
  return parts;
}

/** Added to a person's record for those who may not see `date_of_birth`: the year alone. */
export const BIRTH_YEAR_FIELD = 'birth_year';

export type PersonPrivateField = (typeof personPrivateFields)[number];

/** Every field name that is private for some kind of record. */
export const privateFieldNames: ReadonlySet<string> = new Set<string>([
  ...personPrivateFields,
  ...organizationPrivateFields,
]);

/**
 * What makes an object worth a closer look: a private field, a full name, an account kind or a photo (a directory
 * card with its name and club alone is still a person, judged by its consent; without a birth date, as a minor).
 */
export const recordMarkerFieldNames: ReadonlySet<string> = new Set<string>([
  ...privateFieldNames,
  'fio',
  'representative_new',
  'photo',
]);

export type PrivacyRecordKind = 'person' | 'organization';

type Fields = Readonly<Record<string, unknown>>;

/** An organization when any `representative_new` entry says so; anything else is treated as a person. */
export function recordKindOf(record: Fields): PrivacyRecordKind {
  const kinds = record['representative_new'];
  return Array.isArray(kinds) &&
    kinds.some(
      (kind) => typeof kind === 'object' && kind !== null && (kind as Fields)['code'] === 'organization',
    )
    ? 'organization'
    : 'person';
}

/**
 * The records whose owners may see this one in full: a legal representative belongs to the athletes it acts
 * for (its `sportsman` link), any other record to itself (`__id`). None known: nobody is its owner.
 */
export function subjectsOf(record: Fields): readonly string[] {
  const athletes = record['sportsman'];
  if (Array.isArray(athletes) && typeof record['lastname'] === 'string') {
    return athletes.filter((id): id is string => typeof id === 'string');
  }
  const id = record['__id'];
  return typeof id === 'string' ? [id] : [];
}

/** The year of a birth date the platform wrote (`YYYY-MM-DD…`), or `null`. */
export function birthYearOf(dateOfBirth: unknown): number | null {
  if (typeof dateOfBirth !== 'string') return null;
  const match = /^(\d{4})-\d{2}-\d{2}/.exec(dateOfBirth);
  return match ? Number(match[1]) : null;
}

/** Under 18 on `on`. Without a readable birth date a person counts as a minor: the careful side. */
export function isMinorOn(dateOfBirth: unknown, on: Date): boolean {
  if (typeof dateOfBirth !== 'string' || Number.isNaN(Date.parse(dateOfBirth))) return true;
  return fullYears(dateOfBirth, on) < AGE_OF_MAJORITY;
}
