import { describe, expect, it } from 'vitest';
import { isUnchangedValue, readCellValue } from './inlineCellChange.js';

describe('readCellValue', () => {
  it('reads a field cell as its value and a relationship cell as its ids', () => {
    expect(readCellValue({ val: 1000 })).toBe(1000);
    expect(readCellValue({ val: null })).toBeNull();
    expect(readCellValue({ vals: [{ eid: 7, val: 'Ada' }] })).toEqual([7]);
    expect(readCellValue(undefined)).toBeNull();
  });
});

describe('isUnchangedValue (issue 12: tabbing through a cell is no edit)', () => {
  it.each([
    ['currency', 1000, 1000],
    ['currency', 1000, '1000.00'],
    ['currency', '1000.00', 1000],
    ['decimal', 0.1 + 0.2, 0.3],
    ['int', 42, 42],
    ['text', '', null],
    ['text', null, undefined],
    ['text', null, '   '],
    ['richText', null, '<p></p>'],
    ['richText', '<p>Hi</p>', '<p>Hi</p>'],
    ['bool', null, false],
    ['bool', true, true],
    ['date', '2026-12-01', '2026-12-01'],
    ['time', '09:30', '09:30:00'],
    ['dateTime', '2026-12-01T00:00:00.000Z', '2026-12-01T10:00:00+10:00'],
    ['lookup', [7], [7]],
    ['relationshipMany', [3, 7], [7, 3]],
    ['relationshipMany', [7], [{ id: 7, name: 'Ada' }]],
    ['lookup', [], null],
    [undefined, 5, 5],
  ] as const)('%s: %j and %j are one value', (kind, read, edited) => {
    expect(isUnchangedValue(kind, read, edited)).toBe(true);
  });

  it.each([
    ['currency', 1000, 1000.01],
    ['currency', 1000, null],
    ['int', 0, null],
    ['text', 'Acme', 'Acme '],
    ['text', null, 'x'],
    ['bool', null, true],
    ['date', '2026-12-01', '2026-12-02'],
    ['dateTime', '2026-12-01T00:00:00.000Z', '2026-12-01T00:00:00+10:00'],
    ['lookup', [7], [8]],
    ['relationshipMany', [3, 7], [3]],
  ] as const)('%s: %j and %j differ', (kind, read, edited) => {
    expect(isUnchangedValue(kind, read, edited)).toBe(false);
  });
});
