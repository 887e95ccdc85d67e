import { describe, expect, it } from 'vitest';
import {
  clampColumnWidth,
  layoutColumnWidths,
  minColumnWidth,
  typeFlex,
  typeMinWidth,
} from './columnWidths.js';

describe('column widths by type (spec 02 §9)', () => {
  it('starts each type at its minimum', () => {
    expect([
      typeMinWidth('Currency'),
      typeMinWidth('Decimal'),
      typeMinWidth('Date'),
      typeMinWidth('Time'),
    ]).toEqual([96, 96, 96, 96]);
    expect([typeMinWidth('Int32'), typeMinWidth('Bool'), typeMinWidth('String', true)]).toEqual([80, 80, 80]);
    expect(typeMinWidth('DateTime')).toBe(144);
    expect(typeMinWidth('ChoiceRelationship')).toBe(112);
    expect([
      typeMinWidth('String'),
      typeMinWidth('RelatedResource'),
      typeMinWidth('InlineRelationship'),
    ]).toEqual([160, 160, 160]);
  });

  it('gives flex 1 to numeric, bool, date, time, choice and image columns and 2 to the rest', () => {
    for (const t of ['Int32', 'Decimal', 'Currency', 'Bool', 'Date', 'Time', 'ChoiceRelationship'] as const)
      expect(typeFlex(t)).toBe(1);
    expect(typeFlex('String', true)).toBe(1);
    for (const t of ['String', 'RelatedResource', 'UserInlineRelationship', 'DateTime'] as const)
      expect(typeFlex(t)).toBe(2);
  });

  it('never goes under 68 and ignores unusable widths', () => {
    expect(minColumnWidth).toBe(68);
    expect(clampColumnWidth(20, 160)).toBe(68);
    expect(clampColumnWidth(250.4, 160)).toBe(250);
    expect(clampColumnWidth('wide', 160)).toBe(160);
    expect(clampColumnWidth(Number.NaN, 96)).toBe(96);
    expect(clampColumnWidth(-5, 40)).toBe(68);
  });
});

describe('layoutColumnWidths', () => {
  const columns = [
    { id: 'name', width: 160, flex: 2, isFixed: false },
    { id: 'age', width: 80, flex: 1, isFixed: false },
    { id: 'note', width: 200, flex: 2, isFixed: true },
  ];

  it('shares the spare width by flex among columns that are not fixed', () => {
    expect(layoutColumnWidths(columns, 740)).toEqual({ name: 160 + 200, age: 80 + 100, note: 200 });
  });

  it('keeps the own widths when the container is narrower', () => {
    expect(layoutColumnWidths(columns, 300)).toEqual({ name: 160, age: 80, note: 200 });
    expect(layoutColumnWidths(columns, Number.NaN)).toEqual({ name: 160, age: 80, note: 200 });
  });

  it('fills the container exactly despite rounding', () => {
    const widths = layoutColumnWidths(columns, 1001);
    expect(widths.name! + widths.age! + widths.note!).toBe(1001);
  });
});
