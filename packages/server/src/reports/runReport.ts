import {
  type AggregateKind,
  defaultOperatorFor,
  type EntityId,
  type IdOrAlias,
  isKnownTimeZone,
  type ReportDefinition,
  type ReportQuery,
  type ReportRunResponse,
  reportDefinition,
  sysField,
  sysType,
} from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { type EntityRow, selectEntities } from '../entities/entityRepository.js';
import { resolveIds } from '../entities/readEntities.js';
import { badRequest, invalidShape, notFound } from '../http/errors.js';
import { readTenantSettings } from '../settings/tenantSettings.js';
import { aggregateSql, aggregateValue } from './aggregateSql.js';
import { choiceColumnFormats } from './choiceFormats.js';
import { chunkScope } from './chunkMarkers.js';
import type { EffectiveCondition } from './conditionSql.js';
import { defaultReport } from './defaultReports.js';
import { groupRange } from './groupRange.js';
import { keepImageDocuments } from './imageCells.js';
import {
  afterCursorSql,
  atOrBeforeCursorSql,
  cursorOf,
  cursorSelect,
  type ReportCursor,
} from './keysetSql.js';
import { fieldCell, reportCells } from './reportCells.js';
import { reportMeta } from './reportMeta.js';
import { buildReportSql, type ReportSqlInput } from './reportSql.js';
import { conditionTypeOf, type ResolvedColumn, resolveColumns } from './resolveColumns.js';
import { cachedRows } from './resultCache.js';
import { type SearchQuery, searchPageIds } from './searchPageCache.js';
import { segmentation } from './segmentedAggregates.js';
import { and } from './sqlFragments.js';

/** The most rows one page answers; a larger pageSize is clamped and the applied size echoed. */
export const maxReportPageSize = 1000;
const MAX_GROUPS = 1000;

/** Which report to run: a stored one, or a type's generated display or picker report. */
export type ReportSource = { reportId: IdOrAlias } | { typeId: IdOrAlias; kind: 'display' | 'picker' };

export interface LoadedReport {
  id: EntityId | null;
  title: string;
  definition: ReportDefinition;
}

/** Loads a report the caller may read, or a generated default one. */
export async function loadReport(ctx: RequestContext, source: ReportSource): Promise<LoadedReport> {
  if ('typeId' in source) {
    const type = ctx.schema.type(source.typeId);
    if (!type || ctx.perms.forType(sysType.type).read === 'none') throw notFound();
    // A stored report set as the type's default stands in for the generated one, when readable.
    const storedId = source.kind === 'picker' ? type.defaultPickerReportId : type.defaultDisplayReportId;
    const stored = storedId === undefined ? undefined : await readableReport(ctx, storedId);
    if (stored) return storedReport(stored);
    return { id: null, ...defaultReport(ctx.schema, type, source.kind) };
  }
  const [id] = await resolveIds(ctx.db, ctx.tenantId, [source.reportId]);
  const row = await readableReport(ctx, id!);
  if (!row) throw notFound();
  return storedReport(row);
}

async function readableReport(ctx: RequestContext, id: EntityId) {
  const [row] = await selectEntities(ctx.db, ctx.tenantId, [id], ctx.perms.readFilter());
  return row?.typeId === sysType.report ? row : undefined;
}

function storedReport(row: EntityRow): LoadedReport {
  return {
    id: row.id,
    title: row.name ?? '',
    definition: parseDefinition(row.data[String(sysField.reportDefinition)]),
  };
}

/** A stored definition, checked against the current shape; a broken one is a clear 400, not a 500. */
export function parseDefinition(raw: unknown): ReportDefinition {
  let json: unknown;
  try {
    json = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw badRequest('The report definition is not valid JSON.');
  }
  const parsed = reportDefinition.safeParse(json);
  if (!parsed.success) throw invalidShape('The report definition is not valid.', parsed.error.issues);
  return parsed.data;
}

/**
 * Runs a report query: one page of rows, the groups and totals, and the metadata asked for.
 *
 * `keyset` (exports only, decision 0024) reads a report without groups by a keyset cursor: the
 * answer carries the `cursor` of its last row (null when empty; none when the order cannot be
 * sought, and the caller reads by offset), and `after` reads the rows after one. `startIndex` then
 * counts the rows read before, for the result limit only.
 */
