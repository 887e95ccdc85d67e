import {
  type ConditionalFormat,
  type ReportDefinition,
  type ReportQuery,
  type ReportRunResponse,
  type ReportValueRule,
  reportValueTypes,
} from '@plinth/schema';
import type { EffectiveCondition } from './conditionSql.js';
import type { LoadedReport } from './loadReport.js';
import { conditionTypeOf, type ResolvedColumn } from './resolveColumns.js';

type Meta = NonNullable<ReportRunResponse['meta']>;

/** What the metadata takes from the definition and its columns alone: kept once per both (decision 0055). */
interface DefinitionMeta {
  rcols: Meta['rcols'];
  rmeta: NonNullable<Meta['rmeta']>;
}

const kept = new WeakMap<readonly ResolvedColumn[], DefinitionMeta>();

/**
 * The columns' metadata without their default formatting, and the group and totals settings, made
 * once per resolved columns. Resolved columns are kept per definition and schema object
 * (`resolvedColumns`), so a new definition version or a new `meta_version` makes them again.
 */
function definitionMeta(def: ReportDefinition, columns: readonly ResolvedColumn[]): DefinitionMeta {
  const known = kept.get(columns);
  if (known) return known;
  const rcols: Meta['rcols'] = {};
  for (const c of columns) {
    const width = def.columns[c.ord]?.width;
    const valueRule: ReportValueRule | undefined =
      width || c.valueRule ? { ...(width ? { columnWidth: width } : {}), ...c.valueRule } : undefined;
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
    };
  }
  const made: DefinitionMeta = {
    rcols,
    rmeta: {
      groups: def.groups.map((g) => ({ colid: g.columnId, order: g.order })),
      aggs: Object.fromEntries(def.aggregates.map((a) => [a.columnId, a.kinds])),
      showst: def.showSubTotals,
      showgt: def.showGrandTotals,
      showcnt: def.showCount,
    },
  };
  // Shared by every answer of the report: frozen, so no answer can change another's.
  for (const c of Object.values(rcols)) Object.freeze(c);
  Object.freeze(rcols);
  Object.freeze(made.rmeta);
  kept.set(columns, made);
  return made;
}

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
  const fixed = definitionMeta(def, columns);
  let rcols = fixed.rcols;
  if (options.defaultFormats?.size) {
    rcols = { ...rcols };
    for (const [id, format] of options.defaultFormats) {
      const col = rcols[id];
      if (col && !col.valueRule?.disabledefft) rcols[id] = { ...col, defcfRule: format };
    }
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
  meta.rmeta = fixed.rmeta;
  return meta;
}
