import { describe, expect, it } from 'vitest';
import { IMAGE_QUALITIES, IMAGE_SIZES, snapImageQuality, snapImageSize } from './image-sizes';

describe('image sizes', () => {
  it('are sorted without duplicates, so snapping up finds the nearest', () => {
    expect([...IMAGE_SIZES].sort((a, b) => a - b)).toEqual([...new Set(IMAGE_SIZES)]);
    expect([...IMAGE_QUALITIES].sort((a, b) => a - b)).toEqual([...new Set(IMAGE_QUALITIES)]);
  });

  it('snaps a size up to the next allowed one, and anything bigger to the largest', () => {
    expect(snapImageSize(1)).toBe(32);
    expect(snapImageSize(32)).toBe(32);
    expect(snapImageSize(33)).toBe(48);
    expect(snapImageSize(80)).toBe(80);
    expect(snapImageSize(961)).toBe(1280);
    expect(snapImageSize(1920)).toBe(1920);
    expect(snapImageSize(9999)).toBe(1920);
    for (let pixels = 1; pixels <= 2500; pixels += 1) {
      expect(IMAGE_SIZES).toContain(snapImageSize(pixels));
    }
  });

  it('snaps a quality up to the next step, and 100 to the highest', () => {
    expect(snapImageQuality(1)).toBe(50);
    expect(snapImageQuality(66)).toBe(80);
    expect(snapImageQuality(100)).toBe(95);
  });
});
