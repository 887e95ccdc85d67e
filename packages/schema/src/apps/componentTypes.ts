import { z } from 'zod';
import { aggregateKinds } from '../reports/operators.js';
import type { LayoutElement } from './pageLayout.js';

/**
 * The registered page component types: each type once, with what the builder's toolbox lists and
 * the server validates (its properties schema). The browser adds each type's renderer by alias.
 */
export interface ComponentType<P extends z.ZodType = z.ZodType> {
  alias: string;
  /** The toolbox label; the placeholder reads '{label} not configured'. */
  label: string;
  group: 'Display' | 'Data' | 'Form' | 'Actions';
  properties: P;
  /** At most this many on a page (spec 01 §5), when limited. */
  maxPerPage?: number;
  /** Whether the type is configured enough to render. */
  isConfigured(properties: z.infer<P>): boolean;
  /** Its place in the toolbox's group (lower first); unordered types follow. */
  order?: number;
  /** Registered for pages that hold it, but not offered in the toolbox (spec 03 §2). */
  isHiddenFromToolbox?: boolean;
  /** The page variables it publishes (spec 03 §3), hidden when the component is managed. */
  outputVariables?: readonly ComponentOutputVariable[];
  /** Its column span when placed, and the least it may be given (spec 03 §2). */
  defaultSpan?: number;
  minSpan?: number;
  /**
   * Why it may not be dropped or moved into `parent` on this page (spec 01 §5: a registration may
   * restrict dropping or moving; the builder shows the message as a toast), or null when it may.
   */
  dropRestriction?(page: { contextEntityTypeId: number | null }, parent: LayoutElement): string | null;
}

/** A page variable a component publishes, named and typed for the builder's variable lists. */
export interface ComponentOutputVariable {
  name: string;
  type: 'Bool' | 'Currency' | 'Decimal' | 'Int32' | 'Date' | 'DateTime' | 'Time' | 'Entity' | 'String';
  isList?: boolean;
  /** Hidden from the builder's variable lists when the component is managed. */
  isHiddenWhenManaged?: boolean;
}

const reportId = z.number().int().positive();
const columnId = z.string().regex(/^[\w-]{1,40}$/);

const reportProperties = z
  .object({
    reportId: reportId.optional(),
    title: z.string().max(200).optional(),
    /** The page variable its selected records are published as. */
    selectionVariable: z.string().max(100).optional(),
    rowsPerPage: z.number().int().min(1).max(1000).optional(),
    /** The master filters on the page that drive it (filter component ids). */
  })
  .strict();

const chartProperties = z
  .object({
    reportId: reportId.optional(),
    title: z.string().max(200).optional(),
    chartType: z.enum(['bar', 'line', 'pie']).default('bar'),
    /** The report column the chart groups by (its categories). */
    categoryColumnId: columnId.optional(),
    /** The aggregated column; absent with `count`. */
    valueColumnId: columnId.optional(),
    aggregate: z.enum(aggregateKinds).default('Count'),
  })
  .strict();

const heroCounterProperties = z
  .object({
    reportId: reportId.optional(),
    label: z.string().max(200).optional(),
    valueColumnId: columnId.optional(),
    aggregate: z.enum(aggregateKinds).default('Count'),
  })
  .strict();

const filterProperties = z
  .object({
    /** The report components on the page it filters. */
    targetComponentIds: z.array(z.string().max(80)).max(20).default([]),
    /** The report conditions it shows, by column id, in display order. */
    columnIds: z.array(columnId).max(20).default([]),
  })
  .strict();

const headingProperties = z
  .object({ text: z.string().max(500).optional(), level: z.number().int().min(1).max(4).default(2) })
  .strict();

const textProperties = z.object({ html: z.string().max(100_000).optional() }).strict();

const imageProperties = z
  .object({
    url: z.string().max(2000).optional(),
    /** A stored document's id, served by the file store. */
    documentId: z.number().int().positive().optional(),
    altText: z.string().max(500).default(''),
  })
  .strict();

function define<P extends z.ZodType>(type: ComponentType<P>): ComponentType<P> {
  return type;
}

export const listPageComponentTypes = [
  define({
    alias: 'core:reportComponent',
    label: 'Report',
    group: 'Data',
    properties: reportProperties,
    isConfigured: (p) => p.reportId !== undefined,
  }),
  define({
    alias: 'core:chartComponent',
    label: 'Chart',
    group: 'Data',
    properties: chartProperties,
    isConfigured: (p) =>
      p.reportId !== undefined &&
      p.categoryColumnId !== undefined &&
      (p.aggregate === 'Count' || p.valueColumnId !== undefined),
  }),
  define({
    alias: 'core:heroCounterComponent',
    label: 'Hero counter',
    group: 'Data',
    properties: heroCounterProperties,
    isConfigured: (p) =>
      p.reportId !== undefined && (p.aggregate === 'Count' || p.valueColumnId !== undefined),
  }),
  define({
    alias: 'core:filterComponent',
    label: 'Filter',
    group: 'Data',
    properties: filterProperties,
    maxPerPage: 1,
    isConfigured: (p) => p.targetComponentIds.length > 0,
  }),
  define({
    alias: 'core:headingComponent',
    label: 'Heading',
    group: 'Display',
    properties: headingProperties,
    isConfigured: (p) => Boolean(p.text?.trim()),
  }),
  define({
    alias: 'core:textComponent',
    label: 'Text',
    group: 'Display',
    properties: textProperties,
    isConfigured: (p) => Boolean(p.html?.trim()),
  }),
  define({
    alias: 'core:imageComponent',
    label: 'Image',
    group: 'Display',
    properties: imageProperties,
    isConfigured: (p) => Boolean(p.url?.trim()) || p.documentId !== undefined,
  }),
] as const;

export type ReportComponentProperties = z.infer<typeof reportProperties>;
export type ChartComponentProperties = z.infer<typeof chartProperties>;
export type HeroCounterComponentProperties = z.infer<typeof heroCounterProperties>;
export type FilterComponentProperties = z.infer<typeof filterProperties>;
export type HeadingComponentProperties = z.infer<typeof headingProperties>;
export type TextComponentProperties = z.infer<typeof textProperties>;
export type ImageComponentProperties = z.infer<typeof imageProperties>;

const registry = new Map<string, ComponentType>();

/** Registers component types (each alias once); later issues add form components and buttons. */
export function registerComponentTypes(types: readonly ComponentType[]): void {
  for (const type of types) {
    if (registry.has(type.alias)) throw new Error(`Component type ${type.alias} is registered twice.`);
    registry.set(type.alias, type);
  }
}
registerComponentTypes(listPageComponentTypes as unknown as ComponentType[]);

export function componentType(alias: string): ComponentType | undefined {
  return registry.get(alias);
}

export function componentTypes(): ComponentType[] {
  return [...registry.values()];
}

/** The placeholder an unconfigured component shows (spec 01 §2). */
export function notConfiguredText(type: ComponentType): string {
  return `${type.label} not configured`;
}

/**
 * A component's properties read through its type: parsed (defaults filled), or null when the type
 * is unknown or the stored properties do not fit it.
 */
export function readComponentProperties(
  alias: string,
  properties: unknown,
): { type: ComponentType; properties: unknown; configured: boolean } | null {
  const type = registry.get(alias);
  if (!type) return null;
  const parsed = type.properties.safeParse(properties ?? {});
  if (!parsed.success) return { type, properties: {}, configured: false };
  return { type, properties: parsed.data, configured: type.isConfigured(parsed.data as never) };
}
