import type { Filter, FilterState, QueryCondition, ReportMeta } from '@plinth/grid';
import { createFilterState, filterQueryOf } from '@plinth/grid';

/**
 * The master filter of spec 03 §3 as pure functions: its conditions are the source report's
 * filters it was set to show (all the report's visible ones when none are named), without the
 * result limit; applied, each condition goes to every target report that has a condition on the
 * same column, under that report's own condition id.
 */
export function masterFilterState(
  meta: Pick<ReportMeta, 'anlcols' | 'rcols' | 'limit'> | undefined,
  columnIds: readonly string[],
  currencySymbol?: string,
): FilterState {
  const all = createFilterState(meta, currencySymbol ? { currencySymbol } : {});
  const shown = (f: Filter) =>
    !f.hidden && f.operatorId !== 'ResultLimit' && (columnIds.length === 0 || columnIds.includes(f.columnId));
  const order = (f: Filter) => (columnIds.length === 0 ? 0 : columnIds.indexOf(f.columnId));
  const pick = (list: Filter[]) => list.filter(shown).sort((a, b) => order(a) - order(b));
  return { defaults: pick(all.defaults), applied: pick(all.applied), stored: pick(all.stored) };
}

/** The condition id a target report uses for a column: by column id, else by the condition's title. */
function targetConditionId(target: Pick<ReportMeta, 'anlcols'>, filter: Filter): string | undefined {
  const entries = Object.entries(target.anlcols);
  return (
    entries.find(([, c]) => c.colid === filter.columnId && !c.hidden)?.[0] ??
    entries.find(([, c]) => c.title === filter.name && c.type === filter.columnType && !c.hidden)?.[0]
  );
}

/** The conditions each target report (by component id) gets from the applied filters. */
export function masterConditionsFor(
  applied: readonly Filter[],
  targets: ReadonlyMap<string, Pick<ReportMeta, 'anlcols'>>,
): Record<string, QueryCondition[]> {
  const { conds } = filterQueryOf([...applied]);
  const byFilter = new Map(applied.map((f) => [f.filterId, f]));
  const out: Record<string, QueryCondition[]> = {};
  for (const [componentId, meta] of targets) {
    out[componentId] = conds.flatMap((c) => {
      const filter = byFilter.get(c.expid);
      const expid = filter && targetConditionId(meta, filter);
      return expid ? [{ ...c, expid }] : [];
    });
  }
  return out;
}
