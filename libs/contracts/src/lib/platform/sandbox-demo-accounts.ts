import { sandboxPublicConfig } from '../sandbox-public-config';

/**
 * Fixed demo logins of the sandbox platform twin's seeded federation (`SANDBOX_SEED=demo`). Shared here so the
 * auth server, the portal's e2e journeys and the twin's seed agree on them. Phones are E.164; the ids are the
 * platform records behind them.
 */
export const demoFamily = {
  phone: '+79990000001',
  /** Parent: an adult athlete, holder of the login. */
  parentId: 'c0de0001-0000-4000-8000-000000000001',
  /** A boy of 12 and a girl of 9, both with the parent as legal representative. */
  childIds: ['c0de0001-0000-4000-8000-000000000002', 'c0de0001-0000-4000-8000-000000000003'],
} as const;

export const demoAthleteExpired = {
  phone: '+79990000002',
  /** An adult athlete whose membership has expired. */
  sportsmanId: 'c0de0001-0000-4000-8000-000000000004',
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

export interface DemoPhone {
  phone: string;
  contractorType: 'sportsman' | 'organization';
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
