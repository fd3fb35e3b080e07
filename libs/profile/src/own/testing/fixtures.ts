import {
  addDays,
  addMonths,
  DAY_MS,
  endOfFederationDay,
  federationToday,
  isoDay,
  type Clock,
} from '@fed/calendar';
import type { LegalRepresentativeRecord, SportsmanRecord } from '@fed/contracts';
import { completeSettlementAccount } from '@fed/validation';
import { fakeAccessToken, signedInAs, testClock, tokenExp } from '@fed/auth-session/testing';

/** A moment `days` from the clock the pages are rendered on, as the platform writes it. */
export const daysFromNow = (days: number, clock: Clock = testClock) =>
  new Date(clock.now() + days * DAY_MS).toISOString();

/** The end (23:59:59.999 Moscow time) of the Moscow day `days` after today by the clock: a term's last day. */
export const endOfDayIn = (days: number, clock: Clock = testClock) =>
  endOfFederationDay(addDays(federationToday(clock), days)).toISOString();

export const ATHLETE_ID = 'sp-1';
export const CHILD_ID = 'sp-2';
export const CLUB_ID = 'org-1';
export const LOGIN_ID = 'login-1';

/** A signed-in login (its `sub` is the login) with `id` active. */
export function signedInLogin(id: string, contractorType: 'sportsman' | 'organization' = 'sportsman') {
  const claim = contractorType === 'sportsman' ? { Sportsman: [id] } : { Organization: id };
  return signedInAs(id, contractorType, {
    tokens: {
      token: fakeAccessToken({ sub: LOGIN_ID, ...claim, ContractorType: contractorType, exp: tokenExp() }),
      refreshToken: 'r-1',
    },
  });
}

/** An adult athlete's whole record, as the platform answers its owner. */
export function adultRecord(overrides: Partial<SportsmanRecord> = {}): SportsmanRecord {
  return {
    __id: ATHLETE_ID,
    __name: 'Соколов Андрей Викторович',
    fio: { lastname: 'Соколов', firstname: 'Андрей', middlename: 'Викторович' },
    pol: [{ code: 'male', name: 'Мужской' }],
    date_of_birth: '1990-05-12T00:00:00.000Z',
    gorod: 'Москва',
    organiz: [CLUB_ID],
    coach: 'Иванов Сергей Петрович',
    age_class: [
      { __id: 'ac-open', code: 'open', nazvanie: 'Открытый', sortirovka: 100 },
      { __id: 'ac-adult', code: 'vzroslye_18', nazvanie: 'Взрослые', sortirovka: 9 },
    ],
    // Its last day is the tenth, today included, by the clock the pages are rendered on.
    term_membership: endOfDayIn(9),
    phone: [{ type: 'mobile', tel: '+79990000001' }],
    email_kontr: [{ type: 'main', email: 'sokolov@example.ru' }],
    vk_link: 'https://vk.com/sokolov',
    vk_link_available: true,
    photo: [],
    representative_new: [{ code: 'sportsman', name: 'Спортсмен' }],
    publish_consent: null,
    ...overrides,
  };
}

/** The day `years` ago today by the clock: as typed into the date mask (its digits) and as the api takes it. */
export function yearsAgo(years: number, clock: Clock = testClock): { typed: string; iso: string } {
  const iso = isoDay(addMonths(federationToday(clock), -12 * years));
  return { typed: `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`, iso };
}

/** A girl of nine by the pages' clock, without a legal representative. */
export function childRecord(
  overrides: Partial<SportsmanRecord> = {},
  clock: Clock = testClock,
): SportsmanRecord {
  const born = addMonths(federationToday(clock), -9 * 12);
  return adultRecord({
    __id: CHILD_ID,
    __name: 'Соколова Алиса Андреевна',
    fio: { lastname: 'Соколова', firstname: 'Алиса', middlename: 'Андреевна' },
    pol: [{ code: 'female', name: 'Женский' }],
    date_of_birth: `${isoDay(born)}T00:00:00.000Z`,
    coach: null,
    email_kontr: null,
    vk_link: null,
    vk_link_available: false,
    age_class: [{ __id: 'ac-kids', code: 'deti_8_9', nazvanie: 'Дети 8–9 лет', sortirovka: 2 }],
    ...overrides,
  });
}

export const SBER = { bank: 'ПАО Сбербанк', bic: '044525225', correspondent: '30101810400000000225' };
export const VTB = { bank: 'Банк ВТБ (ПАО)', bic: '044525187', correspondent: '30101810700000000187' };
export const sberAccount = completeSettlementAccount('40703810000000000001', SBER.bic);
export const vtbAccount = completeSettlementAccount('40703810000000000002', VTB.bic);

/** The club's whole record, bank details and all, as the platform answers the club. */
export function clubRecord(overrides: Partial<SportsmanRecord> = {}): SportsmanRecord {
  return {
    __id: CLUB_ID,
    __name: 'СК «Сэнсэй»',
    yr_nazvanie: 'АНО СК «Сэнсэй»',
    representative_new: [{ code: 'organization', name: 'Организация' }],
    gorod: 'Москва',
    fakti_address: 'г Москва, ул Лужники, д 24',
    sait: 'https://sensei.example',
    contact_phone: [{ type: 'work', tel: '+74951234567' }],
    email_kontr: [{ type: 'work', email: 'club@sensei.example' }],
    vk_link: 'https://vk.com/sensei_club',
    vk_link_available: true,
    bank: SBER.bank,
    bic: SBER.bic,
    bank_account: sberAccount,
    correspondent_account: SBER.correspondent,
    logo: [],
    ...overrides,
  };
}

export const representative: LegalRepresentativeRecord = {
  __id: 'lr-1',
  __name: 'Соколов Андрей Викторович',
  __createdAt: '2026-01-10T10:00:00.000Z',
  __updatedAt: '2026-01-10T10:00:00.000Z',
  firstname: 'Андрей',
  lastname: 'Соколов',
  middlename: 'Викторович',
  date_of_birth: '1990-05-12T00:00:00.000Z',
  sportsman: [CHILD_ID],
};
