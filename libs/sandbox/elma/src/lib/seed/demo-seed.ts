import {
  AGE_OF_MAJORITY,
  ageClassesFor,
  competitionDocumentKinds,
  disciplineCodes,
  disciplines,
  federation,
  fullYears,
  levels,
  platformApps,
  programDisplayName,
  programTypes,
  sandboxPublicConfig,
  type CompetitionDocumentKind,
  type DisciplineCode,
  type LevelCode,
  type RequestState,
} from '@fed/contracts';
import type { ItemsRepository, NewItem } from '../core/items.repository';
import type { FilesService } from '../services/files.service';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily, demoFederation } from './demo-accounts';
import { documentPdf, posterPng, type Rgb } from './demo-files';
import {
  banks,
  cities,
  clubNames,
  femaleFirstNames,
  kumiteWeights,
  maleFirstNames,
  patronymics,
  surnames,
  type CityInfo,
} from './dictionary';
import { offerDocuments } from './offer-documents';
import { venue, venuesIn, type DemoVenue } from '@fed/sandbox-dadata';
import { DEMO_SEED_SIZE, type DemoSeedSize } from './demo-size';
import { Prng } from './prng';

export const DEMO_SEED = 20_261_122;
const DAY = 86_400_000;

export interface SeedTarget {
  items: ItemsRepository;
  files: FilesService;
  now: Date;
}

export interface DemoSeedSummary {
  ageClasses: number;
  offers: number;
  organizations: number;
  athletes: number;
  minorsWithRepresentative: number;
  /** Minors left without one on purpose (the demo daughter). */
  minorsWithoutRepresentative: number;
  expiredMemberships: number;
  competitions: number;
  programs: number;
  requests: number;
  requestsByState: Record<RequestState, number>;
  sales: number;
  memberships: number;
  documents: number;
}

type Gender = 'male' | 'female';

interface AgeClassSeed {
  id: string;
  code: string;
  nazvanie: string;
  sortirovka: number;
  age_from: number | null;
  age_to: number | null;
}

interface Organization {
  id: string;
  name: string;
  city: CityInfo;
  coach: string;
}

interface Athlete {
  id: string;
  name: string;
  gender: Gender;
  birth: string;
  term: string | null;
  ageClassIds: Set<string>;
}

interface Program {
  id: string;
  name: string;
  gender: Gender | null;
  ageClassId: string;
  fee: number;
}

interface Competition {
  id: string;
  name: string;
  start: Date;
  deadline: Date;
  placesLimit: number;
  fee: number;
  photoVideo: boolean;
  programs: Program[];
}

const GENDER_NAMES: Record<Gender, string> = { male: 'Мужской', female: 'Женский' };
const ATHLETE_KIND = [{ code: 'sportsman', name: 'Спортсмен' }];
const ORGANIZATION_KIND = [{ code: 'organization', name: 'Организация' }];
const RUB = (rubles: number) => ({ cents: rubles * 100, currency: 'RUB' });

export function ageClassSeeds(prng: Prng): AgeClassSeed[] {
  const rows: Array<Omit<AgeClassSeed, 'id'>> = [
    { code: 'deti_6_7', nazvanie: 'Дети 6–7 лет', sortirovka: 1, age_from: 6, age_to: 7 },
    { code: 'deti_8_9', nazvanie: 'Дети 8–9 лет', sortirovka: 2, age_from: 8, age_to: 9 },
    { code: 'deti_10_11', nazvanie: 'Дети 10–11 лет', sortirovka: 3, age_from: 10, age_to: 11 },
    { code: 'yunoshi_12_13', nazvanie: 'Юноши и девушки 12–13 лет', sortirovka: 4, age_from: 12, age_to: 13 },
    { code: 'kadety_14_15', nazvanie: 'Кадеты 14–15 лет', sortirovka: 5, age_from: 14, age_to: 15 },
    { code: 'yuniory_16_17', nazvanie: 'Юниоры 16–17 лет', sortirovka: 6, age_from: 16, age_to: 17 },
    { code: 'molodezh_18_20', nazvanie: 'Молодёжь 18–20 лет', sortirovka: 7, age_from: 18, age_to: 20 },
    { code: 'veterany_35', nazvanie: 'Ветераны 35 лет и старше', sortirovka: 8, age_from: 35, age_to: null },
    {
      code: 'vzroslye_18',
      nazvanie: 'Мужчины и женщины 18 лет и старше',
      sortirovka: 9,
      age_from: 18,
      age_to: null,
    },
  ];
  return [
    ...rows.map((row) => ({ id: prng.uuid(), ...row })),
    {
      id: sandboxPublicConfig.defaultAgeClassId,
      code: 'open',
      nazvanie: 'Открытый класс',
      sortirovka: 100,
      age_from: null,
      age_to: null,
    },
  ];
}

