import { PLATFORM_NAMESPACE, platformApps } from '@fed/contracts';

/** Field types of the platform, as far as the twin stores, validates and filters them. */
export type ElmaFieldType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'datetime'
  | 'link'
  | 'category'
  | 'phone'
  | 'email'
  | 'money'
  | 'fullname'
  | 'object'
  /** Computed by the platform on read; not writable, not filterable. */
  | 'computed';

export interface ElmaAppDefinition {
  namespace: string;
  code: string;
  title: string;
  fields: Readonly<Record<string, ElmaFieldType>>;
  /** Fields whose text goes into the `__search` full-text column (besides `__name`). */
  searchFields: readonly string[];
}

const sportsmanFields = {
  fio: 'fullname',
  email_kontr: 'email',
  organiz: 'link',
  phone: 'phone',
  contact_phone: 'phone',
  coach: 'string',
  pol: 'category',
  term_membership: 'datetime',
  photo: 'link',
  logo: 'link',
  age_class: 'computed',
  sait: 'string',
  fakti_address: 'string',
  representative_new: 'category',
  bank: 'string',
  bic: 'string',
  bank_account: 'string',
  correspondent_account: 'string',
  gorod: 'string',
  date_of_birth: 'datetime',
  backenduserid: 'string',
  associationFederation: 'boolean',
  photo_video_sale: 'boolean',
  inn_a: 'string',
  yr_nazvanie: 'string',
  vk_link: 'string',
  vk_link_available: 'boolean',
  legal_representative: 'link',
  /** What the person lets others see (`publishConsentSchema`). */
  publish_consent: 'object',
  /** The federation's membership number, given at the first paid membership. */
  membership_number: 'string',
} as const satisfies Record<string, ElmaFieldType>;

const definitions: ElmaAppDefinition[] = [
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.sportsman,
    title: 'Спортсмены и организации',
    fields: sportsmanFields,
    searchFields: ['fio', 'gorod', 'coach', 'yr_nazvanie', 'inn_a'],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.ageClasses,
    title: 'Возрастные классы',
    fields: {
      code: 'string',
      nazvanie: 'string',
      sortirovka: 'number',
      age_from: 'number',
      age_to: 'number',
    },
    searchFields: ['nazvanie', 'code'],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.offer,
    title: 'Оферты',
    fields: { file: 'link' },
    searchFields: [],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.competitions,
    title: 'Мероприятия',
    fields: {
      date_start: 'datetime',
      date_end: 'datetime',
      registration_deadline: 'datetime',
      gorod: 'string',
      address: 'string',
      geo_lat: 'number',
      geo_lon: 'number',
      discipline: 'category',
      level: 'category',
      organizer: 'link',
      age_class: 'link',
      fee: 'money',
      places_limit: 'number',
      description: 'string',
      photo_video_sale: 'boolean',
      poster: 'link',
      photo_video_prices: 'object',
      /** Set by staff through the app-item update; absent on events never cancelled. */
      cancelled: 'boolean',
    },
    searchFields: ['gorod', 'address'],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.programs,
    title: 'Программы',
    fields: {
      competition: 'link',
      discipline: 'category',
      program_type: 'object',
      pol: 'category',
      age_class: 'link',
      weight_category: 'string',
      fee: 'money',
    },
    searchFields: ['weight_category'],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.requests,
    title: 'Заявки',
    fields: {
      sportsman: 'link',
      competition: 'link',
      programs: 'link',
      requestState: 'string',
      nomenclature_type: 'string',
      payment_status: 'string',
      fee: 'money',
      reason: 'string',
      coach: 'string',
      result_place: 'number',
      state_history: 'object',
      season: 'number',
      membership_request: 'link',
      paid_at: 'datetime',
      payment_order: 'string',
      payment_id: 'string',
      refund_id: 'string',
    },
    searchFields: [],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.sales,
    title: 'Продажи фото и видео',
    fields: {
      sportsman: 'link',
      competition: 'link',
      request: 'link',
      entry: 'link',
      program: 'link',
      package: 'category',
      price: 'money',
      status: 'string',
      cancelled_at: 'datetime',
    },
    searchFields: [],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.media,
    title: 'Фото и видео мероприятий',
    // The tags (which performances a medium shows) are the `media_tags` table (migration 5).
    fields: {
      competition: 'link',
      kind: 'string',
      mime_type: 'string',
      size: 'number',
      width: 'number',
      height: 'number',
      file: 'link',
      preview: 'link',
      display: 'link',
    },
    searchFields: [],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.memberships,
    title: 'Членство',
    fields: { sportsman: 'link', season: 'number', valid_until: 'datetime', fee: 'money', paid: 'boolean' },
    searchFields: [],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.settings,
    title: 'Настройки федерации',
    fields: {
      membership_term_rule: 'string',
      membership_fee: 'money',
      membership_reminder_days: 'number',
      membership_requires_photo: 'boolean',
    },
    searchFields: [],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.legalRepresentatives,
    title: 'Законные представители',
    fields: {
      firstname: 'string',
      lastname: 'string',
      middlename: 'string',
      date_of_birth: 'datetime',
      sportsman: 'link',
    },
    searchFields: ['lastname', 'firstname'],
  },
  {
    namespace: PLATFORM_NAMESPACE,
    code: platformApps.competitionDocuments,
    title: 'Документы мероприятий',
    fields: {
      competition: 'link',
      kind: 'string',
      file: 'link',
      state: 'string',
      reason: 'string',
      history: 'object',
    },
    searchFields: [],
  },
];

const byKey = new Map(
  definitions.map((definition) => [`${definition.namespace}/${definition.code}`, definition]),
);

export function findApp(namespace: string, code: string): ElmaAppDefinition | undefined {
  return byKey.get(`${namespace}/${code}`);
}

export function appDefinition(code: string): ElmaAppDefinition {
  const found = findApp(PLATFORM_NAMESPACE, code);
  if (!found) throw new Error(`No app ${code} in the twin's registry`);
  return found;
}

export const SYSTEM_FIELDS = {
  __id: 'id',
  __name: 'name',
  __createdAt: 'created_at',
  __updatedAt: 'updated_at',
  __deletedAt: 'deleted_at',
} as const;
export type SystemField = keyof typeof SYSTEM_FIELDS;

export function isSystemField(field: string): field is SystemField {
  return Object.hasOwn(SYSTEM_FIELDS, field);
}
