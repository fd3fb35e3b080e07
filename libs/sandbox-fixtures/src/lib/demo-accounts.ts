import type { ContractorType } from '@fed/contracts';
import { sandboxPublicConfig } from './sandbox-public-config';

/**
 * Fixed demo logins of the sandbox platform twin's seeded federation (`SANDBOX_SEED=demo`). Shared here so the
 * auth server, the portal's e2e journeys and the twin's seed agree on them. Phones are E.164; the ids are the
 * platform records behind them.
 */
export const demoFamily = {
  phone: '+79990000001',
  /** Parent: an adult athlete, holder of the login. */
  parentId: 'c0de0001-0000-4000-8000-000000000001',
  /**
   * A boy of 12 with the parent as his legal representative, and a girl of 9 without one, so that the
   * "minor without a legal representative" refusal can be shown (and cured by adding one).
   */
  childIds: ['c0de0001-0000-4000-8000-000000000002', 'c0de0001-0000-4000-8000-000000000003'],
} as const;

export const demoAthleteExpired = {
  phone: '+79990000002',
  /** An adult athlete whose membership has expired. */
  sportsmanId: 'c0de0001-0000-4000-8000-000000000004',
  /** Her membership ended at 23:59 Moscow time this many days before the twin's first start. */
  membershipEndedDaysAgo: 20,
} as const;

export const demoClub = {
  phone: '+79990000003',
  /** A club (organization account) that organizes events. */
  organizationId: 'c0de0002-0000-4000-8000-000000000001',
} as const;

export const demoFederation = {
  phone: '+79990000004',
  organizationId: sandboxPublicConfig.federationProfileId,
} as const;

/**
 * Upcoming events of the demo seed the journeys rely on: they start 3 to 5 weeks after the twin's first
 * start (whole days of the federation's Moscow calendar, at 10:00 Moscow time), with registration open for at
 * least two weeks from then; the demo family's memberships last past all of them, on whatever day it is seeded.
 */
export const demoCompetitions = {
  /**
   * The demo club's open tournament (adults and youth; kumite by gender, kata for both genders): the parent
   * may enter, the expired athlete may not (membership); requests from other athletes in `new`,
   * `under_review`, `returned` and `approved`; documents accepted, submitted and returned; a poster.
   */
  clubOpen: 'c0de0003-0000-4000-8000-000000000001',
  /**
   * The demo club's children's championship (8–13 years): the son may enter, the daughter may not (no legal
   * representative); requests in `new` and `under_review`; one accepted document.
   */
  clubChildren: 'c0de0003-0000-4000-8000-000000000002',
  /** The federation's cup for adults, with a team kata: the parent may enter; no requests of the family. */
  federationCup: 'c0de0003-0000-4000-8000-000000000003',
  /**
   * The demo club's youth cup that sells photos and videos, starting in 10 days (registration closed): the son
   * entered kata and kumite 12–13 (paid), five other boys and girls one program each; no sales, no media yet.
   */
  photoVideoCup: 'c0de0003-0000-4000-8000-000000000004',
} as const;

export interface DemoPhone {
  phone: string;
  contractorType: ContractorType;
  /** Platform ids of the accounts bound to the phone (the first is the default one). */
  accountIds: readonly string[];
  description: string;
}

/** Every demo phone with the accounts bound to it. */
export const demoPhones: readonly DemoPhone[] = [
  {
    phone: demoFamily.phone,
    contractorType: 'sportsman',
    accountIds: [demoFamily.parentId, ...demoFamily.childIds],
    description: 'Родитель и двое детей: три связанных аккаунта спортсменов',
  },
  {
    phone: demoAthleteExpired.phone,
    contractorType: 'sportsman',
    accountIds: [demoAthleteExpired.sportsmanId],
    description: 'Взрослый спортсмен с истёкшим членством',
  },
  {
    phone: demoClub.phone,
    contractorType: 'organization',
    accountIds: [demoClub.organizationId],
    description: 'Спортивный клуб — организатор соревнований',
  },
  {
    phone: demoFederation.phone,
    contractorType: 'organization',
    accountIds: [demoFederation.organizationId],
    description: 'Федерация',
  },
];
