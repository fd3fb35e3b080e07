import type {
  AgeClassRecord,
  EventSummary,
  OrganizationCard,
  OrganizationProfile,
  SportsmanCard,
  SportsmanProfile,
} from '@fed/contracts';

/** An athlete as the directory answers them to a stranger: the registry plus what they publish. */
export function athleteCard(overrides: Partial<SportsmanCard> = {}): SportsmanCard {
  return {
    __id: 'sp-1',
    __name: 'Иванова Анна Сергеевна',
    fio: { lastname: 'Иванова', firstname: 'Анна', middlename: 'Сергеевна' },
    representative_new: [{ code: 'sportsman', name: 'Спортсмен' }],
    organiz: ['org-1'],
    organizationName: 'СК «Олимп»',
    age_class: [{ __id: 'ac-adults', code: 'adults', nazvanie: 'Взрослые 18+', sortirovka: 5 }],
    pol: [{ code: 'female', name: 'Женский' }],
    gorod: 'Казань',
    photo: ['file-photo-1'],
    birth_year: 1999,
    membershipValid: true,
    ...overrides,
  };
}

/** A minor without a parent's consent, as others receive them: the registry alone. */
export function minorCard(overrides: Partial<SportsmanCard> = {}): SportsmanCard {
  return {
    __id: 'sp-2',
    __name: 'Петров Илья Андреевич',
    fio: { lastname: 'Петров', firstname: 'Илья', middlename: 'Андреевич' },
    representative_new: [{ code: 'sportsman', name: 'Спортсмен' }],
    organiz: ['org-1'],
    organizationName: 'СК «Олимп»',
    age_class: [{ __id: 'ac-kids', code: 'kids', nazvanie: 'Дети 10–11 лет', sortirovka: 2 }],
    ...overrides,
  };
}

export function athleteProfile(overrides: Partial<SportsmanProfile> = {}): SportsmanProfile {
  return {
    ...athleteCard(),
    coach: 'Тарасов Дмитрий Олегович',
    term_membership: '2099-12-31T20:59:59Z',
    vk_link: 'https://vk.com/anna_ivanova',
    vk_link_available: true,
    results: [
      {
        requestId: 'rq-2',
        competitionId: 'ev-2',
        competitionName: 'Кубок Казани по каратэ',
        dateStart: '2099-12-12T07:00:00Z',
        dateEnd: '2099-12-14T15:00:00Z',
        gorod: 'Казань',
        programNames: ['Кумитэ, женщины, взрослые 18+, −61 кг'],
        place: null,
      },
      {
        requestId: 'rq-1',
        competitionId: 'ev-1',
        competitionName: 'Первенство Москвы',
        dateStart: '2020-05-10T07:00:00Z',
        dateEnd: '2020-05-10T15:00:00Z',
        gorod: 'Москва',
        programNames: ['Ката, взрослые 18+'],
        place: 2,
      },
    ],
    ...overrides,
  };
}

export function clubCard(overrides: Partial<OrganizationCard> = {}): OrganizationCard {
  return {
    __id: 'org-1',
    __name: 'СК «Олимп»',
    representative_new: [{ code: 'organization', name: 'Организация' }],
    gorod: 'Казань',
    fakti_address: 'г Казань, ул Баумана, д 5',
    sait: 'olimp-kazan.example',
    contact_phone: [{ type: 'main', tel: '+79161234567' }],
    email_kontr: [{ type: 'main', email: 'olimp@example.org' }],
    vk_link: 'https://vk.com/olimp_kazan',
    vk_link_available: true,
    logo: ['file-logo-1'],
    athletesCount: 21,
    upcomingEventsCount: 2,
    ...overrides,
  };
}

export function clubProfile(overrides: Partial<OrganizationProfile> = {}): OrganizationProfile {
  return { ...clubCard(), pastEventsCount: 1, ...overrides };
}

export function event(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    __id: 'ev-1',
    __name: 'Кубок Казани по каратэ',
    __createdAt: '2026-01-10T09:00:00Z',
    __updatedAt: '2026-01-10T09:00:00Z',
    date_start: '2099-12-12T07:00:00Z',
    date_end: '2099-12-14T15:00:00Z',
    registration_deadline: '2099-12-05T20:59:00Z',
    gorod: 'Казань',
    address: 'г Казань, ул Баумана, д 5',
    discipline: [{ code: 'kumite', name: 'Кумитэ' }],
    level: [{ code: 'regional', name: 'Региональное' }],
    organizer: ['org-1'],
    age_class: [],
    fee: { cents: 150_000, currency: 'RUB' },
    places_limit: 0,
    description: '',
    photo_video_sale: false,
    placesTaken: 0,
    organizerName: 'СК «Олимп»',
    ...overrides,
  };
}

export function ageClass(
  overrides: Partial<AgeClassRecord> & { __id: string; nazvanie: string },
): AgeClassRecord {
  return {
    __name: overrides.nazvanie,
    __createdAt: '2026-01-10T09:00:00Z',
    __updatedAt: '2026-01-10T09:00:00Z',
    code: overrides.__id,
    sortirovka: 1,
    ...overrides,
  };
}
