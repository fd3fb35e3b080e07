import {
  disciplines,
  federation,
  levels,
  platformApps,
  programDisplayName,
  programTypes,
  type DisciplineCode,
  type LevelCode,
} from '@fed/contracts';
import { addDays, seasonOf, type CalendarDay } from '@fed/calendar';
import { venuesIn } from '@fed/sandbox-dadata';
import { demoFederation } from '../demo-accounts';
import { cities, kumiteWeights } from '../dictionary';
import {
  byYesterday,
  dayIn,
  type AgeClassSeed,
  type Competition,
  type Organization,
  type Program,
  type SeedContext,
} from '../seed-context';
import {
  endOfEventDay,
  GENDER_NAMES,
  lastMinuteOf,
  middayOf,
  person,
  rub,
  startOfEventDay,
  type Gender,
} from '../seed-values';

export interface ProgramSpec {
  discipline: DisciplineCode;
  gender: Gender | null;
  ageClass: AgeClassSeed;
  weight: string | null;
  fee: number;
}

/**
 * When the organizer announced an event (and its programs): two months before its first day, or yesterday for an
 * event sooner than that.
 */
export const announcedAt = (context: SeedContext, startDay: CalendarDay): string =>
  middayOf(byYesterday(context, addDays(startDay, -60))).toISOString();

/** A program item of an event, named as the platform names programs (`programDisplayName`). */
export function addProgram(
  context: SeedContext,
  competitionId: string,
  startDay: CalendarDay,
  spec: ProgramSpec,
): Program {
  const type = spec.discipline.endsWith('_team') ? 'team' : 'individual';
  const program: Program = {
    id: context.prng.uuid(),
    name: programDisplayName({
      discipline: spec.discipline,
      gender: spec.gender,
      ageClass: spec.ageClass,
      weightCategory: spec.weight,
    }),
    gender: spec.gender,
    ageClass: spec.ageClass,
    fee: spec.fee,
  };
  context.items.add(platformApps.programs, {
    id: program.id,
    name: program.name,
    fields: {
      competition: [competitionId],
      discipline: [{ code: spec.discipline, name: disciplines[spec.discipline] }],
      program_type: { code: type, name: programTypes[type].name, gender: spec.gender !== null },
      ...(spec.gender ? { pol: [{ code: spec.gender, name: GENDER_NAMES[spec.gender] }] } : {}),
      age_class: [spec.ageClass.id],
      ...(spec.weight ? { weight_category: spec.weight } : {}),
      fee: rub(program.fee),
    },
    createdAt: announcedAt(context, startDay),
  });
  return program;
}

export const rulesText = (codes: readonly DisciplineCode[]) =>
  `Соревнования проводятся по правилам WKF в дисциплинах: ${codes
    .map((code) => disciplines[code].toLowerCase())
    .join(
      ', ',
    )}. Взвешивание и мандатная комиссия — накануне первого дня. При себе иметь: паспорт или свидетельство о рождении, медицинский допуск, страховой полис, зачётную книжку спортсмена.`;

/**
 * Events spread over about seven months back and seven ahead, by the clubs and the federation, each with its
 * programs (disciplines × age classes × genders).
 */