function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY);
}

function atUtc(date: Date, hours: number, minutes = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hours, minutes));
}

function birthDate(prng: Prng, now: Date, age: number): string {
  return new Date(Date.UTC(now.getUTCFullYear() - age, prng.int(0, 11), prng.int(1, 28))).toISOString();
}

function phoneNumber(prng: Prng): string {
  return `+79${prng.int(10, 89)}${prng.digits(7)}`;
}

function person(prng: Prng, gender: Gender) {
  const surname = prng.pick(surnames);
  const patronymic = prng.pick(patronymics);
  const fio = {
    lastname: gender === 'male' ? surname[0] : surname[1],
    firstname: prng.pick(gender === 'male' ? maleFirstNames : femaleFirstNames),
    middlename: gender === 'male' ? patronymic[0] : patronymic[1],
  };
  return { fio, name: `${fio.lastname} ${fio.firstname} ${fio.middlename}` };
}

/** Fills an empty twin with the demo federation. Deterministic for a given `now` (dates are relative to it). */
export function seedDemo(target: SeedTarget, size: DemoSeedSize = DEMO_SEED_SIZE): DemoSeedSummary {
  const { items, files } = target;
  const prng = new Prng(DEMO_SEED);
  const now = target.now;
  const today = utcDay(now);
  const nowIso = now.toISOString();
  const createdLongAgo = addDays(today, -400).toISOString();

  // Age classes -------------------------------------------------------------------------------------------
  const classes = ageClassSeeds(prng);
  items.insertMany(
    platformApps.ageClasses,
    classes.map(({ id, nazvanie, ...fields }) => ({
      id,
      name: nazvanie,
      fields: { nazvanie, ...fields },
      createdAt: createdLongAgo,
    })),
  );
  const classRecords = classes.map((ageClass) => ({
    ...ageClass,
    __id: ageClass.id,
    __name: ageClass.nazvanie,
    __createdAt: createdLongAgo,
    __updatedAt: createdLongAgo,
  }));
  const classesFor = (birth: string) =>
    new Set(ageClassesFor(birth, classRecords, now).map((entry) => entry.__id));

  // Offer documents ---------------------------------------------------------------------------------------
  for (const offer of offerDocuments) {
    const file = files.save({
      id: prng.uuid(),
      name: offer.fileName,
      mimeType: 'text/html; charset=utf-8',
      body: Buffer.from(offer.html, 'utf8'),
      directory: 'offers',
    });
    items.insert(platformApps.offer, {
      id: offer.id,
      name: offer.name,
      fields: { file: [file.__id] },
      createdAt: createdLongAgo,
    });
  }

  // Organizations: the federation and its clubs ------------------------------------------------------------
  const organizations: Organization[] = [];
  const organizationItems: NewItem[] = [];
  const organizationFields = (
    index: number,
    name: string,
    legalName: string,
    city: CityInfo,
    phone: string,
  ) => {
    const bank = prng.pick(banks);
    return {
      representative_new: ORGANIZATION_KIND,
      gorod: city.name,
      fakti_address: prng.pick(venuesIn(city.name)).address,
      phone: [{ type: 'main', tel: phone }],
      contact_phone: [{ type: 'work', tel: `+7${prng.int(300, 499)}${prng.digits(7)}` }],
      email_kontr: [
        {
          type: 'work',
          email: index === 0 ? federation.email : `club${index}@fke-sport.example`,
        },
      ],
      sait: index === 0 ? federation.site : `https://club${index}.fke-sport.example`,
      vk_link: index === 0 ? 'https://vk.com/fke_sport' : `https://vk.com/club_fke_${index}`,
      vk_link_available: index === 0 || prng.chance(0.7),
      inn_a: prng.digits(10),
      yr_nazvanie: legalName,
      bank: bank[0],
      bic: bank[1],
      correspondent_account: bank[2],
      bank_account: `40703810${prng.digits(12)}`,
      photo_video_sale: index === 0 || prng.chance(0.6),
      associationFederation: true,
      logo: [],
    };
  };
  organizationItems.push({
    id: demoFederation.organizationId,
    name: federation.name,
    fields: organizationFields(
      0,
      federation.name,
      federation.legalName,
      cities[0] as CityInfo,
      demoFederation.phone,
    ),
    createdAt: createdLongAgo,
  });
  const clubCount = Math.max(2, Math.min(size.clubs, clubNames.length));
  for (let index = 0; index < clubCount; index += 1) {
    const city = cities[index % cities.length] as CityInfo;
    const clubName = clubNames[index] as string;
    const name = `СК «${clubName}»`;
    const id = index === 0 ? demoClub.organizationId : prng.uuid();
    const phone = index === 0 ? demoClub.phone : phoneNumber(prng);
    const coach = person(prng, prng.chance(0.8) ? 'male' : 'female').name;
    organizations.push({ id, name, city, coach });
    organizationItems.push({
      id,
      name,
      fields: organizationFields(index + 1, name, `АНО «Спортивный клуб «${clubName}»`, city, phone),
      createdAt: addDays(today, -prng.int(100, 380)).toISOString(),
    });
  }
  items.insertMany(platformApps.sportsman, organizationItems);

  // Athletes, legal representatives and memberships ---------------------------------------------------------
  const athletes: Athlete[] = [];
  const athleteItems: NewItem[] = [];
  const representativeItems: NewItem[] = [];
  const membershipItems: NewItem[] = [];
  let expiredMemberships = 0;
  let minorsWithoutRepresentative = 0;

  const addMembership = (athleteId: string, athleteName: string, term: string) => {
    const until = new Date(term);
    membershipItems.push({
      name: `Членство ${athleteName} до ${term.slice(0, 10)}`,
      fields: {
        sportsman: [athleteId],
        season: until.getUTCFullYear(),
        valid_until: term,
        fee: RUB(1500),
        paid: true,
      },
      createdAt: addDays(until, -365).toISOString(),
    });
  };

  const addAthlete = (spec: {
    id?: string;
    gender: Gender;
    age: number;
    fio?: { lastname: string; firstname: string; middlename: string };
    club: Organization;
    phone: string;
    term: string | null;
    /** `'none'`: a minor left without a legal representative. */
    representative?: { lastname: string; firstname: string; middlename: string; birth: string } | 'none';
  }): Athlete => {
    const id = spec.id ?? prng.uuid();
    const drawn = person(prng, spec.gender);
    const fio = spec.fio ?? drawn.fio;
    const name = `${fio.lastname} ${fio.firstname} ${fio.middlename}`;
    const birth = birthDate(prng, now, spec.age);
    const fields: Record<string, unknown> = {
      fio,
      representative_new: ATHLETE_KIND,
      pol: [{ code: spec.gender, name: GENDER_NAMES[spec.gender] }],
      date_of_birth: birth,
      gorod: spec.club.city.name,
      organiz: [spec.club.id],
      coach: spec.club.coach,
      phone: [{ type: 'mobile', tel: spec.phone }],
      email_kontr: [{ type: 'main', email: `athlete.${athletes.length + 1}@mail.example` }],
      photo: [],
      vk_link_available: false,
      photo_video_sale: true,
      associationFederation: true,
    };
    if (spec.term) {
      fields['term_membership'] = spec.term;
      addMembership(id, name, spec.term);
      if (spec.term < nowIso) expiredMemberships += 1;
    }
    if (fullYears(birth, now) < AGE_OF_MAJORITY && spec.representative === 'none') {
      minorsWithoutRepresentative += 1;
    } else if (fullYears(birth, now) < AGE_OF_MAJORITY) {
      const parentGender: Gender = prng.chance(0.5) ? 'male' : 'female';
      const parentDrawn = person(prng, parentGender);
      const surname = surnames.find((pair) => pair[0] === fio.lastname || pair[1] === fio.lastname);
      const representative = (spec.representative !== 'none' && spec.representative) || {
        lastname: surname ? surname[parentGender === 'male' ? 0 : 1] : fio.lastname,
        firstname: parentDrawn.fio.firstname,
        middlename: parentDrawn.fio.middlename,
        birth: birthDate(prng, now, spec.age + prng.int(22, 35)),
      };
      const representativeId = prng.uuid();
      representativeItems.push({
        id: representativeId,
        name: `${representative.lastname} ${representative.firstname} ${representative.middlename}`,
        fields: {
          firstname: representative.firstname,
          lastname: representative.lastname,
          middlename: representative.middlename,
          date_of_birth: representative.birth,
          sportsman: [id],
        },
      });
      fields['legal_representative'] = [representativeId];
    }
    athleteItems.push({ id, name, fields, createdAt: addDays(today, -prng.int(30, 700)).toISOString() });
    const athlete: Athlete = {
      id,
      name,
      gender: spec.gender,
      birth,
      term: spec.term,
      ageClassIds: classesFor(birth),
    };
    athletes.push(athlete);
    return athlete;
  };

  const validTerm = () => atUtc(addDays(today, prng.int(40, 330)), 20, 59).toISOString();
  const demoClubOrg = organizations[0] as Organization;
  const spbClub = organizations[1] as Organization;
  const parentFio = { lastname: 'Соколов', firstname: 'Андрей', middlename: 'Викторович' };
  const parent = addAthlete({
    id: demoFamily.parentId,
    gender: 'male',
    age: 38,
    fio: parentFio,
    club: demoClubOrg,
    phone: demoFamily.phone,
    // A year ahead, so every upcoming event is open to him.
    term: atUtc(addDays(today, 365), 20, 59).toISOString(),
  });
  const parentAsRepresentative = { ...parentFio, birth: parent.birth };
  const son = addAthlete({
    id: demoFamily.childIds[0],
    gender: 'male',
    age: 12,
    fio: { lastname: 'Соколов', firstname: 'Матвей', middlename: 'Андреевич' },
    club: demoClubOrg,
    phone: demoFamily.phone,
    term: validTerm(),
    representative: parentAsRepresentative,
  });
  const daughter = addAthlete({
    id: demoFamily.childIds[1],
    gender: 'female',
    age: 9,
    fio: { lastname: 'Соколова', firstname: 'Алиса', middlename: 'Андреевна' },
    club: demoClubOrg,
    phone: demoFamily.phone,
    term: validTerm(),
    representative: 'none',
  });
  const expired = addAthlete({
    id: demoAthleteExpired.sportsmanId,
    gender: 'female',
    age: 27,
    fio: { lastname: 'Волкова', firstname: 'Екатерина', middlename: 'Сергеевна' },
    club: spbClub,
    phone: demoAthleteExpired.phone,
    term: atUtc(addDays(today, -20), 20, 59).toISOString(),
  });
  const athleteTotal = Math.max(4, size.athletes);
  while (athletes.length < athleteTotal) {
    const roll = prng.next();
    const age = roll < 0.7 ? prng.int(6, 17) : roll < 0.95 ? prng.int(18, 34) : prng.int(35, 52);
    const membership = prng.next();
    addAthlete({
      gender: prng.chance(0.62) ? 'male' : 'female',
      age,
      club: prng.pick(organizations),
      phone: phoneNumber(prng),
      term:
        membership < 0.8
          ? validTerm()
          : membership < 0.95
            ? atUtc(addDays(today, -prng.int(5, 400)), 20, 59).toISOString()
            : null,
    });
  }
  items.insertMany(platformApps.sportsman, athleteItems);
  items.insertMany(platformApps.legalRepresentatives, representativeItems);

  // Competitions and programs ------------------------------------------------------------------------------
  const competitions: Competition[] = [];
  const competitionItems: NewItem[] = [];
  const programItems: NewItem[] = [];
  const realClasses = classes.filter((ageClass) => ageClass.code !== 'open');
  /** A program item of an event, named as the platform names programs (`programDisplayName`). */
  const addProgram = (
    competitionId: string,
    start: Date,
    spec: {
      discipline: DisciplineCode;
      gender: Gender | null;
      ageClass: AgeClassSeed;
      weight: string | null;
      fee: number;
    },
  ): Program => {
    const type = spec.discipline.endsWith('_team') ? 'team' : 'individual';
    const program: Program = {
      id: prng.uuid(),
      name: programDisplayName({
        discipline: spec.discipline,
        gender: spec.gender,
        ageClass: spec.ageClass,
        weightCategory: spec.weight,
      }),
      gender: spec.gender,
      ageClassId: spec.ageClass.id,
      fee: spec.fee,
    };
    programItems.push({
      id: program.id,
      name: program.name,
      fields: {
        competition: [competitionId],
        discipline: [{ code: spec.discipline, name: disciplines[spec.discipline] }],
        program_type: { code: type, name: programTypes[type].name, gender: spec.gender !== null },
        ...(spec.gender ? { pol: [{ code: spec.gender, name: GENDER_NAMES[spec.gender] }] } : {}),
        age_class: [spec.ageClass.id],
        ...(spec.weight ? { weight_category: spec.weight } : {}),
        fee: RUB(program.fee),
      },
      createdAt: addDays(start, -60).toISOString(),
    });
    return program;
  };
  const rulesText = (codes: readonly DisciplineCode[]) =>
    `Соревнования проводятся по правилам WKF в дисциплинах: ${codes
      .map((code) => disciplines[code].toLowerCase())
      .join(
        ', ',
      )}. Взвешивание и мандатная комиссия — накануне первого дня. При себе иметь: паспорт или свидетельство о рождении, медицинский допуск, страховой полис, зачётную книжку спортсмена.`;
  const competitionTotal = Math.max(2, size.competitions);
  const spacing = Math.max(1, Math.floor(430 / competitionTotal));
  for (let index = 0; index < competitionTotal; index += 1) {
    const offset = -215 + index * spacing + prng.int(-3, 3);
    const start = atUtc(addDays(today, offset), 7);
    const days = prng.int(1, 3);
    const end = atUtc(addDays(start, days - 1), 15);
    const deadline = atUtc(addDays(start, -prng.int(3, 14)), 20, 59);
    const organizer = index % 6 === 0 ? demoClubOrg : index % 5 === 0 ? null : prng.pick(organizations);
    const city = organizer ? organizer.city : prng.pick(cities);
    const level: LevelCode = organizer
      ? prng.chance(0.5)
        ? 'city'
        : 'regional'
      : prng.pick(['federal_district', 'national', 'international'] as const);
    const year = start.getUTCFullYear();
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
            addProgram(id, start, {
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
    competitions.push({ id, name, start, deadline, placesLimit, fee, photoVideo, programs });
    competitionItems.push({
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
        fee: RUB(fee),
        places_limit: placesLimit,
        description: rulesText(eventDisciplines),
        photo_video_sale: photoVideo,
      },
      createdAt: addDays(start, -60).toISOString(),
    });
  }

  // The journeys' events (fixed ids, `demoCompetitions`): a few weeks ahead, registration open --------------
  const classByCode = (code: string) => classes.find((ageClass) => ageClass.code === code) as AgeClassSeed;
  type JourneyProgram = [DisciplineCode, Gender | null, string, string | null, number];
  const both = (discipline: DisciplineCode, code: string, weights: [string, string], fee: number) =>
    [
      [discipline, 'male', code, weights[0], fee],
      [discipline, 'female', code, weights[1], fee],
    ] as JourneyProgram[];
  const anyGender = (discipline: DisciplineCode, codes: readonly string[], fee: number) =>
    codes.map((code): JourneyProgram => [discipline, null, code, null, fee]);
  const posterOf = (eventId: string, colours: [Rgb, Rgb, Rgb]) =>
    files.save({
      id: prng.uuid(),
      name: `Афиша ${eventId.slice(-4)}.png`,
      mimeType: 'image/png',
      body: posterPng(480, 640, ...colours),
      directory: 'portal-uploads',
    }).__id;
  const journeyEvent = (spec: {
    id: string;
    name: string;
    organizer: Organization | null;
    startInDays: number;
    days: number;
    deadlineInDays: number;
    level: LevelCode;
    placesLimit: number;
    photoVideo: boolean;
    programs: JourneyProgram[];
    venue: DemoVenue;
    poster?: [Rgb, Rgb, Rgb];
  }): Competition => {
    const start = atUtc(addDays(today, spec.startInDays), 7);
    const deadline = atUtc(addDays(today, spec.deadlineInDays), 20, 59);
    const programs = spec.programs.map(([discipline, gender, code, weight, fee]) =>
      addProgram(spec.id, start, { discipline, gender, ageClass: classByCode(code), weight, fee }),
    );
    const used = new Set(spec.programs.map(([discipline]) => discipline));
    const eventDisciplines = disciplineCodes.filter((code) => used.has(code));
    const fee = Math.min(...programs.map((program) => program.fee));
    competitionItems.push({
      id: spec.id,
      name: spec.name,
      fields: {
        date_start: start.toISOString(),
        date_end: atUtc(addDays(start, spec.days - 1), 15).toISOString(),
        registration_deadline: deadline.toISOString(),
        gorod: spec.venue.city,
        address: spec.venue.address,
        geo_lat: spec.venue.lat,
        geo_lon: spec.venue.lon,
        discipline: eventDisciplines.map((code) => ({ code, name: disciplines[code] })),
        level: [{ code: spec.level, name: levels[spec.level] }],
        organizer: [spec.organizer ? spec.organizer.id : demoFederation.organizationId],
        age_class: [...new Set(programs.map((program) => program.ageClassId))],
        fee: RUB(fee),
        places_limit: spec.placesLimit,
        description: rulesText(eventDisciplines),
        photo_video_sale: spec.photoVideo,
        ...(spec.poster ? { poster: [posterOf(spec.id, spec.poster)] } : {}),
      },
      createdAt: addDays(today, -20).toISOString(),
    });
    return {
      id: spec.id,
      name: spec.name,
      start,
      deadline,
      placesLimit: spec.placesLimit,
      fee,
      photoVideo: spec.photoVideo,
      programs,
    };
  };
  const clubOpen = journeyEvent({
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
  const clubChildren = journeyEvent({
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
  const federationCup = journeyEvent({
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
  const journeyEvents = [clubOpen, clubChildren, federationCup];
  items.insertMany(platformApps.competitions, competitionItems);
  items.insertMany(platformApps.programs, programItems);

  // Requests -------------------------------------------------------------------------------------------------
  const requestItems: NewItem[] = [];
  const requestsByState: Record<RequestState, number> = {
    new: 0,
    under_review: 0,
    returned: 0,
    approved: 0,
    rejected: 0,
    paid: 0,
    cancelled: 0,
  };
  const paths: Record<RequestState, RequestState[]> = {
    new: ['new'],
    under_review: ['new', 'under_review'],
    returned: ['new', 'under_review', 'returned'],
    approved: ['new', 'under_review', 'approved'],
    rejected: ['new', 'under_review', 'rejected'],
    paid: ['new', 'under_review', 'approved', 'paid'],
    cancelled: ['new', 'under_review', 'approved', 'paid', 'cancelled'],
  };
  const reasons: Partial<Record<RequestState, string[]>> = {
    returned: [
      'Загрузите скан страхового полиса',
      'Уточните весовую категорию',
      'Нет медицинского допуска в заявке',
    ],
    rejected: [
      'Не подтверждён медицинский допуск',
      'Спортсмен не проходит по возрасту',
      'Заявка подана повторно',
    ],
  };
  const eligible = (athlete: Athlete, competition: Competition) =>
    competition.programs.filter(
      (program) =>
        (program.gender === null || program.gender === athlete.gender) &&
        athlete.ageClassIds.has(program.ageClassId),
    );
  const taken = new Map<string, Set<string>>();
  const addRequest = (
    athlete: Athlete,
    competition: Competition | null,
    state: RequestState,
    nomenclature: 'competition' | 'photo_video' | 'membership',
    programs: Program[] = [],
    cancelledEarly = false,
  ): string => {
    const path =
      state === 'cancelled' && cancelledEarly ? (['new', 'cancelled'] as RequestState[]) : paths[state];
    const anchor = competition ? competition.deadline : today;
    let at = addDays(anchor, -prng.int(path.length + 2, 40));
    if (at > now) at = addDays(now, -prng.int(path.length + 1, 10));
    const createdAt = at.toISOString();
    const history = path.map((to, step) => {
      const entry = {
        from: step === 0 ? null : (path[step - 1] as RequestState),
        to,
        at: at.toISOString(),
        reason: reasons[to] ? prng.pick(reasons[to] as string[]) : null,
      };
      at = new Date(Math.min(at.getTime() + prng.int(1, 3) * DAY, now.getTime() - 60_000));
      return entry;
    });
    const last = history[history.length - 1];
    const cents =
      nomenclature === 'membership'
        ? 150_000
        : nomenclature === 'photo_video'
          ? 90_000
          : programs.reduce((sum, program) => sum + program.fee * 100, 0);
    const id = prng.uuid();
    requestItems.push({
      id,
      name:
        nomenclature === 'membership'
          ? `Членство: ${athlete.name}`
          : `${nomenclature === 'photo_video' ? 'Фото и видео' : 'Заявка'}: ${athlete.name} — ${competition?.name ?? ''}`,
      fields: {
        sportsman: [athlete.id],
        competition: competition ? [competition.id] : [],
        programs: programs.map((program) => program.id),
        requestState: state,
        nomenclature_type: nomenclature,
        payment_status:
          state === 'paid' ? 'paid' : state === 'cancelled' && path.includes('paid') ? 'refunded' : 'unpaid',
        fee: { cents, currency: 'RUB' },
        ...(last?.reason && (state === 'returned' || state === 'rejected') ? { reason: last.reason } : {}),
        state_history: history,
      },
      createdAt,
    });
    requestsByState[state] += 1;
    if (competition && nomenclature === 'competition') {
      const set = taken.get(competition.id) ?? new Set<string>();
      set.add(athlete.id);
      taken.set(competition.id, set);
    }
    return id;
  };

  const past = competitions.filter((competition) => competition.start < today);
  const upcoming = competitions.filter((competition) => competition.start >= today);
  const openUpcoming = upcoming.filter((competition) => competition.deadline > now);

  // The demo family: requests in many states on events that fit each of them.
  const demoRequests: Array<[Athlete, Competition[], RequestState]> = [
    [parent, past, 'paid'],
    [parent, openUpcoming, 'approved'],
    [son, openUpcoming, 'returned'],
    [son, past, 'paid'],
    [parent, openUpcoming, 'new'],
    [daughter, past, 'rejected'],
    [son, openUpcoming, 'under_review'],
  ];
  for (const [athlete, pool, state] of demoRequests) {
    const competition = pool.find(
      (candidate) =>
        eligible(athlete, candidate).length > 0 &&
        !taken.get(candidate.id)?.has(athlete.id) &&
        (candidate.start < today || (athlete.term ?? '') >= candidate.start.toISOString()),
    );
    if (competition)
      addRequest(athlete, competition, state, 'competition', eligible(athlete, competition).slice(0, 1));
  }
  addRequest(expired, null, 'approved', 'membership');

  const others = athletes.filter((athlete) => athlete !== parent && athlete !== son && athlete !== daughter);
  const pastStates: Array<[RequestState, number]> = [
    ['paid', 0.65],
    ['rejected', 0.08],
    ['cancelled', 0.12],
    ['approved', 0.15],
  ];
  const upcomingStates: Array<[RequestState, number]> = [
    ['new', 0.25],
    ['under_review', 0.2],
    ['returned', 0.1],
    ['approved', 0.2],
    ['paid', 0.2],
    ['cancelled', 0.05],
  ];
  const drawState = (table: Array<[RequestState, number]>): RequestState => {
    let roll = prng.next();
    for (const [state, weight] of table) {
      if (roll < weight) return state;
      roll -= weight;
    }
    return (table[0] as [RequestState, number])[0];
  };
  // One upcoming event with open registration is filled to its limit, so "no places left" can be shown.
  const fullEvent = openUpcoming.find(
    (competition) => competition.placesLimit > 0 && competition.placesLimit <= 40,
  );
  for (const competition of competitions) {
    const isPast = competition.start < today;
    const wanted = competition === fullEvent ? competition.placesLimit : prng.int(6, 24);
    const limit = competition.placesLimit > 0 ? Math.min(wanted, competition.placesLimit) : wanted;
    let added = 0;
    for (const athlete of prng.sample(others, others.length)) {
      if (added >= limit) break;
      // The platform admits only members: ahead, the membership must still hold on the event's start date.
      const member = athlete.term !== null && (isPast || athlete.term >= competition.start.toISOString());
      const programs = eligible(athlete, competition);
      if (!member || programs.length === 0 || taken.get(competition.id)?.has(athlete.id)) continue;
      const state =
        competition === fullEvent
          ? prng.pick(['approved', 'paid', 'under_review'] as const)
          : drawState(isPast ? pastStates : upcomingStates);
      addRequest(
        athlete,
        competition,
        state,
        'competition',
        programs.slice(0, prng.int(1, Math.min(2, programs.length))),
        prng.chance(0.5),
      );
      if (state !== 'cancelled' && state !== 'rejected') added += 1;
    }
  }
  for (const athlete of prng.sample(others, 24)) {
    addRequest(athlete, null, prng.pick(['new', 'approved', 'paid', 'paid'] as const), 'membership');
  }
  // The journeys' events get requests of other athletes in fixed states, for the organizer to review.
  const journeyStates: Array<[Competition, RequestState[]]> = [
    [clubOpen, ['new', 'new', 'new', 'under_review', 'under_review', 'under_review', 'returned', 'approved']],
    [clubChildren, ['new', 'new', 'under_review', 'under_review']],
    [federationCup, ['new', 'under_review', 'approved', 'paid']],
  ];
  for (const [competition, states] of journeyStates) {
    const queue = [...states];
    for (const athlete of prng.sample(others, others.length)) {
      const state = queue[0];
      if (state === undefined) break;
      const member = athlete.term !== null && athlete.term >= competition.start.toISOString();
      const programs = eligible(athlete, competition);
      if (!member || programs.length === 0) continue;
      addRequest(athlete, competition, state, 'competition', programs.slice(0, 1));
      queue.shift();
    }
  }

  // Photo/video sales on past events that sell them --------------------------------------------------------
  const saleItems: NewItem[] = [];
  const packages = [
    { code: 'photo', name: 'Фото', price: 500 },
    { code: 'video', name: 'Видео', price: 900 },
    { code: 'photo_video', name: 'Фото и видео', price: 1200 },
  ];
  const addSale = (
    athlete: Athlete,
    competition: Competition,
    status: 'ordered' | 'paid' | 'delivered' | 'cancelled',
  ) => {
    const pack = prng.pick(packages);
    const createdAt = addDays(competition.start, prng.int(1, 10));
    const requestId = addRequest(
      athlete,
      competition,
      status === 'ordered' ? 'new' : status === 'cancelled' ? 'cancelled' : 'paid',
      'photo_video',
      [],
      true,
    );
    saleItems.push({
      id: prng.uuid(),
      name: `${pack.name}: ${athlete.name} — ${competition.name}`,
      fields: {
        sportsman: [athlete.id],
        competition: [competition.id],
        request: [requestId],
        package: [{ code: pack.code, name: pack.name }],
        price: RUB(pack.price),
        status,
        ...(status === 'cancelled' ? { cancelled_at: addDays(createdAt, 1).toISOString() } : {}),
      },
      createdAt: (createdAt > now ? now : createdAt).toISOString(),
    });
  };
  const pastWithMedia = past.filter((competition) => competition.photoVideo);
  const parentPast = pastWithMedia.slice(-2);
  if (parentPast[0]) addSale(parent, parentPast[0], 'delivered');
  if (parentPast[1]) addSale(parent, parentPast[1], 'paid');
  if (parentPast[1]) addSale(son, parentPast[1], 'ordered');
  for (const competition of pastWithMedia) {
    for (const athleteId of prng.sample([...(taken.get(competition.id) ?? [])], 3)) {
      const athlete = athletes.find((candidate) => candidate.id === athleteId);
      if (!athlete || athlete === parent || athlete === son) continue;
      const roll = prng.next();
      addSale(
        athlete,
        competition,
        roll < 0.5 ? 'delivered' : roll < 0.75 ? 'paid' : roll < 0.9 ? 'ordered' : 'cancelled',
      );
    }
  }
  // Documents of the journeys' events, in every review state -------------------------------------------------
  const documentItems: NewItem[] = [];
  const documentTitles: Record<CompetitionDocumentKind, string> = {
    regulations: 'Regulations of the competition',
    permit: 'Permit to hold the competition',
    insurance: 'Insurance policy of the participants',
    medical: 'Medical support contract',
    other: 'Supporting document',
  };
  const addDocument = (
    competition: Competition,
    kind: CompetitionDocumentKind,
    steps: Array<{ state: 'submitted' | 'accepted' | 'returned'; reason?: string }>,
  ) => {
    const file = files.save({
      id: prng.uuid(),
      name: `${competitionDocumentKinds[kind]}.pdf`,
      mimeType: 'application/pdf',
      body: documentPdf([
        'Sinken Karate Federation - sandbox demo document',
        documentTitles[kind],
        `Competition ${competition.id}`,
      ]),
      directory: 'portal-uploads',
    });
    const submittedAt = addDays(now, -12);
    const history = steps.map((step, index) => ({
      state: step.state,
      at: addDays(submittedAt, index * 2).toISOString(),
      reason: step.reason ?? null,
    }));
    const last = history[history.length - 1] as (typeof history)[number];
    documentItems.push({
      id: prng.uuid(),
      name: competitionDocumentKinds[kind],
      fields: {
        competition: [competition.id],
        kind,
        file: [file.__id],
        state: last.state,
        ...(last.reason ? { reason: last.reason } : {}),
        history,
      },
      createdAt: submittedAt.toISOString(),
    });
  };
  addDocument(clubOpen, 'regulations', [{ state: 'submitted' }, { state: 'accepted' }]);
  addDocument(clubOpen, 'permit', [{ state: 'submitted' }]);
  addDocument(clubOpen, 'insurance', [
    { state: 'submitted' },
    { state: 'returned', reason: 'Полис заканчивается до начала турнира: загрузите действующий' },
  ]);
  addDocument(clubChildren, 'regulations', [{ state: 'submitted' }, { state: 'accepted' }]);
  addDocument(federationCup, 'regulations', [{ state: 'submitted' }, { state: 'accepted' }]);

  items.insertMany(platformApps.requests, requestItems);
  items.insertMany(platformApps.sales, saleItems);
  items.insertMany(platformApps.memberships, membershipItems);
  items.insertMany(platformApps.competitionDocuments, documentItems);

  return {
    ageClasses: classes.length,
    offers: offerDocuments.length,
    organizations: organizationItems.length,
    athletes: athletes.length,
    minorsWithRepresentative: representativeItems.length,
    minorsWithoutRepresentative,
    expiredMemberships,
    competitions: competitions.length + journeyEvents.length,
    programs: programItems.length,
    requests: requestItems.length,
    requestsByState,
    sales: saleItems.length,
    memberships: membershipItems.length,
    documents: documentItems.length,
  };
}
