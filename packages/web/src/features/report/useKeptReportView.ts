import {
  headerSort,
  type ReportEvent,
  type ReportMeta,
  type SortEntry,
  type SortOrder,
  type SortState,
  setSort,
  sortEntriesOf,
  type ToolbarState,
  type ToolbarStates,
} from '@plinth/grid';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  clearKeptView,
  type KeptReportView,
  keptFiltersOf,
  readKeptView,
  withKeptView,
  writeKeptView,
} from '../keptReportViews/public';
import type { ReportActor } from './ReportToolbar';

/**
 * The view of a report kept for its user (decision 0035): read once when the report opens (the
 * machine's first fetch applies it), laid over each new metadata (`restore`), and cleared by
 * 'Reset to default'. Without a key (a public, picker or build report) nothing is kept.
 */
export function useKeptReportView(key: string | undefined) {
  const [initial] = useState(() => (key ? readKeptView(key) : undefined));
  const kept = useRef<KeptReportView | undefined>(initial);
  const restore = useCallback((states: ToolbarStates) => withKeptView(states, kept.current), []);
  const clear = useCallback(() => {
    kept.current = undefined;
    if (key) clearKeptView(key);
  }, [key]);
  return { key, initial, kept, restore, clear };
}

/**
 * Keeps the view as the user changes it: the applied sort, filters, result limit and quick search
 * (the machine's), the popup's applied filters and the column widths. Nothing is written before the
 * report has loaded (a kept view the report refused is not overwritten by a failed load).
 */
export function useKeepReportView(
  view: ReturnType<typeof useKeptReportView>,
  actor: ReportActor,
  state: { meta: ReportMeta | undefined; toolbar: ToolbarState; widths: Record<string, number> },
) {
  const sort = useSelector(actor, (s) => s.context.sort);
  const conds = useSelector(actor, (s) => s.context.conds);
  const limitValue = useSelector(actor, (s) => s.context.limitValue);
  const searchValue = useSelector(actor, (s) => s.context.searchValue);
  const { meta, toolbar, widths } = state;
  const { key, kept } = view;
  useEffect(() => {
    if (!key || !meta) return;
    const next: KeptReportView = {
      ...(sort ? { sort } : {}),
      // The filters' values go with the conditions they made (a reset clears both).
      ...(conds.length > 0 ? { conds, filters: keptFiltersOf(toolbar.filterState) } : {}),
      ...(limitValue !== undefined ? { limitValue } : {}),
      ...(searchValue ? { searchValue } : {}),
      ...(Object.keys(widths).length > 0 ? { widths } : {}),
    };
    kept.current = next;
    writeKeptView(key, next);
  }, [key, kept, meta, sort, conds, limitValue, searchValue, toolbar.filterState, widths]);
}

/**
 * Sorting from the grid: the sorted headers show their direction, a header click sorts (Shift adds),
 * a group's menu sorts its groups; each keeps the Sort popup's state in step and applies at once.
 * No header sorting while editing inline (the popup is disabled then too).
 */
export function useGridSort(toolbar: ToolbarState, send: (event: ReportEvent) => void, isEditing: boolean) {
  const applied = toolbar.sortState.applied;
  const sort = useMemo<SortEntry[]>(
    () => applied.map((s) => ({ colid: s.id, order: s.direction })),
    [applied],
  );
  const apply = (next: SortState) => {
    toolbar.setSortState(next);
    send({ type: 'APPLY_SORT', sort: sortEntriesOf(next.applied) });
  };
  return {
    sort,
    onGroupSort: (colid: string, order: SortOrder) => apply(setSort(toolbar.sortState, colid, order)),
    ...(isEditing
      ? {}
      : {
          onHeaderSort: (colid: string, how: { add: boolean }) =>
            apply(headerSort(toolbar.sortState, colid, how)),
        }),
  };
}
