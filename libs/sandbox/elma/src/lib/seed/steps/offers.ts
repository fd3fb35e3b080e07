import { platformApps } from '@fed/contracts';
import { offerDocuments } from '../offer-documents';
import type { SeedContext } from '../seed-context';

/** The federation's legal offers, each an HTML file on the platform's disk. */
export function seedOffers(context: SeedContext): void {
  for (const offer of offerDocuments) {
    const file = context.files.save({
      id: context.prng.uuid(),
      name: offer.fileName,
      mimeType: 'text/html; charset=utf-8',
      body: Buffer.from(offer.html, 'utf8'),
      directory: 'offers',
    });
    context.items.add(platformApps.offer, {
      id: offer.id,
      name: offer.name,
      fields: { file: [file.__id] },
      createdAt: context.longAgo,
    });
  }
}
