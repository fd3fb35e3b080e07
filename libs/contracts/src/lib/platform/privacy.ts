import { AGE_OF_MAJORITY, fullYears } from './age';

/**
 * What of a platform record is private, and to whom: the one list the api's answer filter and its tests
 * read. A record of the `sportsman` app is a person (an athlete) or an organization (`representative_new`
 * says which); a legal representative is a person who acts for a minor athlete.
 *
 * - A person's private fields reach only that person, the other athletes of the same login (linked
 *   accounts) and, for {@link organizerVisiblePersonFields}, the organizer of an event the person applied to.
 * - Others see the rest, with the birth year in place of the birth date; a minor is shown without photo.
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
  'contact_phone',
  'email_kontr',
  'email',
  'date_of_birth',
  'fakti_address',
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

/** What a minor's record leaves out for everybody but their own login. */
export const minorWithheldFields = ['photo'] as const;

/** Added to a person's record for those who may not see `date_of_birth`: the year alone. */
export const BIRTH_YEAR_FIELD = 'birth_year';

export type PersonPrivateField = (typeof personPrivateFields)[number];

/** Every field name that is private for some kind of record. */
export const privateFieldNames: ReadonlySet<string> = new Set<string>([
  ...personPrivateFields,
  ...organizationPrivateFields,
]);

/**
 * What makes an object worth a closer look: a private field, or a field withheld for minors (a record read
 * with only its name and photo is still a person, and without a birth date counts as a minor).
 */
export const recordMarkerFieldNames: ReadonlySet<string> = new Set<string>([
  ...privateFieldNames,
  ...minorWithheldFields,
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
