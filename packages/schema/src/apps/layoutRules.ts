import {
  type Breakpoint,
  breakpointMinWidth,
  breakpoints,
  desktopMaxWidth,
  fullSpan,
  gridColumns,
  maxPartialSpan,
  type SpacingSize,
  spacingUnitPx,
  spacingUnits,
} from './layoutOptions.js';
import type { ElementStyle, ElementStyles, LayoutElement } from './pageLayout.js';

/**
 * The flow layout's rules as pure functions (spec 01 §9, spec 03 §2; decision 0068): which
 * breakpoint a width is, how a style is read at a breakpoint, and the spans the builder gives new
 * elements.
 */

/** The breakpoint of a layout width in CSS pixels: lg from 1024, md from 640, sm below. */
export function breakpointOfWidth(width: number): Breakpoint {
  if (!Number.isFinite(width) || width < breakpointMinWidth.md) return 'sm';
  return width >= breakpointMinWidth.lg ? 'lg' : 'md';
}

/** A layout width above 1440 counts as wide (spec 01 §9). */
export function isWideWidth(width: number): boolean {
  return width > desktopMaxWidth;
}

/** A gap, margin or padding size in CSS pixels (1 spacing unit is 4 px; `none` is 0). */
export function spacingPx(size: SpacingSize | 'none' | undefined): number {
  return size === undefined ? 0 : spacingUnits[size] * spacingUnitPx;
}

/** The breakpoints a breakpoint's unset fields are read from, itself first: sm ← md ← lg. */
export function styleFallbacks(bp: Breakpoint): Breakpoint[] {
  return breakpoints.slice(0, breakpoints.indexOf(bp) + 1).reverse();
}

/**
 * An element's style at a breakpoint: each field set there, else the next wider breakpoint's
 * (sm falls back to md, md to lg). Column spans are not inherited this way: see `columnSpanAt`.
 */
export function styleAt(styles: ElementStyles | undefined, bp: Breakpoint): ElementStyle {
  const resolved: ElementStyle = {};
  for (const from of [...styleFallbacks(bp)].reverse()) Object.assign(resolved, styles?.[from] ?? {});
  delete resolved.columnSpan;
  const own = styles?.[bp]?.columnSpan;
  if (own !== undefined) resolved.columnSpan = own;
  return resolved;
}

/**
 * How many columns an element takes at a breakpoint in a parent of `columns` columns:
 * - its span set at that breakpoint (Full, or more than the columns, is the whole row);
 * - unset at md, from its lg span: Full stays the whole row, 1 or 2 columns become a quarter of the
 *   row, 3 to 6 half of it (a tablet fits two counters or charts side by side, not four);
 * - unset at sm, or unset everywhere, the whole row (the grid default is Full).
 */
export function columnSpanAt(styles: ElementStyles | undefined, bp: Breakpoint, columns: number): number {
  const whole = Math.max(1, Math.floor(columns));
  const clamp = (span: number) => (span >= fullSpan ? whole : Math.min(whole, Math.max(1, Math.floor(span))));
  const own = styles?.[bp]?.columnSpan;
  if (own !== undefined) return clamp(own);
  const lg = styles?.lg?.columnSpan;
  if (bp === 'md' && lg !== undefined) {
    if (lg >= fullSpan) return whole;
    return clamp(Math.max(1, Math.round(whole / (lg <= 2 ? 4 : 2))));
  }
  return whole;
}

/**
 * The span the builder gives a new element in a parent (spec 01 §9): when the parent has a defined
 * column count and its last row has columns left, the remainder; with more than 4 columns and no
 * siblings, half the columns; otherwise Full, the grid default. Spans above 6 are Full.
 */
export function defaultColumnSpan(
  parentColumns: number | undefined,
  siblingSpans: readonly number[],
): number {
  if (parentColumns === undefined || parentColumns < 1) return fullSpan;
  if (siblingSpans.length === 0) {
    if (parentColumns > 4) return asSpan(Math.floor(parentColumns / 2), parentColumns);
    return fullSpan;
  }
  const left = parentColumns - usedInLastRow(parentColumns, siblingSpans);
  return left > 0 && left < parentColumns ? asSpan(left, parentColumns) : fullSpan;
}

/** Columns the last row of a grid uses after placing these spans in order (Full ends a row). */
export function usedInLastRow(columns: number, spans: readonly number[]): number {
  let used = 0;
  for (const raw of spans) {
    const span = raw >= fullSpan ? columns : Math.min(columns, raw);
    if (used + span > columns) used = 0;
    used += span;
    if (used === columns) used = 0;
  }
  return used;
}

const asSpan = (span: number, columns: number) =>
  span >= columns || span > maxPartialSpan ? fullSpan : span;

/** The list-page components' default and minimum spans on a 12-column grid (decision 0068). */
const componentSpans: Record<string, { initial: number; minimum: number }> = {
  'core:reportComponent': { initial: fullSpan, minimum: 4 },
  'core:chartComponent': { initial: 6, minimum: 3 },
  'core:heroCounterComponent': { initial: 3, minimum: 2 },
  'core:filterComponent': { initial: fullSpan, minimum: 3 },
  'core:headingComponent': { initial: fullSpan, minimum: 2 },
  'core:textComponent': { initial: fullSpan, minimum: 2 },
  'core:imageComponent': { initial: 3, minimum: 2 },
};
/** Spec 03 §2: default span 3 for most components; minimum span 2 for simple inputs. */
const otherComponentSpans = { initial: 3, minimum: 2 };

/** The span a new component of a type starts with. */
export function componentDefaultSpan(typeAlias: string): number {
  return (componentSpans[typeAlias] ?? otherComponentSpans).initial;
}

/** The smallest span a component of a type may be given (the builder offers none smaller). */
export function componentMinimumSpan(typeAlias: string): number {
  return (componentSpans[typeAlias] ?? otherComponentSpans).minimum;
}

/** The columns an element's grid has at a breakpoint: its own (inherited from wider), or none. */
export function gridColumnsAt(element: LayoutElement, bp: Breakpoint): number | undefined {
  return styleAt(element.styles, bp).columns;
}

/** The root grid's columns at each breakpoint are fixed: 12, 8 and 4. */
export function rootColumnsAt(bp: Breakpoint): number {
  return gridColumns[bp];
}
