import type {
  AgeClassRecord,
  ApplicationEligibility,
  EventDetails,
  EventSummary,
  ProgramRecord,
  RequestView,
} from '@fed/contracts';

const system = (id: string, name: string) => ({
  __id: id,
  __name: name,
  __createdAt: '2026-01-10T09:00:00Z',
  __updatedAt: '2026-01-10T09:00:00Z',
});

export const rub = (roubles: number) => ({ cents: roubles * 100, currency: 'RUB' });

export const juniors: AgeClassRecord = {
  ...system('ac-juniors', 'Юниоры'),
  code: 'juniors',
  nazvanie: 'Юниоры 16–17 лет',
  sortirovka: 3,
  age_from: 16,
  age_to: 17,
};
export const adults: AgeClassRecord = {
  ...system('ac-adults', 'Взрослые'),
  code: 'adults',
  nazvanie: 'Взрослые 18+',
  sortirovka: 5,
  age_from: 18,
  age_to: null,
};

export function program(overrides: Partial<ProgramRecord> & { __id: string; __name: string }): ProgramRecord {
  return {
    ...system(overrides.__id, overrides.__name),
    competition: ['ev-1'],
    discipline: [{ code: 'kumite', name: 'Кумитэ' }],
    program_type: { code: 'individual', name: 'Личная программа', gender: true },
    pol: [{ code: 'male', name: 'Мужской' }],
    age_class: [adults.__id],
    weight_category: null,
    fee: rub(1500),
    ...overrides,
  };
}

/** Men's and women's kumite, and a kata open to both genders. */
export const programs: ProgramRecord[] = [
  program({ __id: 'pr-men', __name: 'Кумитэ, мужчины, взрослые 18+, −75 кг', weight_category: '−75 кг' }),
  program({
    __id: 'pr-women',
    __name: 'Кумитэ, женщины, взрослые 18+, −61 кг',
    pol: [{ code: 'female', name: 'Женский' }],
    weight_category: '−61 кг',
  }),
  program({
    __id: 'pr-kata',
    __name: 'Ката, юниоры 16–17 лет',
    discipline: [{ code: 'kata', name: 'Ката' }],
    program_type: { code: 'individual', name: 'Личная программа', gender: false },
    pol: null,
    age_class: [juniors.__id],
    fee: rub(2000),
  }),
];

export function eventSummary(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    ...system('ev-1', 'Кубок Казани по каратэ'),
    date_start: '2099-12-12T07:00:00Z',
    date_end: '2099-12-14T15:00:00Z',
    registration_deadline: '2099-12-05T20:59:00Z',
    gorod: 'Казань',
    address: 'Респ. Татарстан, г. Казань, ул. Баумана, д. 5, Дворец спорта «Олимп»',
    discipline: [
      { code: 'kumite', name: 'Кумитэ' },
      { code: 'kata', name: 'Ката' },
    ],
    level: [{ code: 'regional', name: 'Региональное' }],
    organizer: ['org-1'],
    age_class: [juniors.__id, adults.__id],
    fee: rub(1500),
    places_limit: 100,
    description: 'Соревнования проводятся по правилам WKF.',
    photo_video_sale: false,
    poster: null,
    placesTaken: 40,
    organizerName: 'Клуб «Сэмпай»',
    ...overrides,
  };
}

export function eventDetails(overrides: Partial<EventDetails> = {}): EventDetails {
  return {
    ...eventSummary(),
    programs,
    ageClasses: [juniors, adults],
    registrationOpen: true,
    documents: [{ __id: 'doc-1', __name: 'Положение 2099', kind: 'regulations', file: ['file-regulations'] }],
    ...overrides,
  };
}

export function eligibility(overrides: Partial<ApplicationEligibility> = {}): ApplicationEligibility {
  return {
    sportsmanId: 'sp-1',
    competitionId: 'ev-1',
    eligible: true,
    reasons: [],
    programs: [
      { programId: 'pr-men', eligible: true, reasons: [] },
      {
        programId: 'pr-women',
        eligible: false,
        reasons: [{ code: 'gender_mismatch', message: 'Программа проводится для спортсменов другого пола' }],
      },
      { programId: 'pr-kata', eligible: true, reasons: [] },
    ],
    existingRequestId: null,
    ...overrides,
  };
}

export function requestView(overrides: Partial<RequestView> = {}): RequestView {
  return {
    ...system('rq-1', 'Заявка'),
    sportsman: ['sp-1'],
    competition: ['ev-1'],
    programs: ['pr-men'],
    requestState: 'new',
    nomenclature_type: 'competition',
    payment_status: 'unpaid',
    fee: rub(1500),
    reason: null,
    coach: 'Иванов И. И.',
    state_history: [{ from: null, to: 'new', at: '2099-11-01T10:00:00Z', reason: null }],
    competitionName: 'Кубок Казани по каратэ',
    competitionDate: '2099-12-12T07:00:00Z',
    registrationDeadline: '2099-12-05T20:59:00Z',
    sportsmanName: 'Соколов Андрей',
    programNames: ['Кумитэ, мужчины, взрослые 18+, −75 кг'],
    allowedStates: ['cancelled'],
    ...overrides,
  };
}
