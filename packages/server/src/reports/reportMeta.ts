import {
  type ConditionalFormat,
  type ReportQuery,
  type ReportRunResponse,
  type ReportValueRule,
  reportValueTypes,
} from '@plinth/schema';
import type { EffectiveCondition } from './conditionSql.js';
import type { LoadedReport } from './loadReport.js';
import { conditionTypeOf, type ResolvedColumn } from './resolveColumns.js';

type Meta = NonNullable<ReportRunResponse['meta']>;

/**
 * The report's metadata (spec 02 §3): columns keyed by id with their formatting, sort, filter
 * columns and group settings. `colbasic` and `basic` send the columns only. `defaultFormats` are
 * the columns' default formatting (a choice's colours), sent as `defcfRule` unless the column's
 * value rule turns it off.
 */
export function reportMeta(
  report: LoadedReport,
  columns: readonly ResolvedColumn[],
  conditions: readonly EffectiveCondition[],
  sorts: ReadonlyArray<{ column: ResolvedColumn; order: 'Ascending' | 'Descending' }>,
  level: ReportQuery['metadata'],
  limit: number | undefined,
  options: { defaultFormats?: ReadonlyMap<string, ConditionalFormat> } = {},
): Meta {
  const def = report.definition;
  const rcols: Meta['rcols'] = {};
  for (const c of columns) {
    const width = def.columns[c.ord]?.width;
    const valueRule: ReportValueRule | undefined =
      width || c.valueRule ? { ...(width ? { columnWidth: width } : {}), ...c.valueRule } : undefined;
    const defaultFormat = valueRule?.disabledefft ? undefined : options.defaultFormats?.get(c.id);
    rcols[c.id] = {
      title: c.title,
      type: c.type,
      ord: c.ord,
      hide: c.hidden,
      ...(c.kind === 'field'
        ? {
            fid: c.field.id,
            ...(c.field.represents ? { represents: c.field.represents } : {}),
            ...(c.field.column === 'name' && c.path.length === 0 ? { entityname: true } : {}),
            ...(c.type === 'Decimal' || c.type === 'Currency'
              ? { places: c.field.decimalPlaces ?? (c.type === 'Currency' ? 2 : 3) }
              : {}),
          }
        : { rid: c.rel.id, rev: c.direction === 'rev', tid: c.targetTypeId }),
      // Through a relationship path: another record's member, not one of the row's own.
      ...(c.path.length > 0 ? { viaPath: true } : {}),
      ...(valueRule ? { valueRule } : {}),
      ...(c.format ? { cfRule: c.format } : {}),
      ...(defaultFormat ? { defcfRule: defaultFormat } : {}),
    };
  }
  const meta: Meta = {
    title: report.title,
    rootTypeId: def.rootTypeId,
    rcols,
    sort: sorts.map((s) => ({ colid: s.column.id, order: s.order })),
    anlcols: {},
    ...(limit === undefined ? {} : { limit }),
  };
  if (level === 'colbasic' || level === 'basic') return meta;
  for (const stored of def.conditions) {
    const effective = conditions.find((c) => c.id === stored.id);
    const column = columns.find((c) => c.id === stored.columnId);
    meta.anlcols[stored.id] = {
      colid: stored.columnId,
      title: column?.title ?? stored.columnId,
      type: column ? conditionTypeOf(column) : reportValueTypes[0],
      ...(effective?.oper ? { oper: effective.oper } : {}),
      ...(effective?.value !== undefined ? { value: effective.value } : {}),
      ...(effective?.values ? { values: [...effective.values] } : {}),
      hidden: stored.isHidden,
    };
  }
  meta.rmeta = {
    groups: def.groups.map((g) => ({ colid: g.columnId, order: g.order })),
    aggs: Object.fromEntries(def.aggregates.map((a) => [a.columnId, a.kinds])),
    showst: def.showSubTotals,
    showgt: def.showGrandTotals,
    showcnt: def.showCount,
  };
  return meta;
}
