import type { EventSummary } from '@fed/contracts';

/**
 * Where the event takes place, as one line: the address, which names the city as the address suggestion gave
 * it; led by the city only when it does not (an address typed before suggestions went down to the house).
 */
export function eventLocation(event: Pick<EventSummary, 'gorod' | 'address'>): string {
  const address = event.address.trim();
  const city = event.gorod.trim();
  if (!city) return address;
  if (!address) return city;
  return address.includes(city) ? address : `${city}, ${address}`;
}

/** The place on a map service (a plain link, no map on the page), when the venue has coordinates. */
export function eventMapUrl(event: Pick<EventSummary, 'geo_lat' | 'geo_lon'>): string | null {
  const { geo_lat: lat, geo_lon: lon } = event;
  if (typeof lat !== 'number' || typeof lon !== 'number') return null;
  return `https://yandex.ru/maps/?pt=${lon},${lat}&z=16&l=map`;
}
