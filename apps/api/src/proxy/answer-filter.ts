import {
  BIRTH_YEAR_FIELD,
  birthYearOf,
  consentPublishedFields,
  isMinorOn,
  organizationPrivateFields,
  organizerVisiblePersonFields,
  personPrivateFields,
  privateFieldNames,
  publishedPartsOf,
  recordMarkerFieldNames,
  recordKindOf,
  registryPersonFields,
  subjectsOf,
  type PublishConsentPart,
} from '@fed/contracts';

/**
 * The answer filter: every platform answer the proxy relays passes it, so that a person's private fields
 * (libs/contracts `privacy.ts`) reach only those who may see them. It walks the parsed JSON once; any object
 * that carries a private field, a full name or a photo is a record, and {@link visibleFieldsOf} decides what of
 * it the viewer sees.
 */

/** Who is looking, as far as privacy goes. */
export interface Viewer {
  /** Records the caller's login holds (its athletes, its organization): these it sees whole. */
  ownIds: ReadonlySet<string>;
  /** Athletes who applied to an event the caller organizes, as this very call proved. */
  applicantIds: ReadonlySet<string>;
  /**
   * Today, for who is a minor: read by its calendar day alone, for `ProxyService` remembers a guest's view of an
   * answer per day. Whatever else the filter comes to read must go into that memo's context too.
   */
  now: Date;
}

export const guestViewer = (now: Date): Viewer => ({ ownIds: new Set(), applicantIds: new Set(), now });

/** What of one record a viewer sees. */
export interface RecordVisibility {
  /** Fields left out. */
  withheld: ReadonlySet<string>;
  /** When set, every other field is left out (a minor without a parent's consent: the registry alone). */
  keepOnly: ReadonlySet<string> | null;
  /** `date_of_birth` as it is, as the year alone (`birth_year`), or not at all. */
  birthDate: 'exact' | 'year' | 'hidden';
}

/** A published social link (`vk_link_available`) is public; an unpublished one is its owner's. */
const UNPUBLISHED_LINK = 'vk_link';

const WHOLE: RecordVisibility = { withheld: new Set(), keepOnly: null, birthDate: 'exact' };
const ORGANIZATION = {
  published: { withheld: new Set<string>(organizationPrivateFields), keepOnly: null, birthDate: 'exact' },
  unpublished: {
    withheld: new Set<string>([...organizationPrivateFields, UNPUBLISHED_LINK]),
    keepOnly: null,
    birthDate: 'exact',
  },
} as const satisfies Record<string, RecordVisibility>;

const organizerExtras: readonly string[] = organizerVisiblePersonFields;
const REGISTRY_ONLY: RecordVisibility = {
  withheld: new Set(),
  keepOnly: new Set(registryPersonFields),
  birthDate: 'hidden',
};
const REGISTRY_TO_ORGANIZER: RecordVisibility = {
  withheld: new Set(),
  keepOnly: new Set([...registryPersonFields, ...organizerExtras]),
  birthDate: 'exact',
};

/** A person's view for anybody but the owner, by what they published; one object per combination. */
const personViews = new Map<string, RecordVisibility>();

function personView(parts: ReadonlySet<PublishConsentPart>, organizer: boolean, linkPublished: boolean) {
  const key = `${[...parts].sort().join(',')}|${organizer}|${linkPublished}`;
  let view = personViews.get(key);
  if (!view) {
    const withheld = new Set<string>(personPrivateFields);
    if (organizer) for (const field of organizerExtras) withheld.delete(field);
    for (const [part, fields] of Object.entries(consentPublishedFields)) {
      if (!parts.has(part as PublishConsentPart)) for (const field of fields) withheld.add(field);
    }
    if (!linkPublished) withheld.add(UNPUBLISHED_LINK);
    view = {
      withheld,
      keepOnly: null,
      birthDate: organizer ? 'exact' : parts.has('birthYear') ? 'year' : 'hidden',
    };
    personViews.set(key, view);
  }
  return view;
}

