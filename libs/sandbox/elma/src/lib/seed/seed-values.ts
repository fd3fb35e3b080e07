import type { Prng } from './prng';
import { femaleFirstNames, maleFirstNames, patronymics, surnames } from './dictionary';

/** Values the demo seed's steps build their rows from; every date is UTC, so any machine seeds the same. */

export const DAY = 86_400_000;

export type Gender = 'male' | 'female';

export const GENDER_NAMES: Record<Gender, string> = { male: 'Мужской', female: 'Женский' };
export const ATHLETE_KIND = [{ code: 'sportsman', name: 'Спортсмен' }];
export const ORGANIZATION_KIND = [{ code: 'organization', name: 'Организация' }];

export const rub = (rubles: number) => ({ cents: rubles * 100, currency: 'RUB' });

export function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY);
}

export function atUtc(date: Date, hours: number, minutes = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hours, minutes));
}

export function birthDate(prng: Prng, now: Date, age: number): string {
  return new Date(Date.UTC(now.getUTCFullYear() - age, prng.int(0, 11), prng.int(1, 28))).toISOString();
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
