import { z } from 'zod';
import { storedColumnFormat, storedValueRule } from './columnFormatting.js';
import { conditionValue } from './conditionValue.js';
import { aggregateKinds, conditionOperators } from './operators.js';

/** One step from a record to related records. */
export const relStep = z
  .object({ relId: z.number().int().positive(), direction: z.enum(['fwd', 'rev']) })
  .strict();
export type RelStep = z.infer<typeof relStep>;

const columnBase = {
  /** Stable within the report; queries refer to columns by it (`colid`, `expid`). */
  id: z.string().regex(/^[\w-]{1,40}$/),
  title: z.string().max(200).optional(),
  hidden: z.boolean().default(false),
  width: z.number().int().min(68).max(2000).optional(),
  /** Relationships followed from the report's root type before the member is read. */
  path: z.array(relStep).max(5).default([]),
  /** Conditional formatting (spec 02 §3 cfRule); checked against the column when saved. */
  format: storedColumnFormat.optional(),
  /** Lines, alignment, hidden value, default formatting off, image size (spec 02 §3 valueRule). */
  valueRule: storedValueRule.optional(),
};

/** A report column: a field, a relationship (its related records' names), or a calculation. */
export const reportColumn = z.discriminatedUnion('kind', [
  z.object({ ...columnBase, kind: z.literal('field'), fieldId: z.number().int().positive() }).strict(),
  z
    .object({
      ...columnBase,
      kind: z.literal('relationship'),
      relId: z.number().int().positive(),
      direction: z.enum(['fwd', 'rev']),
    })
    .strict(),
  z.object({ ...columnBase, kind: z.literal('calculation'), expression: z.string().max(10_000) }).strict(),
]);
export type ReportColumn = z.infer<typeof reportColumn>;

export { conditionValue };

/** A stored condition on a column (an analyser column); users change its operator and value per query. */
export const reportCondition = z
  .object({
    id: z.string().regex(/^[\w-]{1,40}$/),
    columnId: z.string(),
    oper: z.enum(conditionOperators).optional(),
    value: conditionValue.optional(),
    /** Second bound of Between, or the ids of AnyOf/AnyExcept. */
    values: z.array(conditionValue).max(1000).optional(),
    /** Shown to users as a filter they may change; hidden ones always apply. */
    isHidden: z.boolean().default(false),
  })
  .strict();
export type ReportCondition = z.infer<typeof reportCondition>;

export const reportSort = z
  .object({ columnId: z.string(), order: z.enum(['Ascending', 'Descending']) })
  .strict();
export type ReportSort = z.infer<typeof reportSort>;

/**
 * A report: what records (the root type, derived types included), which columns, conditions,
 * sorts, groups with aggregates and the result limit. Stored as the JSON value of a `core:report`
 * record; `version` names the shape so later shapes migrate stored ones.
 */
export const reportDefinition = z
  .object({
    version: z.literal(1),
    rootTypeId: z.number().int().positive(),
    columns: z.array(reportColumn).min(1).max(100),
    conditions: z.array(reportCondition).max(100).default([]),
    sorts: z.array(reportSort).max(10).default([]),
    groups: z.array(reportSort).max(3).default([]),
    aggregates: z
      .array(z.object({ columnId: z.string(), kinds: z.array(z.enum(aggregateKinds)).min(1) }).strict())
      .max(100)
      .default([]),
    showGrandTotals: z.boolean().default(false),
    showSubTotals: z.boolean().default(true),
    showCount: z.boolean().default(false),
    /** Top N records. */
    limit: z.number().int().min(1).optional(),
    isPublic: z.boolean().default(false),
  })
  .strict();
export type ReportDefinition = z.infer<typeof reportDefinition>;
export type ReportDefinitionInput = z.input<typeof reportDefinition>;
