import { addDays, addMonths, federationInstant, isoDay, type CalendarDay } from '@fed/calendar';
import type { Prng } from './prng';
import { femaleFirstNames, maleFirstNames, patronymics, surnames } from './dictionary';

/**
 * Values the demo seed's steps build their rows from. Days are the federation's (Moscow) calendar days and
 * moments are wall times of that calendar, so the demo reads the same on any server and on any day it is seeded.
 */

export type Gender = 'male' | 'female';

export const GENDER_NAMES: Record<Gender, string> = { male: 'Мужской', female: 'Женский' };
export const ATHLETE_KIND = [{ code: 'sportsman', name: 'Спортсмен' }];
export const ORGANIZATION_KIND = [{ code: 'organization', name: 'Организация' }];

export const rub = (rubles: number) => ({ cents: rubles * 100, currency: 'RUB' });

/** An event's first day begins at 10:00 Moscow time. */
export const startOfEventDay = (day: CalendarDay): Date => federationInstant(day, 10);

/** An event's last day ends at 18:00 Moscow time. */
export const endOfEventDay = (day: CalendarDay): Date => federationInstant(day, 18);

/** Registration deadlines and membership terms run to 23:59 Moscow time of their day. */
export const lastMinuteOf = (day: CalendarDay): Date => federationInstant(day, 23, 59);

/**
 * When people did things on a day (registered, applied, paid, submitted): midday, so that a day before the
 * seed's "today" is in the past whatever the hour it is seeded at.
 */
export const middayOf = (day: CalendarDay): Date => federationInstant(day, 12);

/** A date field as the platform stores one: midnight UTC of the day written. */
export const dateField = (day: CalendarDay): string => `${isoDay(day)}T00:00:00.000Z`;

/**
 * The longest a person's birthday may lie back: `birthDayFor` with fewer days keeps them `age` full years old on
 * `today`, in a leap year or not.
 */
export const MAX_DAYS_SINCE_BIRTHDAY = 364;

/**
 * The birth day of someone `age` full years old on `today` whose last birthday was `daysSinceBirthday`
 * (0–364) days before it. Laid out from today rather than drawn as a day of some year, so that the same draws
 * give the same person the same age, and the same years at every event, whatever day the demo is seeded on.
 */
export function birthDayFor(today: CalendarDay, age: number, daysSinceBirthday: number): CalendarDay {
  if (daysSinceBirthday < 0 || daysSinceBirthday > MAX_DAYS_SINCE_BIRTHDAY) {
    throw new RangeError(`birthDayFor: ${daysSinceBirthday} days since a birthday`);
  }
  return addDays(addMonths(today, -12 * age), -daysSinceBirthday);
}

/** Days around a birthday when counting full years by days alone may be off by the leap days in between. */
const BIRTHDAY_MARGIN_DAYS = 3;
const YEAR_DAYS = 365;

/**
 * Full years of someone `age` on the seed's today, `daysSinceBirthday` after their birthday, on the day
 * `inDays` from today; `null` within a few days of a birthday. Counted from the draws alone (no calendar), so a
 * choice made by it is the same on every day the demo is seeded; away from a birthday it is what
 * `fullYearsOn` counts on the calendar, in leap years too.
 */
export function fullYearsInDays(age: number, daysSinceBirthday: number, inDays: number): number | null {
  const sinceBirthday = daysSinceBirthday + inDays;
  const yearsOn = Math.floor(sinceBirthday / YEAR_DAYS);
  const intoYear = sinceBirthday - yearsOn * YEAR_DAYS;
  if (intoYear <= BIRTHDAY_MARGIN_DAYS || intoYear >= YEAR_DAYS - BIRTHDAY_MARGIN_DAYS) return null;
  return age + yearsOn;
}

export function phoneNumber(prng: Prng): string {
  return `+79${prng.int(10, 89)}${prng.digits(7)}`;
}

export interface Fio {
  lastname: string;
  firstname: string;
  middlename: string;
}

export function person(prng: Prng, gender: Gender): { fio: Fio; name: string } {
  const surname = prng.pick(surnames);
  const patronymic = prng.pick(patronymics);
  const fio = {
    lastname: gender === 'male' ? surname[0] : surname[1],
    firstname: prng.pick(gender === 'male' ? maleFirstNames : femaleFirstNames),
    middlename: gender === 'male' ? patronymic[0] : patronymic[1],
  };
  return { fio, name: `${fio.lastname} ${fio.firstname} ${fio.middlename}` };
}
