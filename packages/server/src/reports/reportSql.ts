import type { EntityId, ReportQuery } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../context.js';
import { type ChunkRun, idsOfRun } from '../data/chunkMarkers.js';
import { ftsPhrase } from '../data/search/ftsPhrase.js';
import { BAND_SIZE } from '../data/search/searchOrder.js';
import { searchRowId } from '../data/search/searchRowId.js';
import { calculationSql } from '../data/sql/calculationSql.js';
import { and, escapeLike, fieldValueSql } from '../data/sql/sqlFragments.js';
import { owns, tenantScope } from '../data/tenantScope.js';
import { planPerRun } from '../db/preparedPg.js';
import { searchFold } from '../db/searchFold.js';
import { autoNumberSearchTerms } from './autoNumberSearch.js';
import {
  type ConditionScope,
  conditionApplies,
  type EffectiveCondition,
  fieldConditionSql,
  relationshipConditionSql,
} from './conditionSql.js';
import type { Seek } from './keysetSql.js';
import { sortsSeekable } from './plan/planSorts.js';
import type { PlannedSort, SearchWalk } from './plan/planTypes.js';
import type { ResolvedColumn, ResolvedStep } from './resolveColumns.js';

/** What a report query selects from: the root records, the joins the query needs, the conditions. */
export interface ReportSql {
  /**
   * `entities e0 LEFT JOIN …`, after the ordered search index when a search is read in its order:
   * call it after every `columnValue`, which may add joins.
   */
  from(): RawBuilder<unknown>;
  where: RawBuilder<boolean>;
  /**
   * The sort keys, ending with the record id so pages are stable; or the ordered search index's
   * positions, which are in that order (search/searchOrder).
   */
  orderBy: RawBuilder<unknown>;
  /** The ORDER BY keys of a column. */
  orderKeys(column: ResolvedColumn, order: 'Ascending' | 'Descending'): RawBuilder<unknown>[];
  /** Value of a column for sorting, grouping and aggregating (to-one columns only). */
  columnValue(column: ResolvedColumn): RawBuilder<unknown>;
  /** The id of a to-one relationship column's related record. */
  relatedIdOf(column: ResolvedColumn): RawBuilder<unknown>;
  /**
   * For a to-one relationship column of the root records, the related record's id as the link row
   * holds it (`r{n}.to_id`), which needs no read of the related record (decision 0089); undefined
   * for other columns.
   */
  linkedIdOf(column: ResolvedColumn): RawBuilder<unknown> | undefined;
  /** The same query without its order, so it joins only what its conditions read (totals by chunk). */
  withoutSorts(): ReportSql;
  /** The order's keys for a keyset cursor; undefined when a key cannot be sought (see below). */
  seek: Seek | undefined;
  /** Whether a term's matches are read in the ordered index's order, a page's of them only. */
  walked: boolean;
}

export interface ReportSqlInput {
  scope: ConditionScope;
  rootTypeIds: readonly EntityId[];
  conditions: readonly EffectiveCondition[];
  sorts: readonly PlannedSort[];
  query: ReportQuery;
  /**
   * Quick search matches only these columns' text (public reports: never text the report does not
   * show); otherwise the search index of the whole record.
   */
  searchColumns?: readonly ResolvedColumn[] | undefined;
  /** Reads a term's matches by walking the ordered search index: the plan decides when (planWalk). */
  walk?: SearchWalk | undefined;
  /**
   * Looks for the search's matches only among `keptIds`, records known to match, and in the chunks
   * of `runs`: a kept search brought up to date after a write (searchPageCache).
   */
  searchWithin?: SearchWithin | undefined;
}

export interface SearchWithin {
  keptIds: readonly number[];
  runs: readonly ChunkRun[];
}

