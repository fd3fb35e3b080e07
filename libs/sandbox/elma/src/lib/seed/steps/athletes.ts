import { addDays } from '@fed/calendar';
import { AGE_OF_MAJORITY, platformApps, type PublishConsent } from '@fed/contracts';
import type { NewItem } from '../../core/items.repository';
import { formatMembershipNumber } from '../../services/memberships.service';
import { demoAthleteExpired, demoFamily } from '../demo-accounts';
import { demoFileId, demoPicturePng } from '../demo-files';
import { surnames } from '../dictionary';
import { dayIn, type Athlete, type Organization, type SeedContext } from '../seed-context';
import {
  ATHLETE_KIND,
  birthDayFor,
  dateField,
  GENDER_NAMES,
  lastMinuteOf,
  MAX_DAYS_SINCE_BIRTHDAY,
  middayOf,
  person,
  phoneNumber,
  type Fio,
  type Gender,
} from '../seed-values';

interface AthleteSpec {
  id?: string;
  gender: Gender;
  /** Full years on the seed's today. */
  age: number;
  /** Days from the last birthday to the seed's today. */
  daysSinceBirthday: number;
  fio?: Fio;
  club: Organization;
  phone: string;
  /** Days from today to the term's last day; `null`: never a member. */
  termInDays: number | null;
  /** `'none'`: a minor left without a legal representative. */
  representative?: (Fio & { birth: string }) | 'none';
  /** `false`: an adult who has not chosen what to publish (the default decides for drawn adults). */
  consent?: boolean;
  /** Has a photo in the profile (the default: every third athlete). */
  photo?: boolean;
}

/**
 * The demo family's birthdays lie half a year back: their ages (12 and 9 for the children) and age classes
 * hold for every journey event a few weeks ahead, whatever day the demo is seeded on.
 */
const FAMILY_DAYS_SINCE_BIRTHDAY = 182;
/** The family's terms last a year, past every upcoming demo event. */
const FAMILY_TERM_DAYS = 365;
/**
 * The photo/video cup's entrants (its step enters them) are the first athletes drawn after the family: 12 years
 * old, members, their birthdays more than a month away from the cup, so the cup has them at any demo size.
 */
export const PHOTO_VIDEO_CUP_ENTRANTS = 5;
const CUP_ENTRANT_AGE = 12;

/**
 * What a drawn adult chose to publish, as if they had: four in five chose, most of them everything, some kept
 * their birth year or city to themselves. Decided by the adult's place in the list, so the seed draws nothing
 * more and every other row stays as it was. Minors: none (nobody's parent chose in the demo).
 */
function adultConsent(adultIndex: number, givenAt: string): PublishConsent | null {
  if (adultIndex % 5 === 4) return null;
  return {
    photo: true,
    birthYear: adultIndex % 3 !== 2,
    city: adultIndex % 4 !== 3,
    results: true,
    givenAt,
    givenBy: { login: 'demo-seed', role: 'self' },
  };
}

/**
 * The athletes: the demo family and the athlete whose membership expired (fixed ids), then drawn ones up to the
 * demo size; every minor but the demo daughter with a legal representative. Memberships follow from their terms
 * (the memberships step); whoever has a term has a membership number, in the order added.
 */
