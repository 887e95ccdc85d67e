import { describe, expect, it } from 'vitest';
import { groupKeyExpands, rowKeyTarget, rowsPerPage } from './rowKeys.js';

describe('rowKeyTarget', () => {
  it('moves by one with the arrows, by a page with PageUp/PageDown, to the ends with Home/End', () => {
    expect(rowKeyTarget('ArrowDown', 3, 10, 50)).toBe(4);
    expect(rowKeyTarget('ArrowUp', 3, 10, 50)).toBe(2);
    expect(rowKeyTarget('PageDown', 3, 10, 50)).toBe(13);
    expect(rowKeyTarget('PageUp', 3, 10, 50)).toBe(-7);
    expect(rowKeyTarget('Home', 3, 10, 50)).toBe(0);
    expect(rowKeyTarget('End', 3, 10, 50)).toBe(49);
  });

  it('leaves other keys to the row', () => {
    expect(rowKeyTarget('Enter', 3, 10, 50)).toBeUndefined();
    expect(rowKeyTarget(' ', 3, 10, 50)).toBeUndefined();
  });
});

describe('groupKeyExpands', () => {
  it('expands with ArrowRight, collapses with ArrowLeft, toggles with Enter and Space', () => {
    expect(groupKeyExpands('ArrowRight', true)).toBe(true);
    expect(groupKeyExpands('ArrowLeft', true)).toBe(false);
    expect(groupKeyExpands('Enter', true)).toBe(false);
    expect(groupKeyExpands(' ', false)).toBe(true);
    expect(groupKeyExpands('a', false)).toBeUndefined();
  });
});

describe('rowsPerPage', () => {
  it('is a viewport of rows less one, at least one, assuming 600 px before layout', () => {
    expect(rowsPerPage(640, 32)).toBe(19);
    expect(rowsPerPage(0, 32)).toBe(17);
    expect(rowsPerPage(40, 32)).toBe(1);
  });
});
