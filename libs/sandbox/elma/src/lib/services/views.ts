import type { CompetitionDocument, ElmaSystemFields, OrganizationRead, SportsmanShort } from '@fed/contracts';
import type { StoredItem } from '../core/items.repository';

const SHORT_FIELDS = [
  'email_kontr',
  'organiz',
  'coach',
  'pol',
  'term_membership',
  'fio',
  'photo',
  'phone',
  'age_class',
  'representative_new',
  'gorod',
  'date_of_birth',
  'vk_link',
  'vk_link_available',
] as const;

const ORGANIZATION_FIELDS = [
  'contact_phone',
  'email_kontr',
  'sait',
  'fakti_address',
  'logo',
  'representative_new',
  'phone',
  'photo_video_sale',
  'gorod',
  'vk_link',
  'vk_link_available',
] as const;

function pick(item: StoredItem, fields: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = { __id: item.__id, __name: item.__name };
  for (const field of fields) if (item[field] !== undefined) picked[field] = item[field];
  return picked;
}

/** Spec §3 "Shorter sportsman read". */
export function toSportsmanShort(item: StoredItem): SportsmanShort {
  return pick(item, SHORT_FIELDS) as SportsmanShort;
}

/** Spec §3 "Organization read". */
export function toOrganizationRead(item: StoredItem): OrganizationRead {
  return pick(item, ORGANIZATION_FIELDS) as OrganizationRead;
}

/** Keeps only the requested fields (plus `__id`, `__name`), as `fields` of a list or get asks. */
export function projectFields(
  item: StoredItem,
  fields: Record<string, boolean> | undefined,
): Record<string, unknown> {
  if (!fields) return item;
  const wanted = Object.entries(fields)
    .filter(([, on]) => on)
    .map(([field]) => field);
  if (wanted.length === 0) return item;
  return pick(item, wanted);
}

export function kindOf(item: StoredItem): string | undefined {
  return (item['representative_new'] as Array<{ code: string }> | undefined)?.[0]?.code;
}

/** The platform's own fields of an item, as every record carries them. */
export function systemFieldsOf(item: StoredItem): ElmaSystemFields {
  const { __id, __name, __createdAt, __updatedAt, __deletedAt } = item;
  return { __id, __name, __createdAt, __updatedAt, __deletedAt };
}

/** A `competition_documents` item as the module scripts answer it (`reason` always present). */
export function toCompetitionDocument(item: StoredItem): CompetitionDocument {
  return {
    ...systemFieldsOf(item),
    competition: (item['competition'] as string[] | undefined) ?? [],
    kind: item['kind'] as CompetitionDocument['kind'],
    file: (item['file'] as string[] | undefined) ?? [],
    state: item['state'] as CompetitionDocument['state'],
    reason: (item['reason'] as string | undefined) ?? null,
    history: (item['history'] as CompetitionDocument['history'] | undefined) ?? [],
  };
}
