import { describe, expect, it } from 'vitest';
import { breakpoints, mediaUp } from './breakpoints';

describe('breakpoints', () => {
  it('are the spec values in ascending order', () => {
    expect(Object.values(breakpoints)).toEqual([320, 640, 768, 1024, 1280, 1536]);
  });

  it('build min-width media queries', () => {
    expect(mediaUp('lg')).toBe('(min-width: 1024px)');
  });
});
