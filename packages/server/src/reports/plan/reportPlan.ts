import type { ReportDefinition, ReportQuery, Schema } from '@plinth/schema';
import type { Engine } from '../../db/tables.js';
import { badRequest } from '../../http/errors.js';
import { resolvedColumns } from '../definitionCache.js';
import type { ReportCursor } from '../keysetSql.js';
import { choosePage, type PageChoice } from '../pages/choosePage.js';
import { effectiveConditions } from './effectiveConditions.js';
import { planSearch, planWalk } from './planSearch.js';
import { canSeekGroup, planSorts, sortsSeekable } from './planSorts.js';
import type { PlanFacts, TotalsKind } from './planTypes.js';
import { type ReadRules, typesRead } from './typesRead.js';

/** The most rows one page answers; a larger pageSize is clamped and the applied size echoed. */
export const maxReportPageSize = 1000;

/** A report query's plan: what it reads (`PlanFacts`) and the strategy that reads its page, and why. */
export interface ReportPlan extends PlanFacts {
  page: PageChoice;
}

export interface PlanOptions {
  engine: Engine;
  /** The caller's read rules: a type they limit by row is read under every type's markers. */
  access: ReadRules;
  publicView?: boolean | undefined;
  /** Exports read a flat report by keyset cursor, after `after` (decision 0024). */
  keyset?: { after?: ReportCursor | undefined } | undefined;
}

/**
 * The plan stage of a report run: columns, conditions, order, search, page, totals and the page
 * strategy, from the definition, the schema and the request alone. Pure: no database, no clock.
 * A request the report cannot answer is a 400 here, before any statement runs.
 */
export function planReport(
  def: ReportDefinition,
  schema: Schema,
  query: ReportQuery,
  options: PlanOptions,
): ReportPlan {
  const columns = resolvedColumns(schema, def);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const column = (id: string, what: string) => {
    const c = byId.get(id);
    if (!c) throw badRequest(`Unknown column '${id}' in ${what}.`);
    return c;
  };
  let rootTypeId = def.rootTypeId;
  if (query.entityTypeId !== undefined) {
    const narrowed = schema.type(query.entityTypeId);
    if (!narrowed || !schema.isA(narrowed.id, def.rootTypeId))
      throw badRequest("entityTypeId is not the report's object or derived from it.");
    rootTypeId = narrowed.id;
  }
  const rootTypeIds = schema.descendants(rootTypeId);
  const conditions = effectiveConditions(def, query, column, byId);
  const { groups, sorts } = planSorts(def, query, column);
  const searchColumns = options.publicView ? columns.filter((c) => !c.hidden) : undefined;
  const search = planSearch(query);
  const walk = planWalk({
    engine: options.engine,
    schema,
    query,
    rootTypeIds,
    sorts,
    conditions,
    search,
    searchColumns,
  });
  const aggregates = def.aggregates.map((a) => ({
    column: column(a.columnId, 'aggregates'),
    kinds: a.kinds,
  }));
  const pageSize = Math.min(query.pageSize, maxReportPageSize);
  const limitValue = query.limitOperator === 'ResultLimit' && !query.isReset ? query.limitValue : def.limit;
  const limit = limitValue === undefined ? undefined : Math.max(1, Math.trunc(limitValue));
  const totals: TotalsKind[] = [
    ...(groups.length > 0 ? (['groups'] as const) : []),
    ...(def.showGrandTotals || (aggregates.length > 0 && groups.length === 0) ? (['total'] as const) : []),
  ];
  const facts: PlanFacts = {
    query,
    columns,
    rootTypeIds,
    conditions,
    groups,
    sorts,
    aggregates,
    totals,
    searchColumns,
    search,
    walk,
    seekable: sortsSeekable(sorts),
    groupsSeekable: groups.every((g) => canSeekGroup(g.column)),
    pageSize,
    limit,
    start: query.startIndex,
    take: limit === undefined ? pageSize : Math.max(0, Math.min(pageSize, limit - query.startIndex)),
    typesRead: typesRead(schema, options.access, rootTypeId, columns, query),
    keyset: options.keyset,
    publicView: options.publicView ?? false,
  };
  const page = choosePage(facts);
  if (options.keyset?.after && page.strategy.name !== 'keyset')
    throw new Error('This report cannot be read after a cursor: read it by offset.');
  return { ...facts, page };
}
