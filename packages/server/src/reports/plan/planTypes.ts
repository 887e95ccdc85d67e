import type { AggregateKind, EntityId, ReportQuery } from '@plinth/schema';
import type { EffectiveCondition } from '../conditionSql.js';
import type { ReportCursor } from '../keysetSql.js';
import type { ResolvedColumn } from '../resolveColumns.js';

export type SortOrder = 'Ascending' | 'Descending';

/** A sort key of the report: a group column (`group`) or another sorted column. */
export interface PlannedSort {
  column: ResolvedColumn;
  order: SortOrder;
  group?: boolean;
}

export interface PlannedAggregate {
  column: ResolvedColumn;
  kinds: readonly AggregateKind[];
}

/**
 * A term's matches read in the order of the ordered search index, which is name order (decisions
 * 0031, 0154): the quick search's term, or that of a Contains condition on the name
 * (`conditionId`), whose own lookup in the trigram index the walk then stands in for.
 */
export interface SearchWalk {
  typeId: EntityId;
  descending: boolean;
  term: string;
  conditionId?: string | undefined;
}

export interface PlannedSearch {
  /** The trimmed term, never empty. */
  term: string;
}

/** Which statements the totals stage answers, in order: the group buckets, the grand total. */
export type TotalsKind = 'groups' | 'total';

/**
 * What a report query reads, decided from the definition, the schema and the request alone (no
 * database): the plan stage's answer, before the page strategy is chosen (`ReportPlan` adds it).
 */
export interface PlanFacts {
  query: ReportQuery;
  columns: readonly ResolvedColumn[];
  /** The root type (narrowed by `entityTypeId`) and the types derived from it. */
  rootTypeIds: readonly EntityId[];
  conditions: readonly EffectiveCondition[];
  /** The group columns, outermost first. */
  groups: readonly PlannedSort[];
  /** The whole order: the group keys first, then the sorted columns (one when grouped). */
  sorts: readonly PlannedSort[];
  aggregates: readonly PlannedAggregate[];
  totals: readonly TotalsKind[];
  /** A public view's quick search matches only the columns it shows. */
  searchColumns: readonly ResolvedColumn[] | undefined;
  search: PlannedSearch | undefined;
  /** Set when the page is read by walking the ordered search index: see `planWalk`. */
  walk: SearchWalk | undefined;
  /** Whether the order can be continued after a keyset cursor (no calculation, no many-valued key). */
  seekable: boolean;
  /** Whether every group key can be compared with the value read back (see `canSeekGroup`). */
  groupsSeekable: boolean;
  /** The applied page size (clamped), and the result limit (top N) if any. */
  pageSize: number;
  limit: number | undefined;
  /** The rows asked for, before a group's "load more" moves them into that group. */
  start: number;
  take: number;
  /** The types the query reads, for its cache markers; undefined when it may read any record. */
  typesRead: readonly EntityId[] | undefined;
  /** Exports read a flat report by keyset cursor (decision 0024). */
  keyset: { after?: ReportCursor | undefined } | undefined;
  publicView: boolean;
}
