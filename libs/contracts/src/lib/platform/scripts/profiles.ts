import { z } from 'zod';
import {
  elmaCategorySchema,
  elmaDateTimeSchema,
  elmaFullNameSchema,
  elmaIdInputSchema,
  elmaIdSchema,
  elmaLinkSchema,
} from '../elma-formats';
import {
  genderCodeSchema,
  organizationReadSchema,
  publishConsentSchema,
  sportsmanAgeClassSchema,
} from '../records';
import { byIdSchema, dataAnswer, listAnswer, pageSchema, read, write, textFilterSchema } from './script-kit';
import { sportsmenSorts } from './sportsmen-sorts';

/**
 * The `functions` module's public registry: the athletes' and organizations' directories, an athlete's and a
 * club's public page, and a person's consent to publish. Every answer here is public (guests read it) and
 * passes the api's answer filter, which takes out of each person what the viewer may not see (docs/security.md
 * «Who sees what»): the platform answers whole records, the filter decides.
 */

// In a module of their own, without the schemas: the directory's filters on a guest's page import them alone.
export { sportsmenSorts, type SportsmenSort } from './sportsmen-sorts';

/**
 * An athlete as the directory lists them. Always there (the federation's registry): `__id`, `__name`, `fio`,
 * `representative_new`, `organiz` (the club's id, a list of at most one), `organizationName` and
 * `age_class`. The rest is there when the viewer may see it: `photo`, `gorod` and the birth year
 * (`birth_year`; the owner and the organizers of their events get `date_of_birth`) by the person's consent;
 * `pol` and `membershipValid` for everybody but a minor without a parent's consent; `publish_consent` for the
 * owner alone.
 */
export const sportsmanCardSchema = z.object({
  __id: elmaIdSchema,
  __name: z.string(),
  fio: elmaFullNameSchema,
  representative_new: z.array(elmaCategorySchema),
  /** The club (an organization of the `sportsman` app); empty when none. */
  organiz: elmaLinkSchema,
  organizationName: z.string().nullable(),
  /** Every class the sport age falls in this season, lowest `sortirovka` (the athlete's class) first. */
  age_class: z.array(sportsmanAgeClassSchema),
  pol: z.array(elmaCategorySchema).nullable().optional(),
  gorod: z.string().nullable().optional(),
  photo: elmaLinkSchema.nullable().optional(),
  date_of_birth: elmaDateTimeSchema.nullable().optional(),
  /** Put by the api's answer filter in place of `date_of_birth` when the person publishes the birth year. */
  birth_year: z.number().int().optional(),
  /** The federation's membership lasts until today or later (`term_membership` ≥ today). */
  membershipValid: z.boolean().optional(),
  publish_consent: publishConsentSchema.nullable().optional(),
});
export type SportsmanCard = z.infer<typeof sportsmanCardSchema>;

/** An event an athlete entered (an approved or paid competition request), with the place once results are in. */
export const athleteResultSchema = z.object({
  requestId: elmaIdSchema,
  competitionId: elmaIdSchema,
  competitionName: z.string(),
  dateStart: elmaDateTimeSchema,
  dateEnd: elmaDateTimeSchema.nullable(),
  gorod: z.string().nullable(),
  programNames: z.array(z.string()),
  /** 1 for the winner; `null` while the event is ahead or the platform has no result. */
  place: z.number().int().min(1).nullable(),
});
export type AthleteResult = z.infer<typeof athleteResultSchema>;

/**
 * An athlete's public page: the card, the coach, the membership term, the published social link and the events
 * entered (`results`, newest first; there only when the person publishes results).
 */
export const sportsmanProfileSchema = sportsmanCardSchema.extend({
  coach: z.string().nullable().optional(),
  term_membership: elmaDateTimeSchema.nullable().optional(),
  vk_link: z.string().nullable().optional(),
  vk_link_available: z.boolean().nullable().optional(),
  results: z.array(athleteResultSchema).optional(),
});
export type SportsmanProfile = z.infer<typeof sportsmanProfileSchema>;

/** An organization as the directory lists it: its public read plus its counts. */
export const organizationCardSchema = organizationReadSchema.extend({
  /** Athletes whose club it is. */
  athletesCount: z.number().int().min(0),
  /** Its events starting today or later. */
  upcomingEventsCount: z.number().int().min(0),
});
export type OrganizationCard = z.infer<typeof organizationCardSchema>;

/**
 * A club's (or the federation's) public page. Its athletes are `getSportsmen({organizationId})`, its events
 * `getEvents({organizerId, when})`: both paged.
 */
export const organizationProfileSchema = organizationCardSchema.extend({
  pastEventsCount: z.number().int().min(0),
});
export type OrganizationProfile = z.infer<typeof organizationProfileSchema>;

/**
 * Someone's public page by id, whichever it is: an athlete's or an organization's (a club, the federation). One
 * read decides, so a club's page costs no failed athlete read first. The page sits under `profile` beside the
 * kind, because the answer filter may leave a person's record with the registry's fields alone.
 */
export const publicProfileSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sportsman'), profile: sportsmanProfileSchema }),
  z.object({ kind: z.literal('organization'), profile: organizationProfileSchema }),
]);
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const profilesScripts = {
  /**
   * The athletes' directory. `search`: a part of the name; `organizationId`: the club; `ageClassId`: the sport age
   * this season falls in the class's bounds; `membershipValid`: membership lasts until today or later (`false`:
   * it does not). Filters match only what the person lets others see: a city filter finds those who publish their
   * city; gender and membership filters skip minors without a parent's consent.
   */
  getSportsmen: read(
    z
      .object({
        search: textFilterSchema,
        organizationId: elmaIdInputSchema.optional(),
        city: textFilterSchema,
        gender: genderCodeSchema.optional(),
        ageClassId: elmaIdInputSchema.optional(),
        membershipValid: z.boolean().optional(),
        sort: z.enum(sportsmenSorts).default('name_asc'),
        ...pageSchema,
      })
      .strict(),
    listAnswer(sportsmanCardSchema),
  ),

  /**
   * The organizations' directory, by name; `search` a part of the name. `excludeId` leaves one organization out:
   * the federation's page lists its clubs, not the federation itself.
   */
  getOrganizations: read(
    z
      .object({
        search: textFilterSchema,
        city: textFilterSchema,
        excludeId: elmaIdInputSchema.optional(),
        ...pageSchema,
      })
      .strict(),
    listAnswer(organizationCardSchema),
  ),

  /** Someone's public page: an athlete's or an organization's (404 for an unknown id). */
  getPublicProfile: read(byIdSchema, dataAnswer(publicProfileSchema)),

  /**
   * An organization's public page (404 for an unknown id or an athlete); the federation's is its fixed id. For
   * pages that know they show an organization (the federation's, a club filter's name, one's own club).
   */
  getOrganizationProfile: read(byIdSchema, dataAnswer(organizationProfileSchema)),

  /**
   * A person's choice of what others may see. `givenBy` is the login making it (the access token's `sub`: the
   * proxy lets only that login through, for its own athletes); the platform records the time and whether a
   * parent chose for a minor. Answers the athlete's page as its owner sees it.
   */
  setPublishConsent: write(
    z
      .object({
        sportsmanId: elmaIdInputSchema,
        photo: z.boolean(),
        birthYear: z.boolean(),
        city: z.boolean(),
        results: z.boolean(),
        givenBy: z.string().min(1).max(64),
      })
      .strict(),
    dataAnswer(sportsmanProfileSchema),
  ),
};
