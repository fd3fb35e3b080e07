import { platformApps, type RequestState } from '@fed/contracts';
import { DEMO_SEED_SIZE, type DemoSeedSize } from './demo-size';
import { createSeedContext, type SeedContext, type SeedStep, type SeedTarget } from './seed-context';
import { seedAgeClasses } from './steps/age-classes';
import { seedAthletes } from './steps/athletes';
import { seedCompetitions } from './steps/competitions';
import { seedDocuments } from './steps/documents';
import { seedJourneyEvents } from './steps/journey-events';
import { seedMemberships } from './steps/memberships';
import { seedOffers } from './steps/offers';
import { seedOrganizations } from './steps/organizations';
import { seedPhotoVideoCup } from './steps/photo-video';
import { seedRequests } from './steps/requests';
import { seedSales } from './steps/sales';
import { seedSettings } from './steps/settings';

export type { SeedTarget } from './seed-context';

export const DEMO_SEED = 20_261_122;

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

/**
 * The demo federation's steps, in the order they draw from the one generator: moving a step, or a draw within
 * one, changes every row after it (the digests of `demo-seed.digest.spec.ts` tell).
 */
export const DEMO_SEED_STEPS: readonly SeedStep[] = [
  seedAgeClasses,
  seedOffers,
  seedOrganizations,
  seedAthletes,
  seedCompetitions,
  seedJourneyEvents,
  seedRequests,
  seedSales,
  seedDocuments,
  seedMemberships,
  seedSettings,
  seedPhotoVideoCup,
];

function summaryOf(context: SeedContext): DemoSeedSummary {
  const { items } = context;
  return {
    ageClasses: context.ageClasses.length,
    offers: items.of(platformApps.offer).length,
    // The federation and its clubs.
    organizations: context.organizations.length + 1,
    athletes: context.athletes.length,
    minorsWithRepresentative: items.of(platformApps.legalRepresentatives).length,
    minorsWithoutRepresentative: context.minorsWithoutRepresentative,
    expiredMemberships: context.athletes.filter(
      (athlete) => athlete.termInDays !== null && athlete.termInDays < 0,
    ).length,
    competitions: items.of(platformApps.competitions).length,
    programs: items.of(platformApps.programs).length,
    requests: items.of(platformApps.requests).length,
    requestsByState: context.requestsByState,
    sales: items.of(platformApps.sales).length,
    memberships: items.of(platformApps.memberships).length,
    documents: items.of(platformApps.competitionDocuments).length,
  };
}

/**
 * Fills an empty twin with the demo federation. The same rows for every `now` but for their dates, which are laid
 * out from the federation's (Moscow) day of `now`.
 */
export function seedDemo(target: SeedTarget, size: DemoSeedSize = DEMO_SEED_SIZE): DemoSeedSummary {
  const context = createSeedContext(target, size, DEMO_SEED);
  for (const step of DEMO_SEED_STEPS) step(context);
  context.items.writeTo(target.items);
  return summaryOf(context);
}