export function seedCompetitions(context: SeedContext): void {
  const { prng, size, organizations } = context;
  const demoClubOrg = organizations[0] as Organization;
  const realClasses = context.ageClasses.filter((ageClass) => ageClass.code !== 'open');
  const competitionTotal = Math.max(2, size.competitions);
  const spacing = Math.max(1, Math.floor(430 / competitionTotal));
  for (let index = 0; index < competitionTotal; index += 1) {
    const startInDays = -215 + index * spacing + prng.int(-3, 3);
    const startDay = dayIn(context, startInDays);
    const start = startOfEventDay(startDay);
    const days = prng.int(1, 3);
    const end = endOfEventDay(addDays(startDay, days - 1));
    const deadlineInDays = startInDays - prng.int(3, 14);
    const deadline = lastMinuteOf(dayIn(context, deadlineInDays));
    const organizer = index % 6 === 0 ? demoClubOrg : index % 5 === 0 ? null : prng.pick(organizations);
    const city = organizer ? organizer.city : prng.pick(cities);
    const level: LevelCode = organizer
      ? prng.chance(0.5)
        ? 'city'
        : 'regional'
      : prng.pick(['federal_district', 'national', 'international'] as const);
    const year = seasonOf(start);
    const youth = prng.chance(0.6);
    const firstClass = youth ? prng.int(0, 3) : 6;
    const classCount = youth ? prng.int(3, 4) : 3;
    const eventClasses = realClasses.slice(firstClass, firstClass + classCount);
    const roll = prng.next();
    const eventDisciplines: DisciplineCode[] =
      roll < 0.6 ? ['kumite', 'kata'] : roll < 0.85 ? ['kumite'] : ['kata'];
    if (level === 'national' || level === 'international') eventDisciplines.push('kata_team');
    const name = organizer
      ? prng.pick([
          `Открытый турнир ${organizer.name} по каратэ ${year}`,
          `Первенство г. ${city.name} по каратэ ${year}`,
          `Кубок ${organizer.name} «Юный каратист»`,
          `Чемпионат и первенство (${city.region}) по каратэ ${year}`,
          `Турнир памяти тренера ${person(prng, 'male').fio.lastname}а`,
        ])
      : prng.pick([
          `Кубок ${federation.shortName} — ${prng.int(1, 4)}-й этап`,
          `Всероссийские соревнования «Белый пояс» ${year}`,
          `Первенство федерации по ката и кумитэ ${year}`,
          `Международный турнир «${federation.shortName} Open» ${year}`,
        ]);
    const placesRoll = prng.next();
    const placesLimit = placesRoll < 0.15 ? 0 : placesRoll < 0.3 ? prng.int(4, 8) * 5 : prng.int(10, 40) * 10;
    const fee = prng.int(3, 6) * 500;
    const id = prng.uuid();
    const place = prng.pick(venuesIn(city.name));
    const photoVideo = prng.chance(0.55);
    const programs: Program[] = [];
    for (const discipline of eventDisciplines) {
      for (const ageClass of eventClasses) {
        const gendered = discipline === 'kumite' || (discipline === 'kata' && prng.chance(0.5));
        const genders: Array<Gender | null> = gendered ? ['male', 'female'] : [null];
        for (const gender of genders) {
          const weight = discipline === 'kumite' && gender ? prng.pick(kumiteWeights[gender]) : null;
          programs.push(
            addProgram(context, id, startDay, {
              discipline,
              gender,
              ageClass,
              weight,
              fee: discipline === 'kata_team' ? fee * 2 : fee,
            }),
          );
        }
      }
    }
    const competition: Competition = {
      id,
      name,
      startInDays,
      start,
      deadlineInDays,
      deadline,
      placesLimit,
      fee,
      photoVideo,
      programs,
    };
    context.competitions.push(competition);
    context.items.add(platformApps.competitions, {
      id,
      name,
      fields: {
        date_start: start.toISOString(),
        date_end: end.toISOString(),
        registration_deadline: deadline.toISOString(),
        gorod: city.name,
        address: place.address,
        geo_lat: place.lat,
        geo_lon: place.lon,
        discipline: eventDisciplines.map((code) => ({ code, name: disciplines[code] })),
        level: [{ code: level, name: levels[level] }],
        organizer: [organizer ? organizer.id : demoFederation.organizationId],
        age_class: eventClasses.map((ageClass) => ageClass.id),
        fee: rub(fee),
        places_limit: placesLimit,
        description: rulesText(eventDisciplines),
        photo_video_sale: photoVideo,
      },
      createdAt: announcedAt(context, startDay),
    });
  }
}