/**
 * What `viewer` sees of `record`: everything when it is one of the viewer's own records (or a legal
 * representative of one); an organization's public face; of a person, the public view narrowed by what the
 * person chose to publish (`publish_consent`: photo, birth year, city, results — none when nothing was
 * chosen), and of a minor whose parent chose nothing, the registry alone (name, club, age class). The
 * organizer of an event the person applied to also sees the birth date and phone. The one place a person's
 * choices about publishing are read.
 */
export function visibleFieldsOf(record: Readonly<Record<string, unknown>>, viewer: Viewer): RecordVisibility {
  const subjects = subjectsOf(record);
  if (subjects.some((id) => viewer.ownIds.has(id))) return WHOLE;
  const linkPublished = record['vk_link_available'] === true;
  if (recordKindOf(record) === 'organization')
    return ORGANIZATION[linkPublished ? 'published' : 'unpublished'];
  const organizer = subjects.some((id) => viewer.applicantIds.has(id));
  const parts = publishedPartsOf(record);
  if (parts === null && isMinorOn(record['date_of_birth'], viewer.now)) {
    return organizer ? REGISTRY_TO_ORGANIZER : REGISTRY_ONLY;
  }
  return personView(parts ?? new Set(), organizer, linkPublished);
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
 * Takes out of `object` (a record), in place, what `visibility` withholds; queues for the walk the containers left
 * in it that are not private fields. Answers whether anything was taken.
 */
function applyVisibility(object: Json, visibility: RecordVisibility, pending: unknown[]): boolean {
  const { withheld, keepOnly, birthDate } = visibility;
  let changed = false;
  if (birthDate !== 'exact' && (BIRTH_YEAR_FIELD in object || 'date_of_birth' in object)) {
    const year = birthYearOf(object['date_of_birth']);
    delete object['date_of_birth'];
    delete object[BIRTH_YEAR_FIELD];
    if (birthDate === 'year' && year !== null) object[BIRTH_YEAR_FIELD] = year;
    changed = true;
  }
  for (const key in object) {
    if (withheld.has(key) || (keepOnly !== null && !keepOnly.has(key))) {
      delete object[key];
      changed = true;
    } else if (!privateFieldNames.has(key) && isContainer(object[key])) {
      // A private field the viewer may see was judged with its record: its contents are not records.
      pending.push(object[key]);
    }
  }
  return changed;
}

/** Walks `pending` to the end, filtering every record met. */
function walk(pending: unknown[], viewer: Viewer): boolean {
  let changed = false;
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
    if (applyVisibility(object, visibleFieldsOf(object, viewer), pending)) changed = true;
  }
  return changed;
}

/**
 * Takes out of a parsed answer, in place, what `viewer` may not see. Answers whether anything was taken
 * (when nothing was, the platform's bytes can be relayed as they came). Iterative, so a deeply nested answer
 * cannot exhaust the stack.
 */
export function filterAnswer(answer: unknown, viewer: Viewer): boolean {
  return walk([answer], viewer);
}

/**
 * The record read by fields (`getRecordFields`, spec §7): its `fieldsData` is the record `id` whatever fields were
 * asked, so it is judged as that record even when the fields asked carry none of the marks the walk looks for.
 * What the fields asked leave unsaid (the record's kind, birth date, consent) counts the careful way: a person, a
 * minor, nothing published. Any other shape is walked as any answer is.
 */
export function filterRecordFields(answer: unknown, id: string, viewer: Viewer): boolean {
  const fieldsData = isContainer(answer) && !Array.isArray(answer) ? answer['fieldsData'] : undefined;
  if (!isContainer(fieldsData) || Array.isArray(fieldsData)) return filterAnswer(answer, viewer);
  const pending: unknown[] = [];
  const changed = applyVisibility(fieldsData, visibleFieldsOf({ ...fieldsData, __id: id }, viewer), pending);
  return walk(pending, viewer) || changed;
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
