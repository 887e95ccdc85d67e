import { z } from 'zod';
import { conditionValue } from '../reports/conditionValue.js';
import { aggregateKinds, conditionOperators, reportValueTypes } from '../reports/operators.js';
import { entityId, idOrAlias, maxStartIndex } from './common.js';

/** A condition sent with a query; it replaces the stored condition with the same id (`expid`). */
export const queryCondition = z
  .object({
    expid: z.string().max(40),
    oper: z.enum(conditionOperators).optional(),
    type: z.enum(reportValueTypes).optional(),
    value: conditionValue.optional(),
    values: z.array(conditionValue).max(1000).optional(),
    /** Record ids for AnyOf/AnyExcept. */
    valueList: z.array(entityId).max(1000).optional(),
  })
  .strict();
export type QueryCondition = z.infer<typeof queryCondition>;

/**
 * One header value of a group as the report answered it in `rdata.hdrs`: a field's value, or the
 * related record of a to-one relationship (none for the blank group), named by its id.
 */
export const groupHeaderValue = z.union([
  z
    .object({
      val: z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]),
      /** The value as shown (auto-numbers); not used to find the group. */
      text: z.string().max(100_000).optional(),
    })
    .strict(),
  z.object({
    vals: z.array(z.object({ eid: entityId, val: z.string().max(100_000).nullable().optional() })).max(1),
  }),
]);

