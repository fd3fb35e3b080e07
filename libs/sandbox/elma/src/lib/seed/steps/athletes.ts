import { AGE_OF_MAJORITY, fullYears, platformApps, type PublishConsent } from '@fed/contracts';
import type { NewItem } from '../../core/items.repository';
import { ageClassesFor } from '../../services/eligibility';
import { formatMembershipNumber } from '../../services/memberships.service';
import { demoAthleteExpired, demoFamily } from '../demo-accounts';
import { demoFileId, demoPicturePng } from '../demo-files';
import { surnames } from '../dictionary';
import type { Athlete, Organization, SeedContext } from '../seed-context';
import {
  addDays,
  ATHLETE_KIND,
  atUtc,
  birthDate,
  GENDER_NAMES,
  person,
  phoneNumber,
  type Fio,
  type Gender,
} from '../seed-values';

interface AthleteSpec {
  id?: string;
  gender: Gender;
  age: number;
  fio?: Fio;
  club: Organization;
  phone: string;
  term: string | null;
  /** `'none'`: a minor left without a legal representative. */
  representative?: (Fio & { birth: string }) | 'none';
  /** `false`: an adult who has not chosen what to publish (the default decides for drawn adults). */
  consent?: boolean;
  /** Has a photo in the profile (the default: every third athlete). */
  photo?: boolean;
}

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
  const { prng, now, today, size, athletes } = context;
  const athleteItems: NewItem[] = [];
  const representativeItems: NewItem[] = [];
  const classRecords = context.ageClasses.map((ageClass) => ({
    ...ageClass,
    __id: ageClass.id,
    __name: ageClass.nazvanie,
    __createdAt: context.longAgo,
    __updatedAt: context.longAgo,
  }));
  const classesFor = (birth: string) =>
    new Set(ageClassesFor(birth, classRecords, now).map((entry) => entry.__id));

  let adults = 0;
  let members = 0;
  const addAthlete = (spec: AthleteSpec): Athlete => {
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
      // Everybody who was ever a member has a number, in the order they are added (drawing nothing).
      members += 1;
      fields['term_membership'] = spec.term;
      fields['membership_number'] = formatMembershipNumber(members);
    }
    if (fullYears(birth, now) < AGE_OF_MAJORITY && spec.representative === 'none') {
      context.minorsWithoutRepresentative += 1;
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
    const createdAt = addDays(today, -prng.int(30, 700));
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
    if (fullYears(birth, now) >= AGE_OF_MAJORITY) {
      const consent =
        spec.consent === false ? null : adultConsent(adults, addDays(createdAt, 1).toISOString());
      adults += 1;
      if (consent) fields['publish_consent'] = consent;
    }
    athleteItems.push({ id, name, fields, createdAt: createdAt.toISOString() });
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
  const demoClubOrg = context.organizations[0] as Organization;
  const spbClub = context.organizations[1] as Organization;
  const parentFio = { lastname: 'Соколов', firstname: 'Андрей', middlename: 'Викторович' };
  const parent = addAthlete({
    id: demoFamily.parentId,
    gender: 'male',
    age: 38,
    fio: parentFio,
    club: demoClubOrg,
    phone: demoFamily.phone,
    photo: true,
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
    photo: true,
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
    photo: true,
  });
  const expired = addAthlete({
    id: demoAthleteExpired.sportsmanId,
    gender: 'female',
    age: 27,
    fio: { lastname: 'Волкова', firstname: 'Екатерина', middlename: 'Сергеевна' },
    club: spbClub,
    phone: demoAthleteExpired.phone,
    term: atUtc(addDays(today, -20), 20, 59).toISOString(),
    // An adult who has not chosen what to publish: others see no photo, birth year, city or results of hers.
    consent: false,
  });
  context.family = { parent, son, daughter, expired };

  const athleteTotal = Math.max(4, size.athletes);
  while (athletes.length < athleteTotal) {
    const roll = prng.next();
    const age = roll < 0.7 ? prng.int(6, 17) : roll < 0.95 ? prng.int(18, 34) : prng.int(35, 52);
    const membership = prng.next();
    addAthlete({
      gender: prng.chance(0.62) ? 'male' : 'female',
      age,
      club: prng.pick(context.organizations),
      phone: phoneNumber(prng),
      term:
        membership < 0.8
          ? validTerm()
          : membership < 0.95
            ? atUtc(addDays(today, -prng.int(5, 400)), 20, 59).toISOString()
            : null,
    });
  }
  context.items.add(platformApps.sportsman, ...athleteItems);
  context.items.add(platformApps.legalRepresentatives, ...representativeItems);
}
