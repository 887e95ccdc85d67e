import { describe, expect, it } from 'vitest';
import { moveInlineCell } from './inlineNavigation.js';

const rows = [10, 11, 12];
const cols = ['a', 'c'];

describe('moveInlineCell (spec 02 §4 keyboard in inline edit)', () => {
  it('moves up and down through record rows in the same column', () => {
    expect(moveInlineCell(rows, cols, { eid: 11, colid: 'c' }, 'up')).toEqual({ eid: 10, colid: 'c' });
    expect(moveInlineCell(rows, cols, { eid: 11, colid: 'c' }, 'down')).toEqual({ eid: 12, colid: 'c' });
    expect(moveInlineCell(rows, cols, { eid: 10, colid: 'a' }, 'up')).toBeNull();
    expect(moveInlineCell(rows, cols, { eid: 12, colid: 'a' }, 'down')).toBeNull();
  });

  it('tabs across editable columns and on to the next or previous row', () => {
    expect(moveInlineCell(rows, cols, { eid: 10, colid: 'a' }, 'next')).toEqual({ eid: 10, colid: 'c' });
    expect(moveInlineCell(rows, cols, { eid: 10, colid: 'c' }, 'next')).toEqual({ eid: 11, colid: 'a' });
    expect(moveInlineCell(rows, cols, { eid: 11, colid: 'a' }, 'previous')).toEqual({ eid: 10, colid: 'c' });
    expect(moveInlineCell(rows, cols, { eid: 12, colid: 'c' }, 'next')).toBeNull();
    expect(moveInlineCell(rows, cols, { eid: 10, colid: 'a' }, 'previous')).toBeNull();
  });

  it('goes nowhere from a row that is gone or without editable columns', () => {
    expect(moveInlineCell(rows, cols, { eid: 99, colid: 'a' }, 'down')).toBeNull();
    expect(moveInlineCell(rows, [], { eid: 10, colid: 'a' }, 'next')).toBeNull();
  });
});
