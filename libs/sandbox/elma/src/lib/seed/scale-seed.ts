import { AGE_OF_MAJORITY, disciplines, fullYears, levels, platformApps, programTypes } from '@fed/contracts';
import type { NewItem } from '../core/items.repository';
import { venuesIn, type DemoVenue } from '@fed/sandbox-dadata';
import { cities, clubNames, type CityInfo } from './dictionary';
import type { SeedTarget } from './seed-context';
import { Prng } from './prng';
import { ATHLETE_KIND, DAY, GENDER_NAMES, ORGANIZATION_KIND, person } from './seed-values';

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
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
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
      const dateOfBirth = new Date(
        Date.UTC(now.getUTCFullYear() - prng.int(6, 45), prng.int(0, 11), prng.int(1, 28)),
      ).toISOString();
      // Four adults in five chose what to publish, as in the demo seed (by place, nothing more drawn).
      const consent =
        fullYears(dateOfBirth, now) >= AGE_OF_MAJORITY && done % 5 !== 4
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
          date_of_birth: dateOfBirth,
          gorod: (organizationCities[club] as CityInfo).name,
          organiz: [organizationIds[club]],
          phone: [{ type: 'mobile', tel: `+79${prng.digits(9)}` }],
          term_membership: new Date(today + prng.int(-300, 330) * DAY).toISOString(),
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
      const start = today + prng.int(-730, 730) * DAY + 7 * 3_600_000;
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
          date_start: new Date(start).toISOString(),
          date_end: new Date(start + prng.int(0, 2) * DAY + 8 * 3_600_000).toISOString(),
          registration_deadline: new Date(start - prng.int(3, 14) * DAY).toISOString(),
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
