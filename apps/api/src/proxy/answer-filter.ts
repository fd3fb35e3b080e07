import {
  BIRTH_YEAR_FIELD,
  birthYearOf,
  isMinorOn,
  minorWithheldFields,
  organizationPrivateFields,
  organizerVisiblePersonFields,
  personPrivateFields,
  privateFieldNames,
  recordMarkerFieldNames,
  recordKindOf,
  subjectsOf,
} from '@fed/contracts';

/**
 * The answer filter: every platform answer the proxy relays passes it, so that a person's private fields
 * (libs/contracts `privacy.ts`) reach only those who may see them. It walks the parsed JSON once; any object
 * that carries a private field is a record, and {@link visibleFieldsOf} decides what of it the viewer sees.
 */

/** Who is looking, as far as privacy goes. */
export interface Viewer {
  /** Records the caller's login holds (its athletes, its organization): these it sees whole. */
  ownIds: ReadonlySet<string>;
  /** Athletes who applied to an event the caller organizes, as this very call proved. */
  applicantIds: ReadonlySet<string>;
  /** Today, for who is a minor. */
  now: Date;
}

export const guestViewer = (now: Date): Viewer => ({ ownIds: new Set(), applicantIds: new Set(), now });

/** What of one record a viewer sees. */
export interface RecordVisibility {
  /** Fields left out. */
  withheld: ReadonlySet<string>;
  /** `date_of_birth` becomes `birth_year`. */
  birthYearOnly: boolean;
}

/** A published social link (`vk_link_available`) is public; an unpublished one is its owner's. */
const UNPUBLISHED_LINK = 'vk_link';

function visibility(fields: readonly string[], birthYearOnly: boolean) {
  const withheld = new Set(fields);
  return {
    published: { withheld, birthYearOnly } as RecordVisibility,
    unpublished: { withheld: new Set([...withheld, UNPUBLISHED_LINK]), birthYearOnly } as RecordVisibility,
  };
}

const forOrganizer = personPrivateFields.filter(
  (field) => !(organizerVisiblePersonFields as readonly string[]).includes(field),
);
const WHOLE: RecordVisibility = { withheld: new Set(), birthYearOnly: false };
const ORGANIZATION = visibility(organizationPrivateFields, false);
const ADULT = visibility(personPrivateFields, true);
const MINOR = visibility([...personPrivateFields, ...minorWithheldFields], true);
const ADULT_TO_ORGANIZER = visibility(forOrganizer, false);
const MINOR_TO_ORGANIZER = visibility([...forOrganizer, ...minorWithheldFields], false);

/**
 * What `viewer` sees of `record`: everything when it is one of the viewer's own records (or a legal
 * representative of one); an organization's public face; for the organizer of an event the person applied
 * to, the public view plus the birth date and phone; for everybody else the public view, with the birth
 * year only and, for a minor, no photo. The one place a person's choices about publishing will be read.
 */
export function visibleFieldsOf(record: Readonly<Record<string, unknown>>, viewer: Viewer): RecordVisibility {
  const subjects = subjectsOf(record);
  if (subjects.some((id) => viewer.ownIds.has(id))) return WHOLE;
  const links = record['vk_link_available'] === true ? 'published' : 'unpublished';
  if (recordKindOf(record) === 'organization') return ORGANIZATION[links];
  const minor = isMinorOn(record['date_of_birth'], viewer.now);
  if (subjects.some((id) => viewer.applicantIds.has(id))) {
    return (minor ? MINOR_TO_ORGANIZER : ADULT_TO_ORGANIZER)[links];
  }
  return (minor ? MINOR : ADULT)[links];
}

type Json = Record<string, unknown>;

function isContainer(value: unknown): value is Json | unknown[] {
  return typeof value === 'object' && value !== null;
}

function isRecordLike(object: Json): boolean {
  for (const key in object) if (recordMarkerFieldNames.has(key)) return true;
  return false;
}

/**
 * Takes out of a parsed answer, in place, what `viewer` may not see. Answers whether anything was taken
 * (when nothing was, the platform's bytes can be relayed as they came). Iterative, so a deeply nested answer
 * cannot exhaust the stack.
 */
export function filterAnswer(answer: unknown, viewer: Viewer): boolean {
  let changed = false;
  const pending: unknown[] = [answer];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (isContainer(item)) pending.push(item);
      continue;
    }
    if (!isContainer(value)) continue;
    const object = value as Json;
    if (!isRecordLike(object)) {
      for (const key in object) if (isContainer(object[key])) pending.push(object[key]);
      continue;
    }
    const { withheld, birthYearOnly } = visibleFieldsOf(object, viewer);
    if (birthYearOnly && 'date_of_birth' in object) {
      const year = birthYearOf(object['date_of_birth']);
      delete object['date_of_birth'];
      if (year !== null) object[BIRTH_YEAR_FIELD] = year;
      changed = true;
    }
    for (const key in object) {
      if (withheld.has(key)) {
        delete object[key];
        changed = true;
      } else if (!privateFieldNames.has(key) && isContainer(object[key])) {
        // A private field the viewer may see was judged with its record: its contents are not records.
        pending.push(object[key]);
      }
    }
  }
  return changed;
}

/**
 * The athletes of the requests in an answer that concern the given competitions: with competitions the caller
 * was proved to organize, the athletes who applied to the caller's events.
 */
export function applicantsIn(answer: unknown, competitionIds: ReadonlySet<string>): Set<string> {
  const applicants = new Set<string>();
  if (competitionIds.size === 0) return applicants;
  const pending: unknown[] = [answer];
  while (pending.length > 0) {
    const value = pending.pop();
    if (!isContainer(value)) continue;
    if (Array.isArray(value)) {
      pending.push(...value);
      continue;
    }
    const object = value as Json;
    const competitions = object['competition'];
    const athletes = object['sportsman'];
    if (
      Array.isArray(competitions) &&
      Array.isArray(athletes) &&
      competitions.some((id) => typeof id === 'string' && competitionIds.has(id))
    ) {
      for (const id of athletes) if (typeof id === 'string') applicants.add(id);
    }
    for (const key in object) if (isContainer(object[key])) pending.push(object[key]);
  }
  return applicants;
}
