import { addDays } from '@fed/calendar';
import { platformApps } from '@fed/contracts';
import { byYesterday, dayIn, made, type Athlete, type Competition, type SeedContext } from '../seed-context';
import { lastMinuteOf, middayOf, rub } from '../seed-values';
import { addRequest } from './requests';

const PACKAGES = [
  { code: 'photo', name: 'Фото', price: 500 },
  { code: 'video', name: 'Видео', price: 900 },
  { code: 'photo_video', name: 'Фото и видео', price: 1200 },
];

type SaleStatus = 'ordered' | 'paid' | 'delivered' | 'cancelled';

/** A photo/video sale with the request that pays for it. */
function addSale(context: SeedContext, athlete: Athlete, competition: Competition, status: SaleStatus): void {
  const { prng } = context;
  const pack = prng.pick(PACKAGES);
  // Ordered some days after the event, by yesterday at the latest.
  const createdDay = byYesterday(context, dayIn(context, competition.startInDays + prng.int(1, 10)));
  const requestId = addRequest(
    context,
    athlete,
    competition,
    status === 'ordered' ? 'new' : status === 'cancelled' ? 'cancelled' : 'paid',
    'photo_video',
    [],
    true,
  );
  context.items.add(platformApps.sales, {
    id: prng.uuid(),
    name: `${pack.name}: ${athlete.name} — ${competition.name}`,
    fields: {
      sportsman: [athlete.id],
      competition: [competition.id],
      request: [requestId],
      package: [{ code: pack.code, name: pack.name }],
      price: rub(pack.price),
      status,
      ...(status === 'cancelled'
        ? { cancelled_at: lastMinuteOf(byYesterday(context, addDays(createdDay, 1))).toISOString() }
        : {}),
    },
    createdAt: middayOf(createdDay).toISOString(),
  });
}

/** Photo/video sales on past events that sell them: the demo family's, then a few of each event's athletes. */
export function seedSales(context: SeedContext): void {
  const { prng, athletes } = context;
  const { parent, son } = made(context.family, 'athletes');
  const pastWithMedia = context.competitions.filter(
    (competition) => competition.startInDays < 0 && competition.photoVideo,
  );
  const parentPast = pastWithMedia.slice(-2);
  if (parentPast[0]) addSale(context, parent, parentPast[0], 'delivered');
  if (parentPast[1]) addSale(context, parent, parentPast[1], 'paid');
  if (parentPast[1]) addSale(context, son, parentPast[1], 'ordered');
  for (const competition of pastWithMedia) {
    for (const athleteId of prng.sample([...(context.entered.get(competition.id) ?? [])], 3)) {
      const athlete = athletes.find((candidate) => candidate.id === athleteId);
      if (!athlete || athlete === parent || athlete === son) continue;
      const roll = prng.next();
      addSale(
        context,
        athlete,
        competition,
        roll < 0.5 ? 'delivered' : roll < 0.75 ? 'paid' : roll < 0.9 ? 'ordered' : 'cancelled',
      );
    }
  }
}
