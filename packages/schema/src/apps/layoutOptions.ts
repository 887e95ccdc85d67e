/** The flow layout's fixed options (spec 01 §1, §5, §9). */

/** Desktop, tablet and mobile, widest first. */
export const breakpoints = ['lg', 'md', 'sm'] as const;
export type Breakpoint = (typeof breakpoints)[number];

/** The smallest layout width of each breakpoint in CSS pixels (decision 0073). */
export const breakpointMinWidth: Record<Breakpoint, number> = { lg: 1024, md: 640, sm: 0 };

/** A layout width above this counts as wide; the desktop layout is at most this wide, less margins. */
export const desktopMaxWidth = 1440;

/** The root grid's columns at each breakpoint. */
export const gridColumns: Record<Breakpoint, number> = { lg: 12, md: 8, sm: 4 };
export const maxGridColumns = 12;
export const maxGridRows = 6;

/** The span that fills the whole row: the grid default. */
export const fullSpan = 1000;
/** Spans offered besides Full (spec 01 §5: 1 to 6 or Full). */
export const maxPartialSpan = 6;

/** Gap, margin and padding sizes and their spacing units; `none` is offered for gaps only. */
export const spacingUnits = { none: 0, xs: 2, sm: 4, md: 6, lg: 8, xl: 10, '2xl': 12 } as const;
export type SpacingSize = keyof typeof spacingUnits;
export const spacingSizes = ['xs', 'sm', 'md', 'lg', 'xl', '2xl'] as const;
export const gapSizes = ['none', ...spacingSizes] as const;
/** One spacing unit in CSS pixels. */
export const spacingUnitPx = 4;

/** A new page's gaps and margins per breakpoint; new containers use a small gap. */
export const defaultPageGap: Record<Breakpoint, SpacingSize> = { lg: 'md', md: 'md', sm: 'sm' };
export const defaultPageMargin: Record<Breakpoint, SpacingSize> = { lg: 'lg', md: 'lg', sm: 'sm' };
export const newContainerGap: SpacingSize = 'sm';

export const backgrounds = ['transparent', 'card'] as const;
export const aspectRatios = ['auto', '1:1', '3:2', '4:3', '16:9', '21:9', '18:6'] as const;
export type AspectRatio = (typeof aspectRatios)[number];
export const defaultAspectRatio: AspectRatio = '4:3';

/** How a container lays out its children, and how wide or high it is in its parent. */
export const flexDirections = ['row', 'column'] as const;
export const alignments = ['start', 'center', 'end', 'stretch'] as const;
export const justifications = ['start', 'center', 'end', 'between', 'around', 'evenly', 'stretch'] as const;
export const containerSizes = ['auto', 'fill', 'fit'] as const;
export const gridFlows = ['row', 'column', 'row dense', 'column dense'] as const;
/** How wide a component is in its cell: the whole cell, or as wide as its content. */
export const componentWidths = ['fill', 'compact'] as const;
