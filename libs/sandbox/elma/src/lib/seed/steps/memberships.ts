import { platformApps } from '@fed/contracts';
import type { SeedContext } from '../seed-context';
import { addDays, rub } from '../seed-values';

/** A paid membership for every athlete with a term, ending on it (expired ones included). */
export function seedMemberships(context: SeedContext): void {
  for (const athlete of context.athletes) {
    if (!athlete.term) continue;
    const until = new Date(athlete.term);
    context.items.add(platformApps.memberships, {
      name: `Членство ${athlete.name} до ${athlete.term.slice(0, 10)}`,
      fields: {
        sportsman: [athlete.id],
        season: until.getUTCFullYear(),
        valid_until: athlete.term,
        fee: rub(1500),
        paid: true,
      },
      createdAt: addDays(until, -365).toISOString(),
    });
  }
}
