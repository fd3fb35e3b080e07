import {
  disciplineCodes,
  disciplines,
  federation,
  levels,
  platformApps,
  type DisciplineCode,
  type LevelCode,
} from '@fed/contracts';
import { venue, type DemoVenue } from '@fed/sandbox-dadata';
import { demoCompetitions, demoFederation } from '../demo-accounts';
import { posterPng, type Rgb } from '../demo-files';
import { addDays } from '@fed/calendar';
import {
  dayIn,
  type AgeClassSeed,
  type Competition,
  type Organization,
  type SeedContext,
} from '../seed-context';
import { endOfEventDay, lastMinuteOf, middayOf, rub, startOfEventDay, type Gender } from '../seed-values';
import { addProgram, rulesText } from './competitions';

export type JourneyProgram = [DisciplineCode, Gender | null, string, string | null, number];

export interface JourneyEventSpec {
  id: string;
  name: string;
  organizer: Organization | null;
  startInDays: number;
  days: number;
  deadlineInDays: number;
  level: LevelCode;
  placesLimit: number;
  photoVideo: boolean;
  /** The event's own prices of photos, video, both (roubles); unset: the platform's price list. */
  photoVideoPrices?: { photo: number; video: number; photo_video: number };
  programs: JourneyProgram[];
  venue: DemoVenue;
  poster?: [Rgb, Rgb, Rgb];
}

const both = (discipline: DisciplineCode, code: string, weights: [string, string], fee: number) =>
  [
    [discipline, 'male', code, weights[0], fee],
    [discipline, 'female', code, weights[1], fee],
  ] as JourneyProgram[];

const anyGender = (discipline: DisciplineCode, codes: readonly string[], fee: number) =>
  codes.map((code): JourneyProgram => [discipline, null, code, null, fee]);

export function journeyEvent(context: SeedContext, spec: JourneyEventSpec): Competition {
  const { prng, files } = context;
  const classByCode = (code: string) =>
    context.ageClasses.find((ageClass) => ageClass.code === code) as AgeClassSeed;
  const posterOf = (eventId: string, colours: [Rgb, Rgb, Rgb]) =>
    files.save({
      id: prng.uuid(),
      name: `Афиша ${eventId.slice(-4)}.png`,
      mimeType: 'image/png',
      body: posterPng(480, 640, ...colours),
      directory: 'portal-uploads',
    }).__id;
  const startDay = dayIn(context, spec.startInDays);
  const start = startOfEventDay(startDay);
  const deadline = lastMinuteOf(dayIn(context, spec.deadlineInDays));
  const programs = spec.programs.map(([discipline, gender, code, weight, fee]) =>
    addProgram(context, spec.id, startDay, { discipline, gender, ageClass: classByCode(code), weight, fee }),
  );
  const used = new Set(spec.programs.map(([discipline]) => discipline));
  const eventDisciplines = disciplineCodes.filter((code) => used.has(code));
  const fee = Math.min(...programs.map((program) => program.fee));
  context.items.add(platformApps.competitions, {
    id: spec.id,
    name: spec.name,
    fields: {
      date_start: start.toISOString(),
      date_end: endOfEventDay(addDays(startDay, spec.days - 1)).toISOString(),
      registration_deadline: deadline.toISOString(),
      gorod: spec.venue.city,
      address: spec.venue.address,
      geo_lat: spec.venue.lat,
      geo_lon: spec.venue.lon,
      discipline: eventDisciplines.map((code) => ({ code, name: disciplines[code] })),
      level: [{ code: spec.level, name: levels[spec.level] }],
      organizer: [spec.organizer ? spec.organizer.id : demoFederation.organizationId],
      age_class: [...new Set(programs.map((program) => program.ageClass.id))],
      fee: rub(fee),
      places_limit: spec.placesLimit,
      description: rulesText(eventDisciplines),
      photo_video_sale: spec.photoVideo,
      ...(spec.photoVideoPrices
        ? {
            photo_video_prices: {
              photo: rub(spec.photoVideoPrices.photo),
              video: rub(spec.photoVideoPrices.video),
              photo_video: rub(spec.photoVideoPrices.photo_video),
            },
          }
        : {}),
      ...(spec.poster ? { poster: [posterOf(spec.id, spec.poster)] } : {}),
    },
    createdAt: middayOf(dayIn(context, -20)).toISOString(),
  });
  return {
    id: spec.id,
    name: spec.name,
    startInDays: spec.startInDays,
    start,
    deadlineInDays: spec.deadlineInDays,
    deadline,
    placesLimit: spec.placesLimit,
    fee,
    photoVideo: spec.photoVideo,
    programs,
  };
}

