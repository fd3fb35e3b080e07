import { calendarDayOf, daysBetween, federationToday, instantOf, type Clock } from '@fed/calendar';
import { AGE_OF_MAJORITY, fullYears, type GenderCode, type SportsmanRecord } from '@fed/contracts';
import { formatPhone, parseE164, pluralRu } from '@fed/validation';

/**
 * Whether the athlete is a minor today by the clock, on the federation's (Moscow) calendar: of age from the first
 * Moscow minute of the 18th birthday. A record without a readable birth date counts as a minor (as the api counts).
 */
export function isMinor(record: Pick<SportsmanRecord, 'date_of_birth'>, clock: Clock): boolean {
  const birth = record.date_of_birth;
  if (!birth || Number.isNaN(Date.parse(birth))) return true;
  return fullYears(birth, instantOf(clock)) < AGE_OF_MAJORITY;
}

export type MembershipTerm =
  | { state: 'none' }
  | { state: 'active'; until: string; daysLeft: number }
  | { state: 'expired'; until: string };

/**
 * The federation membership from the record's `term_membership`: none, running, or over. The days left are Moscow
 * calendar days, today and the term's last day included: a term ending on 31 December leaves «1 день» on 31
 * December, whatever the hour and the device's zone.
 */
export function membershipTerm(term: string | null | undefined, clock: Clock): MembershipTerm {
  const until = term ? Date.parse(term) : Number.NaN;
  if (!term || Number.isNaN(until)) return { state: 'none' };
  if (until < clock.now()) return { state: 'expired', until: term };
  return {
    state: 'active',
    until: term,
    daysLeft: daysBetween(federationToday(clock), calendarDayOf(until)) + 1,
  };
}

/** «остался 1 день», «осталось 3 дня», «осталось 45 дней». */
export function daysLeftText(days: number): string {
  return `${pluralRu(days, ['остался', 'осталось', 'осталось'])} ${days} ${pluralRu(days, ['день', 'дня', 'дней'])}`;
}

/** The full name from the record's parts, else its display name. */
export function fullNameOf(record: Pick<SportsmanRecord, 'fio' | '__name'>): string {
  const fio = record.fio;
  const parts = fio ? [fio.lastname, fio.firstname, fio.middlename].filter(Boolean) : [];
  return parts.length > 0 ? parts.join(' ') : record.__name;
}

/** The athlete's gender code, for the placeholder picture; `null` when the record has none. */
export function genderOf(record: Pick<SportsmanRecord, 'pol'>): GenderCode | null {
  const code = record.pol?.[0]?.code;
  return code === 'male' || code === 'female' ? code : null;
}

/** A stored phone (E.164) as people read it: `+7 (999) 000-00-01`; one of no known format as it is. */
export function phoneText(tel: string | null | undefined): string | null {
  if (!tel) return null;
  const parsed = parseE164(tel);
  if (!parsed) return tel;
  const dialCode = tel.slice(1, tel.length - parsed.digits.length);
  return `+${dialCode} ${formatPhone(parsed.digits, parsed.country)}`;
}
