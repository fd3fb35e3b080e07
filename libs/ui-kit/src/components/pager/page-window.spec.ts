import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('shows the ends and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(1, 50)).toEqual([1, 2, 'gap', 50]);
    expect(pageWindow(10, 50)).toEqual([1, 'gap', 9, 10, 11, 'gap', 50]);
    expect(pageWindow(50, 50)).toEqual([1, 'gap', 49, 50]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });

  it('keeps a page out of range within the list', () => {
    expect(pageWindow(99, 5)).toEqual([1, 'gap', 4, 5]);
  });
});
