import { z } from 'zod';
import {
  alignments,
  aspectRatios,
  type Breakpoint,
  backgrounds,
  componentWidths,
  containerSizes,
  defaultPageGap,
  defaultPageMargin,
  flexDirections,
  fullSpan,
  gapSizes,
  gridColumns,
  gridFlows,
  justifications,
  maxGridColumns,
  maxGridRows,
  maxPartialSpan,
  spacingSizes,
} from './layoutOptions.js';

const spacing = z.enum(['none', ...spacingSizes]);
/** A track size of a grid's rows or columns. */
const trackSize = z
  .object({
    unit: z.enum(['fr', 'px', 'auto', 'minContent', 'maxContent']),
    value: z.number().min(0).max(10_000),
  })
  .strict();

/** A column span: 1 to 6, or Full (1000). */
export const columnSpan = z.union([z.number().int().min(1).max(maxPartialSpan), z.literal(fullSpan)]);

/** An element's style at one breakpoint (spec 01 §3 style fields); absent fields take the defaults. */
export const elementStyle = z
  .object({
    hidden: z.boolean(),
    rowSpan: z.number().int().min(1).max(maxGridRows),
    columnSpan,
    flexGrow: z.number().min(0).max(100),
    rowStart: z.number().int().min(1).max(maxGridRows),
    columnStart: z.number().int().min(1).max(maxGridColumns),
    order: z.number().int().min(-1000).max(1000),
    gap: z.enum(gapSizes),
    rows: z.number().int().min(1).max(maxGridRows),
    columns: z.number().int().min(1).max(maxGridColumns),
    rowSizes: z.array(trackSize).max(maxGridRows),
    columnSizes: z.array(trackSize).max(maxGridColumns),
    flow: z.enum(gridFlows),
    justifyItems: z.enum(alignments),
    justifyContent: z.enum(justifications),
    alignItems: z.enum(alignments),
    flexDirection: z.enum(flexDirections),
    wrap: z.boolean(),
    marginX: spacing,
    marginY: spacing,
    paddingX: spacing,
    paddingY: spacing,
    aspectRatio: z.enum(aspectRatios),
    containerWidth: z.enum(containerSizes),
    containerHeight: z.enum(containerSizes),
    background: z.enum(backgrounds),
    /** A component's width in its cell. */
    componentWidth: z.enum(componentWidths),
  })
  .partial()
  .strict();
export type ElementStyle = z.infer<typeof elementStyle>;

export const elementStyles = z
  .object({ lg: elementStyle, md: elementStyle, sm: elementStyle })
  .partial()
  .strict();
export type ElementStyles = z.infer<typeof elementStyles>;

export const visibilityOperators = ['none', 'visibleWhen', 'visibleExcept'] as const;
export const readOnlyOperators = ['none', 'readOnlyWhen', 'readOnlyExcept'] as const;

/** When an element shows and when it is read-only, each from an expression (spec 01 §4). */
export const elementBehaviour = z
  .object({
    visibility: z.string().max(10_000).optional(),
    visibilityOperator: z.enum(visibilityOperators).default('none'),
    readOnly: z.string().max(10_000).optional(),
    readOnlyOperator: z.enum(readOnlyOperators).default('none'),
  })
  .strict();
export type ElementBehaviour = z.infer<typeof elementBehaviour>;

/** Ids name elements in a page: no spaces (spec 01 §5). */
export const elementId = z.string().regex(/^\S{1,80}$/, 'Invalid format. The value must not contain spaces.');

/**
 * A node of a page's layout: a grid or container holding elements, or a component (its id is the
 * page component's id).
 */
export interface LayoutElement {
  id: string;
  name?: string | undefined;
  type: 'grid' | 'container' | 'component';
  isContainer: boolean;
  elements: LayoutElement[];
  styles: ElementStyles;
  behavior?: ElementBehaviour | undefined;
}

export const maxLayoutDepth = 12;

export const layoutElement: z.ZodType<LayoutElement> = z.lazy(() =>
  z
    .object({
      id: elementId,
      name: z.string().max(200).optional(),
      type: z.enum(['grid', 'container', 'component']),
      isContainer: z.boolean(),
      elements: z.array(layoutElement).max(500).default([]),
      styles: elementStyles.default({}),
      behavior: elementBehaviour.optional(),
    })
    .strict(),
) as z.ZodType<LayoutElement>;

/** The page's own gaps and margins at each breakpoint. */
const pageStyle = z.object({ gap: z.enum(gapSizes), margin: spacing }).strict();

/**
 * A flow-layout page configuration, version v1 (spec 01 §3): page styles for lg, md and sm and a
 * root grid of 12, 8 and 4 columns.
 */
export const pageConfiguration = z
  .object({
    layout: z.literal('flow'),
    version: z.literal('v1'),
    styles: z.object({ lg: pageStyle, md: pageStyle, sm: pageStyle }).strict(),
    root: layoutElement,
  })
  .strict();
export type PageConfiguration = z.infer<typeof pageConfiguration>;

/** The root grid's id in every page. */
export const rootGridId = 'root';

export function defaultPageConfiguration(): PageConfiguration {
  const style = (bp: Breakpoint) => ({ gap: defaultPageGap[bp], margin: defaultPageMargin[bp] });
  return {
    layout: 'flow',
    version: 'v1',
    styles: { lg: style('lg'), md: style('md'), sm: style('sm') },
    root: {
      id: rootGridId,
      name: 'Page',
      type: 'grid',
      isContainer: true,
      elements: [],
      styles: {
        lg: { columns: gridColumns.lg },
        md: { columns: gridColumns.md },
        sm: { columns: gridColumns.sm },
      },
    },
  };
}

/** Layout depth and size guards the zod shape cannot say. */
export function layoutProblems(root: LayoutElement): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const walk = (element: LayoutElement, depth: number) => {
    if (depth > maxLayoutDepth) problems.push(`The layout is nested more than ${maxLayoutDepth} deep.`);
    if (seen.has(element.id)) problems.push('Another component already has this Id.');
    seen.add(element.id);
    if (element.type === 'component' && element.elements.length > 0)
      problems.push(`Component '${element.id}' cannot hold other elements.`);
    for (const child of element.elements) walk(child, depth + 1);
  };
  walk(root, 0);
  return [...new Set(problems)];
}

/**
 * A stored configuration as the runner reads it: the current shape as is; anything unparsable
 * falls back to the default configuration (spec 01 §4), with `fellBack` set so callers can log it.
 */
export function readPageConfiguration(stored: unknown): {
  configuration: PageConfiguration;
  fellBack: boolean;
} {
  const value = typeof stored === 'string' ? safeJson(stored) : stored;
  const parsed = pageConfiguration.safeParse(value);
  if (parsed.success && layoutProblems(parsed.data.root).length === 0)
    return { configuration: parsed.data, fellBack: false };
  return { configuration: defaultPageConfiguration(), fellBack: true };
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