export async function runReport(
  ctx: RequestContext,
  report: LoadedReport,
  query: ReportQuery,
  options: { publicView?: boolean; keyset?: { after?: ReportCursor } } = {},
): Promise<ReportRunResponse & { cursor?: ReportCursor | null }> {
  const def = report.definition;
  const columns = resolveColumns(ctx.schema, def);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const column = (id: string, what: string) => {
    const c = byId.get(id);
    if (!c) throw badRequest(`Unknown column '${id}' in ${what}.`);
    return c;
  };

  let rootTypeId = def.rootTypeId;
  if (query.entityTypeId !== undefined) {
    const narrowed = ctx.schema.type(query.entityTypeId);
    if (!narrowed || !ctx.schema.isA(narrowed.id, def.rootTypeId))
      throw badRequest("entityTypeId is not the report's object or derived from it.");
    rootTypeId = narrowed.id;
  }

  const conditions = effectiveConditions(def, query, column, byId);
  const querySort = query.isReset ? undefined : query.sort;
  // A query sort on a grouped column changes only the direction of its groups (spec 02 §4).
  const groups = def.groups.map((g) => {
    const c = column(g.columnId, 'groups');
    if (c.kind === 'relationship' && c.many)
      throw badRequest(`Column '${c.id}' links to many records: a report cannot group by it.`);
    const order = querySort?.find((s) => s.colid === g.columnId)?.order ?? g.order;
    return { column: c, order, group: true };
  });
  const requested = (
    querySort
      ? querySort.map((s) => ({ column: column(s.colid, 'sort'), order: s.order }))
      : def.sorts.map((s) => ({ column: column(s.columnId, 'sorts'), order: s.order }))
  ).filter((s) => !groups.some((g) => g.column === s.column));
  // Only one column is kept for sorting when grouped (spec 02 §4), after the group keys.
  const sorts = [...groups, ...(groups.length > 0 ? requested.slice(0, 1) : requested)];

  const settings = await readTenantSettings(ctx.db, ctx.tenantId);
  const scope = {
    ctx,
    // A stored zone the runtime does not know would fail every date condition: dates are then UTC's.
    timeZone: isKnownTimeZone(settings.timeZone) ? settings.timeZone : 'UTC',
    financialYearStartMonth: settings.financialYearStartMonth,
    now: ctx.clock.now(),
  };
  const sqlInput: ReportSqlInput = {
    scope,
    rootTypeIds: ctx.schema.descendants(rootTypeId),
    conditions,
    sorts,
    query,
    searchColumns: options.publicView ? columns.filter((c) => !c.hidden) : undefined,
  };
  const plan = buildReportSql(sqlInput);

  const pageSize = Math.min(query.pageSize, maxReportPageSize);
  const limitValue = query.limitOperator === 'ResultLimit' && !query.isReset ? query.limitValue : def.limit;
  const limit = limitValue === undefined ? undefined : Math.max(1, Math.trunc(limitValue));
  let take = limit === undefined ? pageSize : Math.max(0, Math.min(pageSize, limit - query.startIndex));

  const orderBy = plan.orderBy;
  const where = plan.where;
  const aggregates = def.aggregates.map((a) => ({
    column: column(a.columnId, 'aggregates'),
    kinds: a.kinds,
  }));
  // With a result limit, groups and totals count only the top N records.
  const limited =
    limit === undefined
      ? where
      : sql<boolean>`e0.id IN (SELECT e0.id FROM ${plan.from()} WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit})`;
  const aggSelect = (extra: ReturnType<typeof sql>[] = []) => [
    ...extra,
    sql`count(*) AS cnt`,
    ...aggregates.flatMap((a, i) =>
      a.kinds.map(
        (k, j) =>
          sql`${aggregateSql(ctx.engine, k, a.column, plan.columnValue(a.column))} AS ${sql.id(`a${i}_${j}`)}`,
      ),
    ),
  ];
  const readAggs = (r: Record<string, unknown>) =>
    Object.fromEntries(
      aggregates.map((a, i) => [
        a.column.id,
        a.kinds.map((kind: AggregateKind, j) => {
          const value = aggregateValue(kind, r[`a${i}_${j}`]);
          // A largest or smallest auto-number is shown through its display pattern, as its cells are.
          const text =
            (kind === 'Max' || kind === 'Min') && a.column.kind === 'field' && typeof value === 'number'
              ? fieldCell(a.column.field, value).text
              : undefined;
          return text === undefined ? { kind, value } : { kind, value, text };
        }),
      ]),
    );

  const keys = groups.map((g, i) => ({
    g,
    value: plan.columnValue(g.column),
    id: g.column.kind === 'relationship' && !g.column.many ? plan.relatedIdOf(g.column) : undefined,
    i,
  }));
  // Groups and totals visit every matching record: they are computed together, once per change
  // of the data they read, and kept in the result cache (decision 0021).
  type Rows = Record<string, unknown>[];
  const statements: Array<{
    kind: 'groups' | 'total';
    query: ReturnType<typeof sql<Record<string, unknown>>>;
  }> = [];
  if (groups.length > 0) {
    const selects = keys.flatMap((k) => [
      sql`${k.value} AS ${sql.id(`k${k.i}`)}`,
      ...(k.id ? [sql`${k.id} AS ${sql.id(`kid${k.i}`)}`] : []),
    ]);
    const groupBy = keys.flatMap((k) => [k.value, ...(k.id ? [k.id] : [])]);
    const order = keys.flatMap((k) => plan.orderKeys(k.g.column, k.g.order, true));
    statements.push({
      kind: 'groups',
      query: sql<
        Record<string, unknown>
      >`SELECT ${sql.join(aggSelect(selects))} FROM ${plan.from()} WHERE ${limited}
      GROUP BY ${sql.join(groupBy)} ORDER BY ${sql.join(order)} LIMIT ${MAX_GROUPS}`,
    });
  }
  if (def.showGrandTotals || (aggregates.length > 0 && groups.length === 0)) {
    statements.push({
      kind: 'total',
      query: sql<
        Record<string, unknown>
      >`SELECT ${sql.join(aggSelect())} FROM ${plan.from()} WHERE ${limited}`,
    });
  }
  const read = typesRead(ctx, rootTypeId, columns, query);
  const results =
    statements.length === 0
      ? []
      : await cachedRows<Rows[]>(
          ctx,
          statements.map((s) => s.query.compile(ctx.db)),
          read,
          async () => {
            const out: Rows[] = [];
            for (const s of statements) out.push((await s.query.execute(ctx.db)).rows);
            return out;
          },
          // After a write, only the chunks of records it touched are aggregated again (decision 0025).
          segmentation({
            ctx,
            plan,
            rootTypeIds: ctx.schema.descendants(rootTypeId),
            keys: keys.map((k) => ({
              column: k.g.column,
              order: k.g.order,
              value: k.value,
              id: k.id,
              i: k.i,
            })),
            aggregates,
            statements: statements.map((s) => s.kind),
            maxGroups: MAX_GROUPS,
            sorts,
            conditions,
            searchColumns: options.publicView ? columns.filter((c) => !c.hidden) : undefined,
            query,
            typesRead: read,
            limited: limit !== undefined,
          }),
        );
  const groupRows = results[statements.findIndex((s) => s.kind === 'groups')];
  const totalRows = results[statements.findIndex((s) => s.kind === 'total')];
  /** A group's header values, as `rdata.hdrs` answers them. */
  const headersOf = (r: Record<string, unknown>) =>
    keys.map((k) =>
      k.id
        ? {
            vals:
              r[`kid${k.i}`] == null
                ? []
                : [{ eid: Number(r[`kid${k.i}`]), val: (r[`k${k.i}`] as string | null) ?? null }],
          }
        : k.g.column.kind === 'field'
          ? fieldCell(k.g.column.field, normalise(k.g.column, r[`k${k.i}`]))
          : { val: normalise(k.g.column, r[`k${k.i}`]) },
    );

  // Load more of one group (spec 02 §4): the page starts at that group's row and ends with the
  // group, so it is read as any page is (the buckets count only rows within a result limit).
  let start = query.startIndex;
  if (query.group) {
    const buckets = groupRows?.map((r) => ({ hdrs: headersOf(r), count: Number(r.cnt) }));
    const range = groupRange(buckets, query.group.values, groups.length, MAX_GROUPS);
    const from = Math.min(query.group.startIndex, range.count);
    start = range.start + from;
    take = Math.min(pageSize, range.count - from);
  }

  /** A page of ids in the report's order, `n` rows from `offset`, of the rows matching `extra`. */
  const pageOfIds = async (
    n: number,
    offset: number,
    extra: RawBuilder<boolean> | undefined,
    order: RawBuilder<unknown>,
  ) =>
    (
      await sql<{
        id: number;
      }>`SELECT e0.id AS id FROM ${plan.from()} WHERE ${extra ? sql`${where} AND ${extra}` : where} ORDER BY ${order} LIMIT ${n} OFFSET ${offset}`.execute(
        ctx.db,
      )
    ).rows.map((r) => Number(r.id));

  const seek = options.keyset && groups.length === 0 ? plan.seek : undefined;
  const after = options.keyset?.after;
  if (after && !seek) throw new Error('This report cannot be read after a cursor: read it by offset.');
  let cursor: ReportCursor | null | undefined = seek ? null : undefined;
  let ids: number[];
  if (take === 0) ids = [];
  else if (groupRows && limit === undefined && groupRows.length < MAX_GROUPS && keys.every(canSeekGroup)) {
    // Rows come in the order of their groups, and the groups' counts say which groups a page spans:
    // each is read on its own, ordered by the other sort keys, so an index on those keys serves
    // the page instead of a sort of every matching record.
    const rest = sorts.filter((s) => !('group' in s)).flatMap((s) => plan.orderKeys(s.column, s.order));
    rest.push(sorts.at(-1)?.order === 'Descending' ? sql`e0.id DESC` : sql`e0.id ASC`);
    ids = [];
    let before = 0;
    for (const r of groupRows) {
      const count = Number(r.cnt);
      const from = Math.max(0, start - before);
      before += count;
      if (from >= count) continue;
      const match = and(
        keys.map((k) => {
          const expr = k.id ?? k.value;
          const v = r[k.id ? `kid${k.i}` : `k${k.i}`];
          return v === null || v === undefined ? sql<boolean>`${expr} IS NULL` : sql<boolean>`${expr} = ${v}`;
        }),
      );
      ids.push(...(await pageOfIds(Math.min(take - ids.length, count - from), from, match, sql.join(rest))));
      if (ids.length >= take) break;
    }
  } else if (seek) {
    // After a cursor, the rows come in parts, each served by an index on the first key (keysetSql).
    const rows: Record<string, unknown>[] = [];
    for (const part of after ? afterCursorSql(seek, after) : [undefined]) {
      if (rows.length >= take) break;
      const more = await sql<
        Record<string, unknown>
      >`SELECT ${sql.join([sql`e0.id AS id`, ...cursorSelect(ctx.engine, seek)])} FROM ${plan.from()}
      WHERE ${part ? sql`${where} AND ${part.where}` : where} ORDER BY ${part ? part.orderBy : orderBy}
      LIMIT ${take - rows.length} OFFSET ${after ? 0 : query.startIndex}`.execute(ctx.db);
      rows.push(...more.rows);
    }
    ids = rows.map((r) => Number(r.id));
    cursor = rows.length === 0 ? null : cursorOf(seek, rows.at(-1)!);
  } else if (query.quickSearch?.trim() && groups.length === 0) {
    // A search's first rows are kept in order: its next pages and repeats are read from the cache.
    const search: SearchQuery = {
      ctx,
      rows: ({ limit: n, within, through }) => {
        const p = within ? buildReportSql({ ...sqlInput, searchWithin: within }) : plan;
        const keys = p.seek ? cursorSelect(ctx.engine, p.seek) : [];
        const cut = through && p.seek ? sql` AND ${atOrBeforeCursorSql(p.seek, through)}` : sql``;
        return sql<Record<string, unknown>>`SELECT ${sql.join([sql`e0.id AS id`, ...keys])} FROM ${p.from()}
          WHERE ${p.where}${cut} ORDER BY ${p.orderBy} LIMIT ${n}`;
      },
      seek: plan.seek,
      scope: chunkScope({
        ctx,
        rootTypeIds: sqlInput.rootTypeIds,
        typesRead: read,
        columnsRead: [
          ...sorts.map((s) => s.column),
          ...conditions.map((c) => c.column),
          ...(sqlInput.searchColumns ?? []),
        ],
        conditions,
      }),
      typesRead: read,
      walked: plan.walked,
    };
    ids = await searchPageIds(search, start, take, () => pageOfIds(take, start, undefined, orderBy));
  } else ids = await pageOfIds(take, start, undefined, orderBy);

  const versions = new Map<EntityId, number>();
  const rows = await reportCells(ctx, columns, ids, versions);
  await keepImageDocuments(ctx, columns, rows);

  let rdata: ReportRunResponse['rdata'];
  if (groupRows) {
    rdata = groupRows.map((r) => ({
      hdrs: headersOf(r),
      aggs: readAggs(r),
      count: Number(r.cnt),
    }));
  }
  let total: ReportRunResponse['total'];
  if (totalRows) {
    const r = totalRows[0] ?? {};
    total = { aggs: readAggs(r), count: Number(r.cnt ?? 0) };
  }

  return {
    ...(query.metadata === 'none'
      ? {}
      : {
          meta: reportMeta(report, columns, conditions, sorts, query.metadata, limit, {
            defaultFormats: await choiceColumnFormats(ctx, columns),
          }),
        }),
    gdata: ids.map((eid) => ({
      eid,
      // Inline edits are saved against the version their row showed; public viewers edit nothing.
      ...(options.publicView || !versions.has(eid) ? {} : { version: versions.get(eid)! }),
      values: columns.map((c) =>
        // Anonymous callers of a public report get only what it shows: hidden columns stay empty.
        options.publicView && c.hidden
          ? c.kind === 'relationship'
            ? { vals: [] }
            : { val: null }
          : (rows.get(eid)?.get(c.id) ?? { val: null }),
      ),
    })),
    ...(rdata ? { rdata } : {}),
    ...(total ? { total } : {}),
    pageSize,
    lrt: ctx.clock.now().toISOString(),
    ...(cursor === undefined ? {} : { cursor }),
  };
}

