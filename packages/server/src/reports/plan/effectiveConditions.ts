import { defaultOperatorFor, type ReportDefinition, type ReportQuery } from '@plinth/schema';
import { badRequest } from '../../http/errors.js';
import type { EffectiveCondition } from '../conditionSql.js';
import { conditionTypeOf, type ResolvedColumn } from '../resolveColumns.js';

/** The report's stored conditions with the query's operators and values laid over them by id. */
export function effectiveConditions(
  def: ReportDefinition,
  query: ReportQuery,
  column: (id: string, what: string) => ResolvedColumn,
  byId: ReadonlyMap<string, ResolvedColumn>,
): EffectiveCondition[] {
  const overrides = new Map((query.isReset ? [] : (query.conds ?? [])).map((c) => [c.expid, c]));
  // A query condition whose id names no stored condition filters on the column of that id, as
  // pickers send them (spec 02 §3 "Picker report request").
  const adHoc: EffectiveCondition[] = [];
  for (const [id, o] of overrides) {
    if (def.conditions.some((c) => c.id === id)) continue;
    const col = byId.get(id);
    if (!col) throw badRequest(`Unknown condition '${id}'.`);
    adHoc.push({
      id,
      column: col,
      oper: o.oper ?? defaultOperatorFor(conditionTypeOf(col)) ?? 'Equal',
      value: o.value,
      values: o.values,
      valueList: o.valueList,
    });
  }
  const fromReport = def.conditions.flatMap((stored) => {
    const o = overrides.get(stored.id);
    // Hidden conditions are the report's own: a query cannot change them.
    const use = o && !stored.isHidden ? o : undefined;
    const col = column(stored.columnId, 'conditions');
    // Without an operator a condition takes its type's default (spec 03 §9); a yes/no one compares.
    const oper = use?.oper ?? stored.oper ?? defaultOperatorFor(conditionTypeOf(col)) ?? 'Equal';
    return [
      {
        id: stored.id,
        column: col,
        oper,
        value: use ? use.value : stored.value,
        values: use ? use.values : stored.values,
        valueList: use?.valueList,
      },
    ];
  });
  return [...fromReport, ...adHoc];
}
