import { groupKeyOf } from '../../query/groupRows.js';
import type { ReportCell, ReportGroup, ReportRow } from '../../types.js';

/** A group of a grouped report as the grid shows it: its header values, aggregates and counts. */
export interface GridGroup {
  key: string;
  /** Position in the report's `rdata`; -1 for rows no group header was sent for. */
  index: number;
  hdrs: ReportCell[];
  aggs: ReportGroup['aggs'];
  /** Records in the group, or null when unknown. */
  count: number | null;
  /** Records of the group on the loaded pages. */
  loaded: number;
  /** Whether the group's 'Load more' can read more of its rows. */
  hasMore: boolean;
}

export type DisplayRow =
  | { kind: 'group'; key: string; group: GridGroup; isExpanded: boolean }
  | { kind: 'record'; key: string; row: ReportRow; group?: GridGroup };

export { groupKeyOf };

export interface DisplayRowsInput {
  rows: readonly ReportRow[];
  /** The report's groups (`rdata`), in report order; absent when not grouped. */
  groups?: readonly ReportGroup[];
  /** The value index of each group column, outermost first. */
  groupValueIndexes?: readonly number[];
  collapsed?: ReadonlySet<string>;
  /**
   * Keys of the groups with more rows to load after those loaded (the report machine's
   * `groupsWithMore`); without it, a group has more while fewer are loaded than it counts.
   */
  groupsWithMore?: ReadonlySet<string>;
}

/**
 * The rows the grid draws: records, and for grouped reports a header before each group's records
 * (collapsed groups hide theirs). Every group sent is shown, with or without loaded records;
 * records matching no group sent get a group of their own with an unknown count.
 */
export function buildDisplayRows({
  rows,
  groups,
  groupValueIndexes,
  collapsed,
  groupsWithMore,
}: DisplayRowsInput): DisplayRow[] {
  const safeRows = Array.isArray(rows) ? rows.filter((r) => r && Array.isArray(r.values)) : [];
  if (!groups || !groupValueIndexes || groupValueIndexes.length === 0 || !Array.isArray(groups))
    return safeRows.map((row) => ({ kind: 'record', key: `r${row.eid}`, row }));

  const ordered: GridGroup[] = [];
  const byKey = new Map<string, GridGroup>();
  groups.forEach((g, index) => {
    if (!g || !Array.isArray(g.hdrs)) return;
    const key = groupKeyOf(g.hdrs);
    if (byKey.has(key)) return;
    const group: GridGroup = {
      key,
      index,
      hdrs: g.hdrs,
      aggs: g.aggs ?? {},
      count: typeof g.count === 'number' ? g.count : null,
      loaded: 0,
      hasMore: false,
    };
    byKey.set(key, group);
    ordered.push(group);
  });
  const members = new Map<string, ReportRow[]>();
  for (const row of safeRows) {
    const hdrs = groupValueIndexes.map((i) => row.values[i]);
    const key = groupKeyOf(hdrs);
    let group = byKey.get(key);
    if (!group) {
      group = {
        key,
        index: -1,
        hdrs: hdrs.map((h) => h ?? { val: null }),
        aggs: {},
        count: null,
        loaded: 0,
        hasMore: false,
      };
      byKey.set(key, group);
      ordered.push(group);
    }
    group.loaded += 1;
    members.set(key, [...(members.get(key) ?? []), row]);
  }
  for (const group of ordered)
    group.hasMore = groupsWithMore
      ? groupsWithMore.has(group.key)
      : group.count === null || group.loaded < group.count;
  return ordered.flatMap((group): DisplayRow[] => {
    const isExpanded = !collapsed?.has(group.key);
    const header: DisplayRow = { kind: 'group', key: `g${group.key}`, group, isExpanded };
    if (!isExpanded) return [header];
    return [
      header,
      ...(members.get(group.key) ?? []).map(
        (row): DisplayRow => ({ kind: 'record', key: `r${row.eid}`, row, group }),
      ),
    ];
  });
}
