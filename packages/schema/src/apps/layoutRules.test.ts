import { describe, expect, it } from 'vitest';
import { fullSpan } from './layoutOptions.js';
import {
  breakpointOfWidth,
  columnSpanAt,
  componentDefaultSpan,
  componentMinimumSpan,
  defaultColumnSpan,
  isWideWidth,
  spacingPx,
  styleAt,
  usedInLastRow,
} from './layoutRules.js';

describe('breakpointOfWidth', () => {
  it.each([
    [1440, 'lg'],
    [1024, 'lg'],
    [1023, 'md'],
    [800, 'md'],
    [640, 'md'],
    [639, 'sm'],
    [390, 'sm'],
    [0, 'sm'],
    [-5, 'sm'],
    [Number.NaN, 'sm'],
  ])('%s px is %s', (width, bp) => expect(breakpointOfWidth(width)).toBe(bp));

  it('counts only widths above 1440 as wide', () => {
    expect(isWideWidth(1440)).toBe(false);
    expect(isWideWidth(1441)).toBe(true);
  });
});

describe('spacingPx', () => {
  it('is 4 px a unit: xs 8 … 2xl 48, none 0', () => {
    expect(['none', 'xs', 'sm', 'md', 'lg', 'xl', '2xl'].map((s) => spacingPx(s as never))).toEqual([
      0, 8, 16, 24, 32, 40, 48,
    ]);
    expect(spacingPx(undefined)).toBe(0);
  });
});

describe('styleAt', () => {
  it('reads unset fields from the next wider breakpoint', () => {
    const styles = {
      lg: { background: 'card' as const, hidden: true, aspectRatio: '16:9' as const },
      md: { hidden: false },
      sm: { aspectRatio: '1:1' as const },
    };
    expect(styleAt(styles, 'lg')).toEqual({ background: 'card', hidden: true, aspectRatio: '16:9' });
    expect(styleAt(styles, 'md')).toEqual({ background: 'card', hidden: false, aspectRatio: '16:9' });
    expect(styleAt(styles, 'sm')).toEqual({ background: 'card', hidden: false, aspectRatio: '1:1' });
  });

  it('does not inherit a column span (columnSpanAt decides)', () => {
    expect(styleAt({ lg: { columnSpan: 3 } }, 'md').columnSpan).toBeUndefined();
    expect(styleAt({ md: { columnSpan: 2 } }, 'md').columnSpan).toBe(2);
    expect(styleAt(undefined, 'sm')).toEqual({});
  });
});

describe('columnSpanAt', () => {
  it('takes the span set at the breakpoint, Full or too wide being the whole row', () => {
    expect(columnSpanAt({ lg: { columnSpan: 3 } }, 'lg', 12)).toBe(3);
    expect(columnSpanAt({ lg: { columnSpan: fullSpan } }, 'lg', 12)).toBe(12);
    expect(columnSpanAt({ sm: { columnSpan: 6 } }, 'sm', 4)).toBe(4);
  });

  it('makes an lg span a quarter or half of the row at md when md is unset', () => {
    expect(columnSpanAt({ lg: { columnSpan: 3 } }, 'md', 8)).toBe(4);
    expect(columnSpanAt({ lg: { columnSpan: 6 } }, 'md', 8)).toBe(4);
    expect(columnSpanAt({ lg: { columnSpan: 1 } }, 'md', 8)).toBe(2);
    expect(columnSpanAt({ lg: { columnSpan: 2 } }, 'md', 8)).toBe(2);
    expect(columnSpanAt({ lg: { columnSpan: fullSpan } }, 'md', 8)).toBe(8);
  });

  it('fills the row at sm, and everywhere when no span is set (the grid default is Full)', () => {
    expect(columnSpanAt({ lg: { columnSpan: 3 }, md: { columnSpan: 4 } }, 'sm', 4)).toBe(4);
    expect(columnSpanAt({}, 'lg', 12)).toBe(12);
    expect(columnSpanAt(undefined, 'md', 8)).toBe(8);
  });
});

describe('defaultColumnSpan (spec 01 §9)', () => {
  it('is the remainder of the last row when its parent has a column count and space is left', () => {
    expect(defaultColumnSpan(12, [3, 3])).toBe(6);
    expect(defaultColumnSpan(12, [4, 4])).toBe(4);
    expect(defaultColumnSpan(8, [3])).toBe(5);
  });

  it('is half the columns without siblings in a grid of more than 4 columns', () => {
    expect(defaultColumnSpan(12, [])).toBe(6);
    expect(defaultColumnSpan(8, [])).toBe(4);
    expect(defaultColumnSpan(4, [])).toBe(fullSpan);
  });

  it('is Full otherwise: a full last row, no column count, or a remainder above 6', () => {
    expect(defaultColumnSpan(12, [6, 6])).toBe(fullSpan);
    expect(defaultColumnSpan(12, [fullSpan])).toBe(fullSpan);
    expect(defaultColumnSpan(undefined, [3])).toBe(fullSpan);
    expect(defaultColumnSpan(12, [2])).toBe(fullSpan);
  });

  it('wraps spans that do not fit into the next row', () => {
    expect(usedInLastRow(12, [6, 4, 4])).toBe(4);
    expect(usedInLastRow(12, [6, fullSpan, 3])).toBe(3);
  });
});

describe('component spans', () => {
  it('start counters at 3 and reports at Full; others at spec 03 §2 default 3', () => {
    expect(componentDefaultSpan('core:heroCounterComponent')).toBe(3);
    expect(componentDefaultSpan('core:reportComponent')).toBe(fullSpan);
    expect(componentDefaultSpan('core:someFieldComponent')).toBe(3);
    expect(componentMinimumSpan('core:chartComponent')).toBe(3);
    expect(componentMinimumSpan('core:someFieldComponent')).toBe(2);
  });
});