/** The report query of spec 02 §3 ("Query"), with the picker and relationship extras. */
export const reportQuery = z
  .object({
    startIndex: z.number().int().min(0).max(maxStartIndex).default(0),
    /** Clamped to the maximum; the applied size is echoed. The client asks one extra row to learn that more exist. */
    pageSize: z.number().int().min(0).default(200),
    metadata: z.enum(['full', 'basic', 'colbasic', 'none']).default('full'),
    quickSearch: z.string().max(200).optional(),
    sort: z
      .array(z.object({ colid: z.string().max(40), order: z.enum(['Ascending', 'Descending']) }).strict())
      .max(10)
      .optional(),
    conds: z.array(queryCondition).max(100).optional(),
    isReset: z.boolean().optional(),
    limitOperator: z.literal('ResultLimit').optional(),
    limitValue: z.number().int().optional(),
    /** Only records related to `eid` through `relid` in `direction` (relationship components). */
    relationDetail: z
      .object({ eid: entityId, relid: entityId, direction: z.enum(['fwd', 'rev']) })
      .strict()
      .optional(),
    /** Records shown besides: added on the relationship component but not saved yet. */
    inclids: z.array(entityId).max(1000).optional(),
    /** Records left out: removed on the relationship component but not saved yet. */
    exclids: z.array(entityId).max(1000).optional(),
    /**
     * The rows the component shows a page (a relationship table's 6) while `pageSize` asks for the
     * rows to read (0 in the builder): informational, the answer pages by `pageSize`.
     */
    displayPageSize: z.number().int().min(0).max(1000).optional(),
    filtereids: z.array(entityId).max(1000).optional(),
    /** Narrows the root type to one of its derived types. */
    entityTypeId: idOrAlias.optional(),
    usage: z.enum(['Default', 'Picker', 'EntitySelect']).default('Default'),
    /**
     * Load more of one group (spec 02 §4): only that group's rows, `pageSize` of them from its own
     * `startIndex` (the top-level `startIndex` is then not used). `values` are the group's header
     * values from `rdata.hdrs`, outermost level first; fewer than the report's levels name an
     * outer group.
     */
    group: z
      .object({
        values: z.array(groupHeaderValue).min(1).max(3),
        startIndex: z.number().int().min(0).max(maxStartIndex),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ReportQuery = z.infer<typeof reportQuery>;

export const runReportRequest = z
  .object({ reportId: idOrAlias, query: reportQuery.default({} as never) })
  .strict();

const cellValue = z.union([
  z.object({
    val: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    /** The value as its field shows it, when that is not the value itself (decision 0023). */
    text: z.string().optional(),
  }),
  z.object({
    vals: z.array(z.object({ eid: entityId, val: z.string().nullable(), color: z.string().optional() })),
  }),
]);

/**
 * A column's value rule (spec 02 §3): width, wrapping lines, alignment and image sizes; other keys
 * pass. A known key of an unexpected shape is dropped rather than failing the whole report.
 */
export const reportValueRule = z.looseObject({
  columnWidth: z.number().optional().catch(undefined),
  lines: z.number().optional().catch(undefined),
  align: z.enum(['left', 'center', 'right']).optional().catch(undefined),
  /** Hide the value and show only the formatting (an icon or a bar). */
  hideval: z.boolean().optional().catch(undefined),
  /** Do not apply the column's default conditional formatting (`defcfRule`). */
  disabledefft: z.boolean().optional().catch(undefined),
  scaleid: z.number().optional().catch(undefined),
  sizeid: z.number().optional().catch(undefined),
  imgw: z.number().optional().catch(undefined),
  imgh: z.number().optional().catch(undefined),
});
export type ReportValueRule = z.infer<typeof reportValueRule>;

/** One rule of conditional formatting: colours or an icon for values within the bounds. */
export const conditionalFormatRule = z.object({
  bgcolor: z.string().optional(),
  fgcolor: z.string().optional(),
  imgid: z.union([z.number(), z.string()]).optional(),
  bounds: z
    .object({
      lower: z.union([z.number(), z.string(), z.null()]).optional(),
      upper: z.union([z.number(), z.string(), z.null()]).optional(),
    })
    .optional(),
});
/** Conditional formatting of a column (spec 02 §3 cfRule/defcfRule); the first matching rule applies. */
export const conditionalFormat = z.object({
  style: z.enum(['Highlight', 'Icon', 'ProgressBar']),
  rules: z.array(conditionalFormatRule),
});
export type ConditionalFormat = z.infer<typeof conditionalFormat>;
export type ConditionalFormatRule = z.infer<typeof conditionalFormatRule>;

export const reportColumnMeta = z.object({
  title: z.string(),
  type: z.enum(reportValueTypes),
  ord: z.number().int(),
  hide: z.boolean(),
  fid: z.number().optional(),
  rid: z.number().optional(),
  rev: z.boolean().optional(),
  tid: z.number().optional(),
  represents: z.string().optional(),
  entityname: z.boolean().optional(),
  /** The column reads a member of a related record (a relationship path), not the row's own. */
  viaPath: z.boolean().optional(),
  places: z.number().optional(),
  valueRule: reportValueRule.optional(),
  /** The report's conditional formatting of the column; formatting of an unknown shape is dropped. */
  cfRule: conditionalFormat.optional().catch(undefined),
  /** The field's default conditional formatting, unless `valueRule.disabledefft`. */
  defcfRule: conditionalFormat.optional().catch(undefined),
});

export const reportMeta = z.object({
  title: z.string(),
  rootTypeId: z.number(),
  rcols: z.record(z.string(), reportColumnMeta),
  sort: z.array(z.object({ colid: z.string(), order: z.enum(['Ascending', 'Descending']) })),
  anlcols: z.record(
    z.string(),
    z.object({
      colid: z.string(),
      title: z.string(),
      type: z.enum(reportValueTypes),
      oper: z.string().optional(),
      value: conditionValue.optional(),
      values: z.array(conditionValue).optional(),
      hidden: z.boolean(),
    }),
  ),
  limit: z.number().optional(),
  rmeta: z
    .object({
      groups: z.array(z.object({ colid: z.string(), order: z.enum(['Ascending', 'Descending']) })),
      aggs: z.record(z.string(), z.array(z.enum(aggregateKinds))),
      showst: z.boolean(),
      showgt: z.boolean(),
      showcnt: z.boolean(),
    })
    .optional(),
});

/** A row: its record, the record's version as read (to save inline edits against), its cells. */
export const reportRow = z.object({
  eid: entityId,
  version: z.number().int().optional(),
  values: z.array(cellValue),
});

export const aggregateValue = z.object({
  kind: z.enum(aggregateKinds),
  value: z.union([z.string(), z.number(), z.null()]),
  /** The value as shown (the Max or Min of an auto-number, through its display pattern). */
  text: z.string().max(100_000).optional(),
});

export const reportRunResponse = z.object({
  meta: reportMeta.optional(),
  gdata: z.array(reportRow),
  /** Groups: header values, the group's aggregates per column, and its record count. */
  rdata: z
    .array(
      z.object({
        hdrs: z.array(cellValue),
        aggs: z.record(z.string(), z.array(aggregateValue)),
        count: z.number().int(),
      }),
    )
    .optional(),
  total: z
    .object({ aggs: z.record(z.string(), z.array(aggregateValue)), count: z.number().int() })
    .optional(),
  /** The page size applied after clamping. */
  pageSize: z.number().int(),
  /** Last refresh time (ISO). */
  lrt: z.string(),
});
export type ReportRunResponse = z.infer<typeof reportRunResponse>;