/** The journeys' events (fixed ids, `demoCompetitions`): a few weeks ahead, registration open. */
export function seedJourneyEvents(context: SeedContext): void {
  const demoClubOrg = context.organizations[0] as Organization;
  const clubOpen = journeyEvent(context, {
    id: demoCompetitions.clubOpen,
    name: `Открытый турнир ${demoClubOrg.name} по каратэ — кубок клуба`,
    organizer: demoClubOrg,
    startInDays: 28,
    days: 2,
    deadlineInDays: 21,
    level: 'city',
    placesLimit: 200,
    photoVideo: true,
    venue: venue('Москва', 'ул Лужники', '24'),
    programs: [
      ...both('kumite', 'yunoshi_12_13', ['−45 кг', '−42 кг'], 2000),
      ...both('kumite', 'kadety_14_15', ['−57 кг', '−50 кг'], 2000),
      ...both('kumite', 'vzroslye_18', ['−75 кг', '−61 кг'], 2500),
      ...both('kumite', 'veterany_35', ['−84 кг', '−68 кг'], 2500),
      ...anyGender('kata', ['deti_8_9', 'deti_10_11', 'yunoshi_12_13', 'vzroslye_18', 'veterany_35'], 1500),
    ],
    poster: [
      [28, 52, 110],
      [190, 30, 45],
      [245, 245, 240],
    ],
  });
  const clubChildren = journeyEvent(context, {
    id: demoCompetitions.clubChildren,
    name: `Первенство ${demoClubOrg.name} среди детей «Юный каратист»`,
    organizer: demoClubOrg,
    startInDays: 21,
    days: 1,
    deadlineInDays: 14,
    level: 'city',
    placesLimit: 120,
    photoVideo: false,
    venue: venue('Москва', 'ул Крылатская', '10'),
    programs: [
      ...anyGender('kata', ['deti_8_9', 'deti_10_11', 'yunoshi_12_13'], 1200),
      ...both('kumite', 'deti_10_11', ['−40 кг', '−35 кг'], 1500),
      ...both('kumite', 'yunoshi_12_13', ['−45 кг', '−42 кг'], 1500),
    ],
  });
  const federationCup = journeyEvent(context, {
    id: demoCompetitions.federationCup,
    name: `Кубок ${federation.shortName} — открытый этап`,
    organizer: null,
    startInDays: 35,
    days: 2,
    deadlineInDays: 28,
    level: 'national',
    placesLimit: 0,
    photoVideo: true,
    venue: venue('Москва', 'Ленинградский пр-кт', '39'),
    programs: [
      ...both('kumite', 'vzroslye_18', ['−75 кг', '−61 кг'], 3000),
      ...both('kumite', 'veterany_35', ['−84 кг', '−68 кг'], 3000),
      ...anyGender('kata', ['vzroslye_18', 'veterany_35'], 2500),
      ...anyGender('kata_team', ['vzroslye_18'], 5000),
    ],
    poster: [
      [12, 90, 70],
      [20, 30, 60],
      [250, 210, 60],
    ],
  });
  context.journeyEvents = { clubOpen, clubChildren, federationCup };
}
