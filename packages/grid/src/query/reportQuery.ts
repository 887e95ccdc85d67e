import type { ReportQuery, ReportRunResponse } from '@plinth/schema';
import type { QueryCondition, ReportCell, ReportRow, SortEntry } from '../types.js';

export type MetadataLevel = ReportQuery['metadata'];

export interface ReportQueryInput {
  /** Index of the first row to read. */
  startIndex: number;
  pageSize: number;
  searchValue: string;
  /** The applied sort; undefined keeps the report's own sort, an empty list sorts by nothing. */
  sort?: readonly SortEntry[] | undefined;
  conds: readonly QueryCondition[];
  /** The result-limit filter's value, when set. */
  limitValue?: number | undefined;
  metadata: MetadataLevel;
  isReset?: boolean;
  /** Only the rows of this group (its header values as `rdata` sent them), from its own start index. */
  group?: { values: readonly ReportCell[]; startIndex: number } | undefined;
}

/** Coerces a result limit to an integer of at least 1 (spec 02 §5 "Filters"). */
export function coerceLimitValue(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.max(1, Math.trunc(value));
}

/**
 * The query a report fetch sends (spec 02 §3 "Query", §7): one extra row beyond the page so the
 * answer tells whether more records exist.
 */
export function buildReportQuery(input: ReportQueryInput): ReportQuery {
  const search = input.searchValue.trim();
  const limitValue = coerceLimitValue(input.limitValue);
  return {
    startIndex: Math.max(0, Math.floor(input.startIndex) || 0),
    pageSize: Math.max(0, Math.floor(input.pageSize) || 0) + 1,
    metadata: input.metadata,
    ...(search ? { quickSearch: search.slice(0, 200) } : {}),
    ...(input.sort ? { sort: input.sort.map((s) => ({ colid: s.colid, order: s.order })) } : {}),
    ...(input.conds.length > 0 ? { conds: [...input.conds] } : {}),
    ...(input.isReset ? { isReset: true } : {}),
    ...(limitValue !== undefined ? { limitOperator: 'ResultLimit' as const, limitValue } : {}),
    ...(input.group
      ? {
          group: {
            values: input.group.values.map((v) =>
              'vals' in v
                ? { vals: v.vals.slice(0, 1).map(({ eid, val }) => ({ eid, val })) }
                : { val: v.val },
            ),
            startIndex: Math.max(0, Math.floor(input.group.startIndex) || 0),
          },
        }
      : {}),
    usage: 'Default',
  };
}

export interface ReportPage {
  rows: ReportRow[];
  /** Whether records exist past this page. */
  hasMore: boolean;
  /** The record count when the answer tells it: the grand total, or the end of the last page. */
  recordsCount: number | undefined;
}

/**
 * Reads a report answer: drops the extra row, derives `hasMore` and, when known, the record count.
 * A server that cut the page to its most (it echoes the size applied) answers its last row as the
 * extra one.
 */
export function readReportPage(
  answer: ReportRunResponse,
  query: Pick<ReportQuery, 'startIndex' | 'pageSize'>,
): ReportPage {
  const applied =
    typeof answer.pageSize === 'number' && answer.pageSize >= 1 && answer.pageSize < query.pageSize
      ? answer.pageSize
      : query.pageSize;
  const pageSize = Math.max(0, applied - 1);
  const rows = answer.gdata.slice(0, pageSize);
  const hasMore = answer.gdata.length > pageSize;
  const recordsCount = answer.total?.count ?? (hasMore ? undefined : query.startIndex + rows.length);
  return { rows, hasMore, recordsCount };
}