export function seedAthletes(context: SeedContext): void {
  const { prng, today, size, athletes } = context;
  const athleteItems: NewItem[] = [];
  const representativeItems: NewItem[] = [];

  let adults = 0;
  let members = 0;
  const addAthlete = (spec: AthleteSpec): Athlete => {
    const id = spec.id ?? prng.uuid();
    const drawn = person(prng, spec.gender);
    const fio = spec.fio ?? drawn.fio;
    const name = `${fio.lastname} ${fio.firstname} ${fio.middlename}`;
    const birthDay = birthDayFor(today, spec.age, spec.daysSinceBirthday);
    const birth = dateField(birthDay);
    const termDay = spec.termInDays === null ? null : dayIn(context, spec.termInDays);
    const term = termDay && lastMinuteOf(termDay).toISOString();
    // Registered some time ago, with their legal representative if they have one.
    const createdDay = dayIn(context, -prng.int(30, 700));
    const createdAt = middayOf(createdDay).toISOString();
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
    if (term) {
      // Everybody who was ever a member has a number, in the order they are added (drawing nothing).
      members += 1;
      fields['term_membership'] = term;
      fields['membership_number'] = formatMembershipNumber(members);
    }
    // Minor or not by the age the draws gave on today, not by the calendar, so that the same draws follow.
    const minor = spec.age < AGE_OF_MAJORITY;
    const hasRepresentative = minor && spec.representative !== 'none';
    if (minor && !hasRepresentative) {
      context.minorsWithoutRepresentative += 1;
    } else if (minor) {
      const parentGender: Gender = prng.chance(0.5) ? 'male' : 'female';
      const parentDrawn = person(prng, parentGender);
      const surname = surnames.find((pair) => pair[0] === fio.lastname || pair[1] === fio.lastname);
      const representative = (spec.representative !== 'none' && spec.representative) || {
        lastname: surname ? surname[parentGender === 'male' ? 0 : 1] : fio.lastname,
        firstname: parentDrawn.fio.firstname,
        middlename: parentDrawn.fio.middlename,
        birth: dateField(
          birthDayFor(today, spec.age + prng.int(22, 35), prng.int(0, MAX_DAYS_SINCE_BIRTHDAY)),
        ),
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
        createdAt,
      });
      fields['legal_representative'] = [representativeId];
    }
    if (spec.photo ?? athletes.length % 3 === 0) {
      fields['photo'] = [
        context.files.save({
          id: demoFileId(id, 'photo'),
          name: `Фото ${fio.lastname}.png`,
          mimeType: 'image/png',
          body: demoPicturePng(athletes.length),
          directory: 'portal-uploads',
        }).__id,
      ];
    }
    if (!minor) {
      const consent =
        spec.consent === false ? null : adultConsent(adults, middayOf(addDays(createdDay, 1)).toISOString());
      adults += 1;
      if (consent) fields['publish_consent'] = consent;
    }
    athleteItems.push({ id, name, fields, createdAt });
    const athlete: Athlete = {
      id,
      name,
      gender: spec.gender,
      age: spec.age,
      daysSinceBirthday: spec.daysSinceBirthday,
      birthDay,
      birth,
      termInDays: spec.termInDays,
      term,
      hasRepresentative,
    };
    athletes.push(athlete);
    return athlete;
  };

  /** Days to the end of a term still running. */
  const validTerm = () => prng.int(40, 330);
  const demoClubOrg = context.organizations[0] as Organization;
  const spbClub = context.organizations[1] as Organization;
  const parentFio = { lastname: 'Соколов', firstname: 'Андрей', middlename: 'Викторович' };
  const parent = addAthlete({
    id: demoFamily.parentId,
    gender: 'male',
    age: 38,
    daysSinceBirthday: FAMILY_DAYS_SINCE_BIRTHDAY,
    fio: parentFio,
    club: demoClubOrg,
    phone: demoFamily.phone,
    photo: true,
    termInDays: FAMILY_TERM_DAYS,
  });
  const parentAsRepresentative = { ...parentFio, birth: parent.birth };
  const son = addAthlete({
    id: demoFamily.childIds[0],
    gender: 'male',
    age: 12,
    daysSinceBirthday: FAMILY_DAYS_SINCE_BIRTHDAY,
    fio: { lastname: 'Соколов', firstname: 'Матвей', middlename: 'Андреевич' },
    club: demoClubOrg,
    phone: demoFamily.phone,
    termInDays: FAMILY_TERM_DAYS,
    representative: parentAsRepresentative,
    photo: true,
  });
  const daughter = addAthlete({
    id: demoFamily.childIds[1],
    gender: 'female',
    age: 9,
    daysSinceBirthday: FAMILY_DAYS_SINCE_BIRTHDAY,
    fio: { lastname: 'Соколова', firstname: 'Алиса', middlename: 'Андреевна' },
    club: demoClubOrg,
    phone: demoFamily.phone,
    termInDays: FAMILY_TERM_DAYS,
    representative: 'none',
    photo: true,
  });
  const expired = addAthlete({
    id: demoAthleteExpired.sportsmanId,
    gender: 'female',
    age: 27,
    daysSinceBirthday: FAMILY_DAYS_SINCE_BIRTHDAY,
    fio: { lastname: 'Волкова', firstname: 'Екатерина', middlename: 'Сергеевна' },
    club: spbClub,
    phone: demoAthleteExpired.phone,
    termInDays: -demoAthleteExpired.membershipEndedDaysAgo,
    // An adult who has not chosen what to publish: others see no photo, birth year, city or results of hers.
    consent: false,
  });
  context.family = { parent, son, daughter, expired };

  const named = athletes.length;
  const athleteTotal = Math.max(named + PHOTO_VIDEO_CUP_ENTRANTS, size.athletes);
  while (athletes.length < athleteTotal) {
    const cupEntrant = athletes.length < named + PHOTO_VIDEO_CUP_ENTRANTS;
    const roll = prng.next();
    const age = roll < 0.7 ? prng.int(6, 17) : roll < 0.95 ? prng.int(18, 34) : prng.int(35, 52);
    const daysSinceBirthday = cupEntrant ? prng.int(40, 300) : prng.int(0, MAX_DAYS_SINCE_BIRTHDAY);
    const membership = prng.next();
    addAthlete({
      gender: prng.chance(0.62) ? 'male' : 'female',
      age: cupEntrant ? CUP_ENTRANT_AGE : age,
      daysSinceBirthday,
      club: prng.pick(context.organizations),
      phone: phoneNumber(prng),
      termInDays: cupEntrant || membership < 0.8 ? validTerm() : membership < 0.95 ? -prng.int(5, 400) : null,
    });
  }
  context.items.add(platformApps.sportsman, ...athleteItems);
  context.items.add(platformApps.legalRepresentatives, ...representativeItems);
}
