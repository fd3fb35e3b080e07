import { imageUrl } from '@fed/api-client';
import type { OrganizationRead, SportsmanCard } from '@fed/contracts';
import { formatPhone, parseE164, PHONE_FORMATS, pluralRu } from '@fed/validation';

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

/** A phone as people write it: '+79161234567' → '+7 (916) 123-45-67'; one the portal cannot read, as it is. */
export function displayPhone(tel: string): string {
  const parsed = parseE164(tel);
  return parsed
    ? `+${PHONE_FORMATS[parsed.country].dialCode} ${formatPhone(parsed.digits, parsed.country)}`
    : tel;
}

/** A club's business contacts, the main ones first. */
export function contactsOf(organization: Pick<OrganizationRead, 'contact_phone' | 'email_kontr'>) {
  const main = <T extends { type: string }>(items: readonly T[] | null | undefined) =>
    [...(items ?? [])].sort((a, b) => Number(b.type === 'main') - Number(a.type === 'main'));
  return {
    phones: main(organization.contact_phone).map((phone) => phone.tel),
    emails: main(organization.email_kontr).map((email) => email.email),
  };
}

/** A site's address fit to link: only http(s) ones (anything else is not a site), with the scheme added if left out. */
export function siteUrl(site: string | null | undefined): string | null {
  const text = site?.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z]+:/i.test(text) ? text : `https://${text}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A site as people read it: without the scheme and the trailing slash. */
export const siteLabel = (href: string) => href.replace(/^https?:\/\//, '').replace(/\/$/, '');