/**
 * Whether the rows of one group can be selected by comparing its key with the value read back:
 * to-one relationships by the related id, stored fields (not calculations) by their value.
 */
function canSeekGroup(key: { g: { column: ResolvedColumn }; id: unknown }): boolean {
  const c = key.g.column;
  if (key.id) return true;
  return c.kind === 'field' && c.field.type !== 'Calculation' && c.type !== 'Bool';
}

/**
 * The types whose records or links a report query can read, for its cache markers; undefined
 * (every type) when it cannot tell: calculations, rules with calculations and related-record
 * filters may read any record.
 */
function typesRead(
  ctx: RequestContext,
  rootTypeId: EntityId,
  columns: readonly ResolvedColumn[],
  query: ReportQuery,
): EntityId[] | undefined {
  if (query.relationDetail) return undefined;
  const types = new Set<EntityId>();
  const add = (typeId: EntityId) => {
    for (const t of ctx.schema.descendants(typeId)) types.add(t);
  };
  add(rootTypeId);
  for (const c of columns) {
    if (c.kind === 'field' && c.field.type === 'Calculation') return undefined;
    for (const step of c.path) add(step.typeId);
    if (c.kind === 'relationship') {
      add(c.targetTypeId);
      // The current-user condition follows the link between user accounts and people.
      if (
        ctx.schema.isA(c.targetTypeId, sysType.person) ||
        ctx.schema.isA(c.targetTypeId, sysType.userAccount)
      ) {
        add(sysType.person);
        add(sysType.userAccount);
      }
    }
  }
  for (const t of types) if (ctx.perms.hasRowRules('read', t)) return undefined;
  return [...types].sort((a, b) => a - b);
}

/** SQL hands back numbers, booleans and text in engine-specific forms; answers use JSON's. */
export function normalise(column: ResolvedColumn, raw: unknown): string | number | boolean | null {
  if (raw === null || raw === undefined) return null;
  if (column.type === 'Bool') return raw === true || raw === 1 || raw === '1' || raw === 't';
  if (typeof raw === 'string' && ['Int32', 'Decimal', 'Currency', 'AutoNumber'].includes(column.type))
    return Number(raw);
  if (typeof raw === 'number' || typeof raw === 'string' || typeof raw === 'boolean') return raw;
  return String(raw);
}

/** The report's stored conditions with the query's operators and values laid over them by id. */
function effectiveConditions(
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
