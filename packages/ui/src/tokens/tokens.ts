/** The spacing scale: units 2 to 12, each a multiple of the 4 px base unit (`--space-{n}` in CSS). */
export const spacingUnits = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type SpacingUnit = (typeof spacingUnits)[number];

/** The base unit of the spacing scale, in pixels. */
export const spacingBasePx = 4;

/** Pixels of one spacing unit, e.g. `space(4)` is 16. */
export function space(unit: SpacingUnit): number {
  return unit * spacingBasePx;
}

/** Media breakpoints (spec 02 §9: sm, md, lg), as minimum widths in pixels. */
export const breakpoints = { sm: 640, md: 768, lg: 1024 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** A `min-width` media query for a breakpoint. */
export function mediaQuery(breakpoint: Breakpoint): string {
  return `(min-width: ${breakpoints[breakpoint]}px)`;
}

/** Grid dimensions shared by the report grid and its loading placeholder (spec 02 §9). */
export const gridMetrics = { rowHeight: 32, headerHeight: 40, placeholderMinColumnWidth: 176 } as const;
