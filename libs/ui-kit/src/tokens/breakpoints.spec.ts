import { describe, expect, it } from 'vitest';
import { breakpoints, mediaDown, mediaUp } from './breakpoints';

describe('breakpoints', () => {
  it('are the spec values in ascending order', () => {
    expect(Object.values(breakpoints)).toEqual([320, 640, 768, 1024, 1280, 1536]);
  });

  it('build min-width media queries', () => {
    expect(mediaUp('lg')).toBe('(min-width: 1024px)');
  });

  it('build max-width media queries that never overlap the min-width ones', () => {
    expect(mediaDown('md')).toBe('(max-width: 767.98px)');
  });
});
