import { addDays, isoDay, seasonOf } from '@fed/calendar';
import { platformApps } from '@fed/contracts';
import { byYesterday, dayIn, type SeedContext } from '../seed-context';
import { middayOf, rub } from '../seed-values';

/**
 * A paid membership for every athlete with a term, ending on it (expired ones included), paid 365 days before its
 * end (or yesterday, for a term ending later than that), for the season its term ends in.
 */
export function seedMemberships(context: SeedContext): void {
  for (const athlete of context.athletes) {
    if (athlete.termInDays === null || athlete.term === null) continue;
    const until = dayIn(context, athlete.termInDays);
    context.items.add(platformApps.memberships, {
      name: `Членство ${athlete.name} до ${isoDay(until)}`,
      fields: {
        sportsman: [athlete.id],
        season: seasonOf(athlete.term),
        valid_until: athlete.term,
        fee: rub(1500),
        paid: true,
      },
      createdAt: middayOf(byYesterday(context, addDays(until, -365))).toISOString(),
    });
  }
}
