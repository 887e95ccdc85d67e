import { z } from 'zod';
import { aggregateKinds, reportValueTypes } from '../reports/operators.js';
import { queryCondition } from './reportContracts.js';

const columnId = z.string().regex(/^[\w-]{1,40}$/);

/**
 * One aggregate of a report, over all its records or per value of one of its columns: what page
 * charts and hero counters show (decision 0069). The report's own conditions and the caller's
 * `conds` (a master filter's) choose the records; the report's own groups are not used.
 */
export const reportAggregateRequest = z
  .object({
    /** The column whose values are the groups (a chart's categories); none for one total. */
    groupColumnId: columnId.optional(),
    /** The aggregated column; none counts records. */
    valueColumnId: columnId.optional(),
    aggregate: z.enum(aggregateKinds).default('Count'),
    conds: z.array(queryCondition).max(100).optional(),
  })
  .strict();
export type ReportAggregateRequest = z.input<typeof reportAggregateRequest>;

const aggregateCell = z.object({
  value: z.union([z.string(), z.number(), z.null()]),
  /** The value as its column shows it, when the report gives one. */
  text: z.string().optional(),
  /** The records counted in it. */
  count: z.number().int(),
});

const columnInfo = z.object({
  title: z.string(),
  type: z.enum(reportValueTypes),
  /** Decimal places of a number column. */
  places: z.number().optional(),
});

export const reportAggregateResponse = z.object({
  title: z.string(),
  aggregate: z.enum(aggregateKinds),
  groupColumn: columnInfo.nullable(),
  valueColumn: columnInfo.nullable(),
  /** In the report's group order; a blank group's label is null. At most `maxAggregateGroups`. */
  groups: z.array(aggregateCell.extend({ label: z.string().nullable(), recordId: z.number().nullable() })),
  /** Whether more groups exist than were answered. */
  hasMoreGroups: z.boolean(),
  total: aggregateCell,
});
export type ReportAggregateResponse = z.infer<typeof reportAggregateResponse>;

/** A chart shows at most this many categories. */
export const maxAggregateGroups = 100;
