import { imageUrl } from '@fed/api-client';
import type { SportsmanCard } from '@fed/contracts';
import { pluralRu } from '@fed/validation';

/** The placeholder picture's gender: the card's `pol`, when the person's registry shows it. */
export function genderOf(card: Pick<SportsmanCard, 'pol'>): 'male' | 'female' | null {
  const code = card.pol?.[0]?.code;
  return code === 'male' || code === 'female' ? code : null;
}

/** The athlete's age class (the lowest `sortirovka`, which the platform lists first). */
export function ageClassName(card: Pick<SportsmanCard, 'age_class'>): string | null {
  const ageClass = card.age_class[0];
  return ageClass ? (ageClass.nazvanie ?? ageClass.code) : null;
}

/**
 * A photo or logo through the image proxy at its slot's size: `cssPixels` square, fetched at twice that for
 * sharp screens (snapped to the sizes the proxy makes).
 */
export function pictureUrl(link: readonly string[] | null | undefined, cssPixels: number): string | null {
  const fileId = link?.[0];
  return fileId ? imageUrl(fileId, { width: cssPixels * 2, height: cssPixels * 2 }) : null;
}

export const athletesCount = (count: number) =>
  `${count} ${pluralRu(count, ['спортсмен', 'спортсмена', 'спортсменов'])}`;

export const upcomingEventsCount = (count: number) =>
  `${count} ${pluralRu(count, ['предстоящее мероприятие', 'предстоящих мероприятия', 'предстоящих мероприятий'])}`;

export const eventsCount = (count: number) =>
  `${count} ${pluralRu(count, ['мероприятие', 'мероприятия', 'мероприятий'])}`;

export const organizationsCount = (count: number) =>
  `${count} ${pluralRu(count, ['организация', 'организации', 'организаций'])}`;
