import { IMAGE_QUALITIES, IMAGE_SIZES } from '@fed/contracts';
import { describe, expect, it } from 'vitest';
import { imageUrl } from './image-url';

describe('imageUrl', () => {
  it('builds the image proxy path with the asked modifiers', () => {
    expect(imageUrl('f-1', { width: 96, height: 96 })).toBe('/api/img/w_96,h_96,f_webp/file/f-1');
    expect(imageUrl('f-1', { width: 320, quality: 80, format: 'jpeg' })).toBe(
      '/api/img/w_320,q_80,f_jpeg/file/f-1',
    );
  });

  it('asks only for the sizes and qualities the api serves, the next one up', () => {
    expect(imageUrl('f-1', { width: 100, height: 81, quality: 70 })).toBe(
      '/api/img/w_128,h_96,q_80,f_webp/file/f-1',
    );
    expect(imageUrl('f-1', { width: 5000 })).toBe('/api/img/w_1920,f_webp/file/f-1');
    for (let pixels = 1; pixels <= 2100; pixels += 7) {
      const [, width, height] =
        /w_(\d+),h_(\d+)/.exec(imageUrl('f', { width: pixels, height: pixels })) ?? [];
      expect(IMAGE_SIZES).toContain(Number(width));
      expect(IMAGE_SIZES).toContain(Number(height));
    }
    for (let quality = 1; quality <= 100; quality += 1) {
      const [, snapped] = /q_(\d+)/.exec(imageUrl('f', { quality })) ?? [];
      expect(IMAGE_QUALITIES).toContain(Number(snapped));
    }
  });

  it('keeps a file id inside its path segment', () => {
    expect(imageUrl('a/../b')).toBe('/api/img/f_webp/file/a%2F..%2Fb');
  });
});
