import { calendarDayOf, compareDays } from '@fed/calendar';
import {
  birthYearOf,
  BIRTH_YEAR_FIELD,
  disciplineCodes,
  requestStateNames,
  type AgeClassRecord,
  type ProgramRecord,
  type RequestView,
} from '@fed/contracts';

/**
 * An event's applications as rows of a start list: one row per athlete and program entered (an application
 * to two programs is a row in each), grouped by program and ordered by discipline, program type, age class,
 * gender and weight category; inside a program by the athlete's name. Pure: the records come in already
 * through the answer filter, and a field the filter took out is an empty cell here, never looked up again.
 */

type Json = Record<string, unknown>;

/** One row of the export, in the column order of {@link APPLICATION_COLUMNS}. */
export interface ApplicationRow {
  discipline: string;
  program: string;
  ageClass: string;
  gender: string;
  weight: string;
  athlete: string;
  /** `null`: the viewer may not see it (or the platform has none). */
  birthYear: number | null;
  club: string;
  coach: string;
  city: string;
  /** Membership lasts through the event's first day; `null`: the viewer may not see the term. */
  membershipValid: boolean | null;
  paid: boolean;
  state: string;
}

/** The rows of one program. */
export interface ProgramGroup {
  programId: string;
  discipline: string;
  /** The program's name as the platform gives it (discipline, who, age class, weight). */
  title: string;
  rows: ApplicationRow[];
}

/** Russian headers, in order; `key` is the row's field. */
export const APPLICATION_COLUMNS = [
  { key: 'discipline', header: 'Дисциплина', width: 16 },
  { key: 'program', header: 'Программа', width: 44 },
  { key: 'ageClass', header: 'Возрастной класс', width: 26 },
  { key: 'gender', header: 'Пол', width: 10 },
  { key: 'weight', header: 'Весовая категория', width: 12 },
  { key: 'athlete', header: 'ФИО', width: 34 },
  { key: 'birthYear', header: 'Год рождения', width: 10 },
  { key: 'club', header: 'Клуб', width: 30 },
  { key: 'coach', header: 'Тренер', width: 26 },
  { key: 'city', header: 'Город', width: 18 },
  { key: 'membershipValid', header: 'Членство на дату мероприятия', width: 14 },
  { key: 'paid', header: 'Оплачено', width: 10 },
  { key: 'state', header: 'Статус заявки', width: 22 },
] as const satisfies ReadonlyArray<{ key: keyof ApplicationRow; header: string; width: number }>;

/** The text of a cell as both formats write it (numbers stay numbers for the workbook). */
export function cellOf(row: ApplicationRow, key: keyof ApplicationRow): string | number {
  const value = row[key];
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (value === null) return '';
  return value;
}