/** Builds the SQL of a report query. Identifiers come only from the metamodel; values are parameters. */
export function buildReportSql(input: ReportSqlInput): ReportSql {
  const { ctx } = input.scope;
  const tenant = tenantScope(ctx);
  const joins: RawBuilder<unknown>[] = [];
  const aliasOfPath = new Map<string, string>([['', 'e0']]);
  /** The link rows joined, by path: their alias and the column holding the id they reach. */
  const linkOfPath = new Map<string, { r: string; other: 'from_id' | 'to_id' }>();
  let joined = 0;

  /** The link row of a step from the record aliased `alias` (path `key`), joining it if missing. */
  const linkFor = (step: ResolvedStep, alias: string, key: string) => {
    const known = linkOfPath.get(key);
    if (known) return known;
    const [self, other] =
      step.direction === 'fwd' ? (['from_id', 'to_id'] as const) : (['to_id', 'from_id'] as const);
    const r = `r${++joined}`;
    joins.push(
      sql`LEFT JOIN relationships ${sql.id(r)} ON ${tenant.owns(r)} AND ${sql.ref(`${r}.rel_id`)} = ${step.relId} AND ${sql.ref(`${r}.${self}`)} = ${sql.ref(`${alias}.id`)}`,
    );
    const link = { r, other };
    linkOfPath.set(key, link);
    return link;
  };

  /** The alias of the record reached by a chain of to-one steps, joining what is missing. */
  const aliasFor = (steps: readonly ResolvedStep[]): string => {
    let key = '';
    let alias = 'e0';
    for (const step of steps) {
      const from = alias;
      key += `/${step.relId}:${step.direction}`;
      const known = aliasOfPath.get(key);
      if (known) {
        alias = known;
        continue;
      }
      const { r, other } = linkFor(step, from, key);
      const j = `j${r.slice(1)}`;
      joins.push(
        sql`LEFT JOIN entities ${sql.id(j)} ON ${sql.ref(`${j}.id`)} = ${sql.ref(`${r}.${other}`)} AND ${tenant.visible(j)}`,
      );
      aliasOfPath.set(key, j);
      alias = j;
    }
    return alias;
  };

  const relStep = (column: ResolvedColumn): ResolvedStep[] =>
    column.kind === 'relationship'
      ? [
          ...column.path,
          { relId: column.rel.id, direction: column.direction, rel: column.rel, typeId: column.targetTypeId },
        ]
      : column.path;

  const columnValue = (column: ResolvedColumn): RawBuilder<unknown> => {
    if (column.kind === 'field') {
      if (column.field.type === 'Calculation') {
        return calculationSql(ctx, column.field, aliasFor(column.path), input.scope);
      }
      return fieldValueSql(ctx.engine, aliasFor(column.path), column.field);
    }
    if (!column.many) return sql.ref(`${aliasFor(relStep(column))}.name`);
    // A many-valued relationship sorts by its first related name.
    const owner = aliasFor(column.path);
    const [self, other] =
      column.direction === 'fwd' ? (['from_id', 'to_id'] as const) : (['to_id', 'from_id'] as const);
    return sql`(SELECT min(lower(es.name)) FROM relationships rs JOIN entities es ON es.id = ${sql.ref(`rs.${other}`)}
      WHERE ${tenant.owns('rs')} AND rs.rel_id = ${column.rel.id} AND ${sql.ref(`rs.${self}`)} = ${sql.ref(`${owner}.id`)} AND ${tenant.visible('es')})`;
  };
  const relatedIdOf = (column: ResolvedColumn) => sql.ref(`${aliasFor(relStep(column))}.id`);
  // The link row alone: the related record is joined only if something else reads it.
  const linkedIdOf = (column: ResolvedColumn) => {
    if (column.kind !== 'relationship' || column.many || column.path.length > 0) return undefined;
    const [step] = relStep(column);
    const { r, other } = linkFor(step!, 'e0', `/${step!.relId}:${step!.direction}`);
    return sql.ref(`${r}.${other}`);
  };

  const where: RawBuilder<boolean>[] = [
    // The root records: the caller's tenant and read rule, of the report's types.
    tenant.visible('e0'),
    sql<boolean>`e0.type_id IN (${sql.join([...input.rootTypeIds])})`,
  ];
  /** The plan's term read in the order of the ordered index; not when a kept search is brought up to date. */
  const walk = input.searchColumns || input.searchWithin ? undefined : input.walk;
  for (const c of input.conditions) {
    if (!conditionApplies(c)) continue;
    if (c.column.kind === 'field')
      where.push(
        fieldConditionSql(input.scope, c, columnValue(c.column), { walked: walk?.conditionId === c.id }),
      );
    else where.push(relationshipConditionSql(input.scope, c, aliasFor(c.column.path)));
  }
  if (walk) where.push(walkMatchSql(ctx, walk.term, walk.typeId));
  const q = input.query;
  const search = q.quickSearch?.trim();
  if (search && input.searchColumns) {
    const matches = input.searchColumns
      .filter(
        (c) =>
          (c.kind === 'field' && c.type === 'String' && c.field.type !== 'Calculation') ||
          (c.kind === 'relationship' && !c.many),
      )
      .map((c) => containsSql(ctx, columnValue(c), search));
    // An auto-number column matches the text its display pattern shows (decision 0023).
    for (const c of input.searchColumns) {
      if (c.kind !== 'field') continue;
      for (const { value } of autoNumberSearchTerms([c.field], search))
        matches.push(sql<boolean>`${columnValue(c)} = ${value}`);
    }
    const match =
      matches.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(matches, sql` OR `)})`;
    where.push(input.searchWithin ? and([match, withinBoundsSql(ctx, input.searchWithin)]) : match);
  } else if (search && !walk) {
    // Records whose auto-number the term shows (decision 0023), through the fields' sort indexes.
    const rootFields = input.rootTypeIds.flatMap((id) => ctx.schema.fieldsOf(id));
    const numbers = autoNumberSearchTerms(rootFields, search).map(
      ({ field, value }) => sql<boolean>`${fieldValueSql(ctx.engine, 'an', field)} = ${value}`,
    );
    const numbered =
      numbers.length === 0
        ? undefined
        : sql`SELECT an.id FROM entities an WHERE ${tenant.visible('an')} AND an.type_id IN (${sql.join([...input.rootTypeIds])}) AND (${sql.join(numbers, sql` OR `)})`;
    where.push(quickSearchSql(ctx, search, numbered, input.searchWithin));
  }
  if (q.relationDetail) {
    const { eid, relid, direction } = q.relationDetail;
    const [from, to] =
      direction === 'fwd' ? (['from_id', 'to_id'] as const) : (['to_id', 'from_id'] as const);
    // Only for a record the caller may read: the links of others' records are theirs.
    const related = sql<boolean>`e0.id IN (SELECT ${sql.ref(to)} FROM relationships WHERE ${tenant.owns('relationships')} AND rel_id = ${relid} AND ${sql.ref(from)} = ${eid})
      AND EXISTS (SELECT 1 FROM entities ed WHERE ed.id = ${eid} AND ${tenant.visible('ed')})`;
    where.push(q.inclids?.length ? sql<boolean>`(${related} OR e0.id IN (${sql.join(q.inclids)}))` : related);
  } else if (q.inclids?.length) {
    where.push(sql<boolean>`e0.id IN (${sql.join(q.inclids)})`);
  }
  if (q.exclids?.length) where.push(sql<boolean>`e0.id NOT IN (${sql.join(q.exclids)})`);
  if (q.filtereids?.length) where.push(sql<boolean>`e0.id IN (${sql.join(q.filtereids)})`);

  /**
   * The ORDER BY keys of a column: text case-insensitively, blanks lowest in both engines. A group's
   * keys also keep apart values that differ only in case and same-named records, so rows come in
   * the order of their groups (totals/groupKeys orders the groups so).
   */
  const orderValues = (column: ResolvedColumn, group = false) => {
    const raw = columnValue(column);
    const values = sortsAsText(column) ? [sql`lower(${raw})`, ...(group ? [raw] : [])] : [raw];
    if (group && column.kind === 'relationship' && !column.many) values.push(relatedIdOf(column));
    return values;
  };
  const orderKeys = (column: ResolvedColumn, order: 'Ascending' | 'Descending', group = false) =>
    orderValues(column, group).map((v) => orderKeySql(v, order));
  const keys = input.sorts.flatMap((s) => orderKeys(s.column, s.order, s.group));
  // The id breaks ties in the direction of the last key, so an index on that key serves the whole order.
  keys.push(input.sorts.at(-1)?.order === 'Descending' ? sql`e0.id DESC` : sql`e0.id ASC`);
  // The ordered index's positions are that very order.
  const orderBy = walk
    ? sql`entity_search_ordered.rowid ${walk.descending ? sql`DESC` : sql`ASC`}`
    : sql.join(keys);
  // Calculations and many-valued relationships cannot be sought: read by offset (decision 0024).
  const seek = sortsSeekable(input.sorts)
    ? {
        keys: input.sorts.flatMap((s) =>
          orderValues(s.column, s.group).map((value) => ({ value, descending: s.order === 'Descending' })),
        ),
        idDescending: input.sorts.at(-1)?.order === 'Descending',
      }
    : undefined;

  return {
    from: () => {
      // CROSS JOIN keeps the index first, so its matches are read in order until the page is full.
      // Planned for its conditions' values on each run: a plan made for others may walk the sort's
      // index through every record (decision 0157).
      const root = walk
        ? sql`${sql.raw(planPerRun)}entity_search_ordered CROSS JOIN search_order so CROSS JOIN entities e0`
        : sql`${sql.raw(planPerRun)}entities e0`;
      // Either root's records are guarded by the where's first condition, tenant.visible('e0').
      return joins.length === 0 ? root : sql`${root} ${sql.join(joins, sql` `)}`;
    },
    where: and(where),
    orderBy,
    orderKeys,
    columnValue,
    relatedIdOf,
    linkedIdOf,
    withoutSorts: () => buildReportSql({ ...input, sorts: [] }),
    seek,
    walked: walk !== undefined,
  };
}

/** Whether a column sorts as text: case-insensitively, by its `lower()` first. */
export const sortsAsText = (column: ResolvedColumn) =>
  column.type === 'String' || column.kind === 'relationship';

/** An ORDER BY key: blanks lowest in both engines, whichever the direction. */
export const orderKeySql = (value: RawBuilder<unknown>, order: 'Ascending' | 'Descending') =>
  order === 'Descending' ? sql`${value} DESC NULLS LAST` : sql`${value} ASC NULLS FIRST`;

/**
 * Quick search through the trigram index: a term of three or more characters never scans the
 * records. Shorter terms match names only. `%`, `_` and quotes are taken literally. `alsoIds`
 * selects more matching ids, and `within` the kept ids (one IN list with the index's, so the
 * planner keeps a semi-join: an OR beside it would have it walk the records in the sort's order).
 */
function quickSearchSql(
  ctx: RequestContext,
  term: string,
  alsoIds: RawBuilder<unknown> | undefined,
  within: SearchWithin | undefined,
): RawBuilder<boolean> {
  const t = ctx.tenantId;
  if ([...term].length < 3) {
    const byName = containsSql(ctx, sql`e0.name`, term);
    const match = alsoIds ? sql<boolean>`(${byName} OR e0.id IN (${alsoIds}))` : byName;
    // A scan either way: the bounds' OR costs nothing more.
    return within ? and([match, withinBoundsSql(ctx, within)]) : match;
  }
  const runs = within?.runs.map((run) => idsOfRun(ctx.engine, run));
  const members: RawBuilder<unknown>[] = [];
  if (within && within.keptIds.length > 0) members.push(keptIdsSql(ctx, within.keptIds));
  if (ctx.engine === 'sqlite') {
    const low = searchRowId(t, 0);
    if (!runs) {
      members.push(
        sql`SELECT rowid - ${low} FROM entity_search WHERE entity_search MATCH ${ftsPhrase(term)} AND rowid >= ${low} AND rowid < ${searchRowId(t + 1, 0)}`,
      );
    } else {
      // In a few chunks, their search texts are read and tested: the index would read the term's
      // every match to find those in a range (decision 0025).
      const folded = searchFold(term);
      for (const { lo, hi } of runs)
        members.push(
          sql`SELECT id - ${low} FROM entity_search_content WHERE id >= ${low + lo} AND id < ${low + hi} AND plinth_search_contains(c0, ${folded})`,
        );
    }
  } else if (!runs || runs.length > 0) {
    const inRuns = runs
      ? sql` AND (${sql.join(
          runs.map(({ lo, hi }) => sql`(entity_id >= ${lo} AND entity_id < ${hi})`),
          sql` OR `,
        )})`
      : sql``;
    members.push(
      sql`SELECT entity_id FROM entity_search WHERE ${owns(ctx, 'entity_search')}${inRuns} AND body ILIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`,
    );
  }
  if (alsoIds) members.push(alsoIds);
  return members.length === 0
    ? sql<boolean>`1 = 0`
    : sql<boolean>`e0.id IN (${sql.join(members, sql` UNION ALL `)})`;
}

/**
 * The matches of a term of three or more characters among a type's records in the ordered index
 * (search/searchOrder), joined to their records: the band's positions are in name order.
 */
function walkMatchSql(ctx: RequestContext, term: string, typeId: EntityId): RawBuilder<boolean> {
  const band = (edge: number) =>
    sql`(SELECT (band + ${sql.lit(edge)}) * ${sql.lit(BAND_SIZE)} FROM search_bands WHERE ${owns(ctx, 'search_bands')} AND type_id = ${typeId})`;
  return and([
    sql<boolean>`entity_search_ordered MATCH ${ftsPhrase(term)}`,
    sql<boolean>`entity_search_ordered.rowid > ${band(0)}`,
    sql<boolean>`entity_search_ordered.rowid < ${band(1)}`,
    sql<boolean>`so.pos = entity_search_ordered.rowid`,
    sql<boolean>`e0.id = so.entity_id`,
  ]);
}

/**
 * Whether a text holds a term, whatever the case, `%`, `_` and quotes taken literally. SQLite's
 * `lower()` folds ASCII only: it tests the text folded as the search index folds it (searchFold).
 */
function containsSql(ctx: RequestContext, value: RawBuilder<unknown>, term: string): RawBuilder<boolean> {
  if (ctx.engine === 'sqlite') return sql<boolean>`plinth_search_contains(${value}, ${searchFold(term)}) = 1`;
  return sql<boolean>`lower(${value}) LIKE lower(${`%${escapeLike(term)}%`}) ESCAPE '\\'`;
}

/**
 * The records a kept search brought up to date may be among (searchPageCache): the kept ones, or
 * those in the chunks of the runs, whose records may have changed.
 */
function withinBoundsSql(ctx: RequestContext, within: SearchWithin): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (within.keptIds.length > 0) parts.push(sql<boolean>`e0.id IN (${sql.join([...within.keptIds])})`);
  for (const { lo, hi } of within.runs.map((run) => idsOfRun(ctx.engine, run)))
    parts.push(sql<boolean>`(e0.id >= ${lo} AND e0.id < ${hi})`);
  return parts.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(parts, sql` OR `)})`;
}

/** Ids as rows of a subquery, to join an IN list's compound select. */
function keptIdsSql(ctx: RequestContext, ids: readonly number[]): RawBuilder<unknown> {
  const rows = ids.map((id) => (ctx.engine === 'postgres' ? sql`(CAST(${id} AS bigint))` : sql`(${id})`));
  return sql`VALUES ${sql.join(rows)}`;
}
