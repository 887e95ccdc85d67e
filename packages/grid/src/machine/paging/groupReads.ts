import { type GroupPosition, groupPositions, groupValueIndexes, rowGroupKey } from '../../query/groupRows.js';
import type { FetchRequest, ReportContext } from '../reportMachineTypes.js';

/**
 * The index within a group of its first row after those loaded: the pages read cover the group
 * up to `readEnd` when they reach into it, and its own Load more may have read further. A group
 * the pages do not reach (before or after them) starts from its first row.
 */
function groupNext(context: ReportContext, key: string, position: GroupPosition): number {
  const end = position.start + position.count;
  const reached = Math.max(context.firstRowIndex, position.start) < Math.min(context.readEnd, end);
  const fromPages = reached ? Math.min(context.readEnd, end) - position.start : 0;
  return Math.max(fromPages, context.groupReads[key]?.next ?? 0);
}

function groupHasMoreAt(context: ReportContext, key: string, position: GroupPosition): boolean {
  return !context.groupReads[key]?.done && groupNext(context, key, position) < position.count;
}

/**
 * Whether a group's Load more can read more rows: the group's count is not reached and its last
 * read came with the extra row. Rows of a group the report sent no header for (past the most
 * groups a report answers) read on in the report's order, while the report has more.
 */
export function groupHasMore(context: ReportContext, key: string): boolean {
  if (context.usage === 'build') return false;
  const position = groupPositions(context.groups).get(key);
  return position ? groupHasMoreAt(context, key, position) : context.hasMore;
}

/** The last answer of `groupsWithMoreOf` by the rows it was worked out for. */
const groupsWithMoreMemo = new WeakMap<object, { inputs: unknown[]; keys: Set<string> }>();

/**
 * The keys of the groups whose Load more can read more rows (see `groupHasMore`); worked out again
 * only when the rows, groups or what was read change, not on every event.
 */
export function groupsWithMoreOf(context: ReportContext): Set<string> {
  const inputs = [
    context.groups,
    context.groupReads,
    context.meta,
    context.readEnd,
    context.firstRowIndex,
    context.hasMore,
    context.usage,
  ];
  const memo = groupsWithMoreMemo.get(context.rows);
  if (memo?.inputs.every((v, i) => v === inputs[i])) return memo.keys;
  const keys = new Set<string>();
  if (context.usage !== 'build') {
    const positions = groupPositions(context.groups);
    for (const [key, position] of positions) if (groupHasMoreAt(context, key, position)) keys.add(key);
    const indexes = groupValueIndexes(context.meta);
    if (context.hasMore && indexes.length > 0)
      for (const row of context.rows) {
        const key = rowGroupKey(row, indexes);
        if (!positions.has(key)) keys.add(key);
      }
  }
  groupsWithMoreMemo.set(context.rows, { inputs, keys });
  return keys;
}

/**
 * A group's Load more (spec 02 §4): the group's next `pageSize` rows after those loaded; undefined
 * for a group the report sent no header for.
 */
export function groupFetch(context: ReportContext, key: string, pageSize: number): FetchRequest | undefined {
  const position = groupPositions(context.groups).get(key);
  if (!position) return undefined;
  return {
    startIndex: 0,
    pageSize,
    metadata: 'none',
    isReset: false,
    append: true,
    group: { key, values: position.hdrs, startIndex: groupNext(context, key, position) },
  };
}
