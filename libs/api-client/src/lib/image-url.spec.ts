import { describe, expect, it } from 'vitest';
import { imageUrl } from './image-url';

describe('imageUrl', () => {
  it('builds the image proxy path with the asked modifiers', () => {
    expect(imageUrl('f-1', { width: 96, height: 96 })).toBe('/api/img/w_96,h_96,f_webp/file/f-1');
    expect(imageUrl('f-1', { width: 320, quality: 80, format: 'jpeg' })).toBe(
      '/api/img/w_320,q_80,f_jpeg/file/f-1',
    );
  });

  it('keeps a file id inside its path segment', () => {
    expect(imageUrl('a/../b')).toBe('/api/img/f_webp/file/a%2F..%2Fb');
  });
});
