import { describe, expect, it } from 'vitest';
import { eventLocation, eventMapUrl } from './venue';

describe('venue', () => {
  it('is one line naming the city once', () => {
    expect(eventLocation({ gorod: 'Москва', address: 'г Москва, ул Лужники, д 24' })).toBe(
      'г Москва, ул Лужники, д 24',
    );
    expect(eventLocation({ gorod: 'Казань', address: 'ул. Баумана, 5' })).toBe('Казань, ул. Баумана, 5');
    expect(eventLocation({ gorod: 'Москва', address: 'г Москва' })).toBe('г Москва');
    expect(eventLocation({ gorod: 'Москва', address: '' })).toBe('Москва');
  });

  it('points at the place on a map only when it has coordinates', () => {
    expect(eventMapUrl({ geo_lat: 55.7158, geo_lon: 37.5537 })).toBe(
      'https://yandex.ru/maps/?pt=37.5537,55.7158&z=16&l=map',
    );
    expect(eventMapUrl({ geo_lat: null, geo_lon: null })).toBeNull();
    expect(eventMapUrl({})).toBeNull();
  });
});