/** What the export is made of, the athletes and clubs already through the answer filter. */
export interface ExportSource {
  /** The event's first day (RFC 3339): membership is judged on its Moscow calendar day. */
  dateStart: string;
  programs: readonly ProgramRecord[];
  ageClasses: readonly AgeClassRecord[];
  requests: readonly RequestView[];
  /** Athletes' records by id, as the viewer may see them. */
  athletes: ReadonlyMap<string, Json>;
  /** Clubs' names by id. */
  clubNames: ReadonlyMap<string, string>;
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

const GENDER_NAMES: Readonly<Record<string, string>> = { male: 'Мужской', female: 'Женский' };
const GENDER_ORDER: Readonly<Record<string, number>> = { male: 0, female: 1 };
const PROGRAM_TYPE_ORDER: Readonly<Record<string, number>> = { individual: 0, team: 1 };
const DISCIPLINE_ORDER = new Map<string, number>(disciplineCodes.map((code, index) => [code, index]));

/** Leading ASCII hyphen of a weight («-55 кг», as a form may have typed it) as the minus sign it means. */
function weightText(weight: string | null | undefined): string {
  return (weight ?? '').trim().replace(/^-/, '\u2212');
}

/** «−45 кг» before «−50 кг» before «+84 кг»; none first, unreadable ones last by their text. */
function weightKey(weight: string): [number, number] {
  if (weight === '') return [Number.NEGATIVE_INFINITY, 0];
  const match = /^([\u2212+-])?\s*(\d+(?:[.,]\d+)?)/.exec(weight);
  if (!match) return [Number.POSITIVE_INFINITY, 0];
  return [Number((match[2] ?? '').replace(',', '.')), match[1] === '+' ? 1 : 0];
}

interface ProgramFacts {
  record: ProgramRecord;
  disciplineCode: string;
  discipline: string;
  ageClass: AgeClassRecord | null;
  gender: string | null;
  weight: string;
}

function compareNullableNumbers(a: number | null | undefined, b: number | null | undefined): number {
  const left = a ?? Number.POSITIVE_INFINITY;
  const right = b ?? Number.POSITIVE_INFINITY;
  return left === right ? 0 : left < right ? -1 : 1;
}

/** Discipline (the catalogue's order), program type, age class (youngest first), gender, weight. */
function compareProgramFacts(a: ProgramFacts, b: ProgramFacts): number {
  const discipline =
    (DISCIPLINE_ORDER.get(a.disciplineCode) ?? DISCIPLINE_ORDER.size) -
      (DISCIPLINE_ORDER.get(b.disciplineCode) ?? DISCIPLINE_ORDER.size) ||
    collator.compare(a.discipline, b.discipline);
  if (discipline !== 0) return discipline;
  const type =
    (PROGRAM_TYPE_ORDER[a.record.program_type.code] ?? 9) -
    (PROGRAM_TYPE_ORDER[b.record.program_type.code] ?? 9);
  if (type !== 0) return type;
  const age =
    compareNullableNumbers(a.ageClass?.age_from, b.ageClass?.age_from) ||
    compareNullableNumbers(a.ageClass?.age_to, b.ageClass?.age_to) ||
    compareNullableNumbers(a.ageClass?.sortirovka, b.ageClass?.sortirovka) ||
    collator.compare(a.ageClass?.nazvanie ?? '', b.ageClass?.nazvanie ?? '');
  if (age !== 0) return age;
  const gender = (GENDER_ORDER[a.gender ?? ''] ?? 2) - (GENDER_ORDER[b.gender ?? ''] ?? 2);
  if (gender !== 0) return gender;
  const [aWeight, aOver] = weightKey(a.weight);
  const [bWeight, bOver] = weightKey(b.weight);
  if (aWeight !== bWeight) return aWeight < bWeight ? -1 : 1;
  return (
    aOver - bOver ||
    collator.compare(a.weight, b.weight) ||
    collator.compare(a.record.__name, b.record.__name)
  );
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function firstId(value: unknown): string | null {
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null;
}

/** The birth year the viewer may see: of the exact date, or the year the filter left in its place. */
function birthYearIn(athlete: Json | undefined): number | null {
  if (athlete === undefined) return null;
  const year = athlete[BIRTH_YEAR_FIELD];
  if (typeof year === 'number') return year;
  return birthYearOf(athlete['date_of_birth']);
}

/**
 * Whether the membership term reaches the event's first day (Moscow calendar days, the term's last day
 * included); `null` when the filter took the term out. A record the filter left the term in but the platform has
 * none for (never a member) is «Нет».
 */
function membershipOn(athlete: Json | undefined, eventDay: ReturnType<typeof calendarDayOf>): boolean | null {
  if (athlete === undefined || !('term_membership' in athlete)) return null;
  const term = athlete['term_membership'];
  if (typeof term !== 'string' || Number.isNaN(Date.parse(term))) return false;
  return compareDays(calendarDayOf(term), eventDay) >= 0;
}

/** The groups of the export, in order, each with its rows in order. Linear in the rows but for the sorts. */
export function applicationGroups(source: ExportSource): ProgramGroup[] {
  const ageClasses = new Map(source.ageClasses.map((ageClass) => [ageClass.__id, ageClass]));
  const programs = new Map<string, ProgramFacts>();
  for (const record of source.programs) {
    const category = record.discipline[0];
    programs.set(record.__id, {
      record,
      disciplineCode: category?.code ?? '',
      discipline: category?.name ?? '',
      ageClass: ageClasses.get(firstId(record.age_class) ?? '') ?? null,
      gender: record.program_type.gender ? (record.pol?.[0]?.code ?? null) : null,
      weight: weightText(record.weight_category),
    });
  }
  const eventDay = calendarDayOf(source.dateStart);
  const groups = new Map<string, { facts: ProgramFacts | null; title: string; rows: ApplicationRow[] }>();

  for (const request of source.requests) {
    const athleteId = firstId(request.sportsman) ?? '';
    const athlete = source.athletes.get(athleteId);
    const clubId = firstId(athlete?.['organiz']);
    const common = {
      athlete: text(athlete?.['__name']) || request.sportsmanName,
      birthYear: birthYearIn(athlete),
      club: clubId === null ? '' : (source.clubNames.get(clubId) ?? ''),
      // What the athlete wrote in the application is the organizer's to read; the profile's only as the filter allows.
      coach: text(request.coach) || text(athlete?.['coach']),
      city: text(athlete?.['gorod']),
      membershipValid: membershipOn(athlete, eventDay),
      paid: request.payment_status === 'paid',
      state: requestStateNames[request.requestState],
    };
    request.programs.forEach((programId, index) => {
      const facts = programs.get(programId) ?? null;
      let group = groups.get(programId);
      if (group === undefined) {
        group = {
          facts,
          title: facts?.record.__name ?? request.programNames[index] ?? 'Программа',
          rows: [],
        };
        groups.set(programId, group);
      }
      group.rows.push({
        discipline: facts?.discipline ?? '',
        program: group.title,
        ageClass: facts?.ageClass?.nazvanie ?? '',
        gender: facts === null ? '' : facts.gender === null ? 'Общий' : (GENDER_NAMES[facts.gender] ?? ''),
        weight: facts?.weight ?? '',
        ...common,
      });
    });
  }

  const ordered = [...groups.entries()].sort(([aId, a], [bId, b]) => {
    // A program the event no longer lists goes last, by its name.
    if (a.facts === null || b.facts === null) {
      return (
        Number(a.facts === null) - Number(b.facts === null) ||
        collator.compare(a.title, b.title) ||
        (aId < bId ? -1 : 1)
      );
    }
    return compareProgramFacts(a.facts, b.facts) || (aId < bId ? -1 : aId > bId ? 1 : 0);
  });
  return ordered.map(([programId, group]) => ({
    programId,
    discipline: group.facts?.discipline || 'Другие программы',
    title: group.title,
    rows: group.rows.sort(
      (a, b) => collator.compare(a.athlete, b.athlete) || (a.birthYear ?? 0) - (b.birthYear ?? 0),
    ),
  }));
}
