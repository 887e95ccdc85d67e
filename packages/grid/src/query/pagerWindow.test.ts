import { describe, expect, it } from 'vitest';
import { arePageNumbersHidden, pagerWindow } from './pagerWindow.js';

describe('pagerWindow', () => {
  it('shows every page of a short report', () => {
    expect(pagerWindow(1, 1)).toEqual([1]);
    expect(pagerWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('shows the first page, the current with neighbours and the last page with ellipses', () => {
    expect(pagerWindow(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(pagerWindow(1, 20)).toEqual([1, 2, 'ellipsis', 20]);
    expect(pagerWindow(20, 20)).toEqual([1, 'ellipsis', 19, 20]);
  });

  it('shows a page instead of an ellipsis that would hide only that page', () => {
    expect(pagerWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
  });

  it('keeps a page outside the range inside it', () => {
    expect(pagerWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(Number.NaN, 0)).toEqual([1]);
  });

  it('shows a single page in build mode', () => {
    expect(pagerWindow(3, 10, 'build')).toEqual([1]);
  });
});

describe('arePageNumbersHidden', () => {
  it('hides page numbers at 413 px or less on large screens', () => {
    expect(arePageNumbersHidden(413, 'lg')).toBe(true);
    expect(arePageNumbersHidden(414, 'lg')).toBe(false);
  });

  it('hides page numbers at 478 px or less on medium screens', () => {
    expect(arePageNumbersHidden(478, 'md')).toBe(true);
    expect(arePageNumbersHidden(479, 'md')).toBe(false);
  });

  it('hides page numbers on small screens', () => {
    expect(arePageNumbersHidden(900, 'sm')).toBe(true);
  });
});
