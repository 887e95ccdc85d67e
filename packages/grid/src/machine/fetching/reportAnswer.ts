import type { ReportRunResponse } from '@plinth/schema';
import { groupPositions, groupValueIndexes, rowGroupKey } from '../../query/groupRows.js';
import { availablePagesCount } from '../../query/paging.js';
import { readReportPage } from '../../query/reportQuery.js';
import type { ReportRow } from '../../types.js';
import type { ReportContext } from '../reportMachineTypes.js';

/**
 * Rows read in the report's order put in among the loaded ones by group: after the rows of their
 * group and of the groups before it, before those of later groups. Rows already loaded are not
 * repeated (a group's Load more may have read them before live scroll reaches them).
 */
function mergeRows(
  context: ReportContext,
  incoming: readonly ReportRow[],
  groups: ReportContext['groups'],
  meta: ReportContext['meta'],
): ReportRow[] {
  const loaded = new Set(context.rows.map((r) => r.eid));
  const fresh = incoming.filter((r) => !loaded.has(r.eid));
  const indexes = groupValueIndexes(meta);
  const positions = groupPositions(groups);
  if (indexes.length === 0 || positions.size === 0) return [...context.rows, ...fresh];
  const order = (row: ReportRow) =>
    positions.get(rowGroupKey(row, indexes))?.index ?? Number.POSITIVE_INFINITY;
  const rows: ReportRow[] = [];
  let i = 0;
  for (const row of fresh) {
    const o = order(row);
    while (i < context.rows.length && order(context.rows[i] as ReportRow) <= o)
      rows.push(context.rows[i++] as ReportRow);
    rows.push(row);
  }
  rows.push(...context.rows.slice(i));
  return rows;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The text shown when a report answer is not the report call's shape. */
export const unreadableAnswerText = 'The report data could not be read.';

/**
 * Reads what the host's report fetch answered: rows that are not `{ eid, values }` are dropped;
 * an answer without rows is not an answer.
 */
export function asReportAnswer(output: unknown): ReportRunResponse | undefined {
  if (!isObject(output) || !Array.isArray(output.gdata)) return undefined;
  const gdata = output.gdata.filter(
    (r): r is ReportRunResponse['gdata'][number] =>
      isObject(r) && typeof r.eid === 'number' && Number.isFinite(r.eid) && Array.isArray(r.values),
  );
  return {
    ...(output as unknown as ReportRunResponse),
    gdata,
    ...(Array.isArray(output.rdata) ? {} : { rdata: undefined }),
    ...(isObject(output.meta) && isObject(output.meta.rcols) ? {} : { meta: undefined }),
  };
}

/**
 * The context after a report answer: rows replaced, or put in among the loaded ones (live scroll,
 * a group's Load more), counters and pages derived.
 */
export function withReportAnswer(context: ReportContext, output: unknown): Partial<ReportContext> {
  const answer = asReportAnswer(output);
  if (!answer) return { errorText: unreadableAnswerText };
  const request = context.fetchRequest;
  const page = readReportPage(answer, { startIndex: request.startIndex, pageSize: request.pageSize + 1 });
  const meta = answer.meta ?? context.meta;
  const groups = answer.rdata ?? (request.append ? context.groups : []);
  const answered = {
    meta,
    groups,
    lastRefreshTime: typeof answer.lrt === 'string' ? answer.lrt : context.lastRefreshTime,
    errorText: undefined,
  };
  const counters = (pageNumber: number, recordsCount: number | undefined, hasMore: boolean) => ({
    page: pageNumber,
    hasMore,
    recordsCount,
    availablePagesCount: availablePagesCount({
      page: pageNumber,
      pageSize: context.pageSize,
      recordsCount,
      hasMore,
    }),
  });

  if (!request.append) {
    const recordsCount = context.usage === 'build' ? undefined : page.recordsCount;
    return {
      ...answered,
      ...counters(Math.floor(request.startIndex / context.pageSize) + 1, recordsCount, page.hasMore),
      rows: page.rows,
      total: answer.total,
      firstRowIndex: request.startIndex,
      readEnd: request.startIndex + page.rows.length,
      groupReads: {},
      totalItemsLoaded: page.rows.length,
    };
  }

  const rows = mergeRows(context, page.rows, groups, meta);
  const group = request.group;
  if (!group) {
    // Live scroll: the next rows in the report's order.
    const readEnd = request.startIndex + page.rows.length;
    return {
      ...answered,
      ...counters(
        Math.max(context.page, Math.ceil(readEnd / context.pageSize)),
        page.recordsCount,
        page.hasMore,
      ),
      rows,
      total: answer.total,
      readEnd,
      totalItemsLoaded: rows.length,
    };
  }
  // A group's rows: the report's own paging stays; the rows read in order go on through them
  // when they continue those rows.
  const position = groupPositions(groups).get(group.key);
  const next = group.startIndex + page.rows.length;
  const readEnd =
    position && position.start + group.startIndex <= context.readEnd
      ? Math.max(context.readEnd, position.start + next)
      : context.readEnd;
  const recordsCount = answer.total?.count ?? context.recordsCount;
  const hasMore = context.hasMore && (recordsCount === undefined || readEnd < recordsCount);
  return {
    ...answered,
    ...counters(context.page, recordsCount, hasMore),
    rows,
    total: answer.total ?? context.total,
    readEnd,
    groupReads: {
      ...context.groupReads,
      [group.key]: { next: Math.max(next, context.groupReads[group.key]?.next ?? 0), done: !page.hasMore },
    },
    totalItemsLoaded: rows.length,
  };
}
