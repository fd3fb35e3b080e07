import { addDays, calendarDayOf, fullYearsOn } from '@fed/calendar';
import { AGE_OF_MAJORITY, disciplines, levels, platformApps, programTypes } from '@fed/contracts';
import { venuesIn, type DemoVenue } from '@fed/sandbox-dadata';
import type { NewItem } from '../core/items.repository';
import { cities, clubNames, type CityInfo } from './dictionary';
import { Prng } from './prng';
import type { SeedTarget } from './seed-context';
import {
  ATHLETE_KIND,
  dateField,
  endOfEventDay,
  GENDER_NAMES,
  lastMinuteOf,
  ORGANIZATION_KIND,
  person,
  startOfEventDay,
} from './seed-values';

const BATCH = 5_000;

export interface ScaleSeedSummary {
  competitions: number;
  programs: number;
  athletes: number;
  organizations: number;
}

/**
 * Adds bulk data on top of the demo federation until the twin holds `events` competitions and `athletes`
 * athletes: for benchmarks of the lists. Batched inserts in transactions; deterministic.
 */
export function seedScale(target: SeedTarget, size: { events: number; athletes: number }): ScaleSeedSummary {
  const { items, now } = target;
  const prng = new Prng(7_777);
  // Days from the federation's (Moscow) day of the clock, as the demo seed's.
  const today = calendarDayOf(now);
  const organizationIds: string[] = [];
  const organizationCities: CityInfo[] = [];
  const organizationItems: NewItem[] = [];
  // Venues are houses of the DaData twin's street dictionary, as the demo seed's are.
  const venues = new Map<string, DemoVenue[]>(cities.map((city) => [city.name, venuesIn(city.name)]));
  const venueIn = (city: CityInfo) => prng.pick(venues.get(city.name) ?? []);
  for (let index = 0; index < 200; index += 1) {
    const city = prng.pick(cities);
    const id = prng.uuid();
    organizationIds.push(id);
    organizationCities.push(city);
    organizationItems.push({
      id,
      name: `СК «${prng.pick(clubNames)}-${index + 1}»`,
      fields: {
        representative_new: ORGANIZATION_KIND,
        gorod: city.name,
        fakti_address: venueIn(city).address,
        phone: [{ type: 'main', tel: `+79${prng.digits(9)}` }],
        photo_video_sale: prng.chance(0.5),
      },
    });
  }
  items.insertMany(platformApps.sportsman, organizationItems);

  const existingEvents = items.count(platformApps.competitions);
  const existingAthletes = items.scalar(
    "SELECT count(*) FROM items WHERE app = ? AND json_extract(data, '$.representative_new[0].code') = 'sportsman'",
    [platformApps.sportsman],
  );

  let athletes = 0;
  for (let done = existingAthletes; done < size.athletes;) {
    const batch: NewItem[] = [];
    for (; batch.length < BATCH && done < size.athletes; done += 1) {
      const gender = prng.chance(0.6) ? 'male' : 'female';
      const { fio, name } = person(prng, gender);
      const club = prng.int(0, organizationIds.length - 1);
      const birthDay = { year: today.year - prng.int(6, 45), month: prng.int(1, 12), day: prng.int(1, 28) };
      // Four adults in five chose what to publish, as in the demo seed (by place, nothing more drawn).
      const consent =
        fullYearsOn(birthDay, today) >= AGE_OF_MAJORITY && done % 5 !== 4
          ? {
              publish_consent: {
                photo: true,
                birthYear: done % 3 !== 2,
                city: done % 4 !== 3,
                results: true,
                givenAt: now.toISOString(),
                givenBy: { login: 'scale-seed', role: 'self' },
              },
            }
          : {};
      batch.push({
        name,
        fields: {
          fio,
          representative_new: ATHLETE_KIND,
          pol: [{ code: gender, name: GENDER_NAMES[gender] }],
          date_of_birth: dateField(birthDay),
          gorod: (organizationCities[club] as CityInfo).name,
          organiz: [organizationIds[club]],
          phone: [{ type: 'mobile', tel: `+79${prng.digits(9)}` }],
          term_membership: lastMinuteOf(addDays(today, prng.int(-300, 330))).toISOString(),
          ...consent,
        },
      });
    }
    items.insertMany(platformApps.sportsman, batch);
    athletes += batch.length;
  }

  let competitions = 0;
  let programs = 0;
  for (let done = existingEvents; done < size.events;) {
    const events: NewItem[] = [];
    const eventPrograms: NewItem[] = [];
    for (; events.length < BATCH && done < size.events; done += 1) {
      const id = prng.uuid();
      const city = prng.pick(cities);
      const place = venueIn(city);
      const startDay = addDays(today, prng.int(-730, 730));
      const codes = prng.chance(0.6)
        ? (['kumite', 'kata'] as const)
        : prng.chance(0.5)
          ? (['kumite'] as const)
          : (['kata'] as const);
      const organizer = prng.pick(organizationIds);
      events.push({
        id,
        name: `${prng.pick(['Турнир', 'Кубок', 'Первенство', 'Открытый турнир'])} «${prng.pick(clubNames)}» № ${done + 1}, г. ${city.name}`,
        fields: {
          date_start: startOfEventDay(startDay).toISOString(),
          date_end: endOfEventDay(addDays(startDay, prng.int(0, 2))).toISOString(),
          registration_deadline: lastMinuteOf(addDays(startDay, -prng.int(3, 14))).toISOString(),
          gorod: city.name,
          address: place.address,
          geo_lat: place.lat,
          geo_lon: place.lon,
          discipline: codes.map((code) => ({ code, name: disciplines[code] })),
          level: [{ code: 'city', name: levels.city }],
          organizer: [organizer],
          age_class: [],
          fee: { cents: prng.int(3, 6) * 50_000, currency: 'RUB' },
          places_limit: prng.int(0, 40) * 10,
          description: 'Соревнования по правилам WKF.',
          photo_video_sale: prng.chance(0.5),
        },
      });
      for (const code of codes) {
        eventPrograms.push({
          name: `${disciplines[code]}, открытая категория`,
          fields: {
            competition: [id],
            discipline: [{ code, name: disciplines[code] }],
            program_type: { code: 'individual', name: programTypes.individual.name, gender: false },
            age_class: [],
            fee: { cents: 150_000, currency: 'RUB' },
          },
        });
      }
    }
    items.insertMany(platformApps.competitions, events);
    items.insertMany(platformApps.programs, eventPrograms);
    competitions += events.length;
    programs += eventPrograms.length;
  }
  return { competitions, programs, athletes, organizations: organizationItems.length };
}
