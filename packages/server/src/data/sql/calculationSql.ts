import {
  compile,
  rawSql,
  type SqlFragment,
  type SqlHooks,
  type SqlRelStep,
  sqlFragment,
  toSql,
} from '@plinth/calc';
import { type FieldDef, type Schema, sysField } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Engine } from '../../db/tables.js';
import { badRequest } from '../../http/errors.js';
import { calcSchemaOf } from '../calcSchema.js';
import { type ReadRuleContext, readableSql } from './sqlFragments.js';

/** What a calculation's SQL needs of the caller (a RequestContext has it): tenant, engine, schema, rules. */
export interface CalculationSqlContext extends ReadRuleContext {
  tenantId: number;
  engine: Engine;
  schema: Schema;
}

/**
 * A calculated field's value on the record aliased `row`, as SQL (the Report host's translation),
 * so reports can sort, filter, group and total by it inside the database. Related records are read
 * through the caller's read rule, like every other part of a report query.
 */
export function calculationSql(
  ctx: CalculationSqlContext,
  field: FieldDef,
  row: string,
  settings: { timeZone: string; now: Date },
): RawBuilder<unknown> {
  const compiled = compile(field.calculation ?? '', {
    schema: calcSchemaOf(ctx.schema),
    contextTypeId: String(field.typeId),
    host: 'Report',
  });
  const error = compiled.messages.find((m) => m.type === 'Error');
  if (!compiled.ok || error)
    throw badRequest(`'${field.name}': ${error?.text ?? 'the calculation cannot run in a report.'}`);
  const result = toSql(compiled, {
    dialect: ctx.engine,
    row,
    hooks: reportHooks(ctx),
    timeZone: settings.timeZone,
    now: settings.now.getTime(),
    output: 'raw',
  });
  if (!result.ok) throw badRequest(`'${field.name}': ${result.error}`);
  return toKysely(result.sql);
}

/** A translator fragment as Kysely SQL: its values become parameters, Kysely builders are inlined. */
function toKysely(f: SqlFragment): RawBuilder<unknown> {
  return sql(f.strings as unknown as TemplateStringsArray, ...f.values);
}

/** How the report engine's translation reads records: the caller's read rule guards related ones. */
function reportHooks(ctx: CalculationSqlContext): SqlHooks {
  return translationHooks({
    tenantId: ctx.tenantId,
    engine: ctx.engine,
    schema: ctx.schema,
    prefix: 'c',
    ref: (alias, column) => rawSql(`${alias}.${column}`),
    readable: (alias) => sqlFragment`${readableSql(ctx, alias)}`,
  });
}

export interface TranslationHookOptions {
  tenantId: number;
  engine: Engine;
  schema: Schema;
  /** Starts the aliases of the subqueries (`{prefix}r1`, `{prefix}e1`…), so they clash with no other. */
  prefix: string;
  /** A column of the record a row alias names. */
  ref(alias: string, column: string): SqlFragment;
  /** The condition under which a related record (by its alias) may be read. */
  readable(alias: string): SqlFragment;
  /**
   * Read the id of a record linked through a column of the row (owner, creator, last modifier) from
   * that column, without reading the linked record. Access-rule filters do: comparing the owner
   * with the caller reads only the filtered row.
   */
  columnIdsFromRow?: boolean;
}

/**
 * How the translator reads records here: JSON values, the relationship table (or the column of a
 * column relationship such as the owner), and a read rule on every related record.
 */
export function translationHooks(o: TranslationHookOptions): SqlHooks {
  const t = o.tenantId;
  const { ref, readable, schema } = o;
  let n = 0;
  const ends = (step: SqlRelStep) =>
    step.direction === 'forward' ? (['from_id', 'to_id'] as const) : (['to_id', 'from_id'] as const);
  /** The column holding a forward step's target id on the source record, for column relationships. */
  const columnOf = (step: SqlRelStep): string | undefined =>
    step.direction === 'forward' ? schema.relationship(Number(step.relationshipId))?.column : undefined;
  /** A scalar subquery picking a value of the record at the end of a path of to-one steps. */
  const walk = (
    row: string,
    path: readonly SqlRelStep[],
    pick: (alias: string) => SqlFragment,
  ): SqlFragment => {
    if (path.length === 0) return pick(row);
    const joins: SqlFragment[] = [];
    let prev = row;
    for (const step of path) {
      const r = `${o.prefix}r${++n}`;
      const e = `${o.prefix}e${n}`;
      const column = columnOf(step);
      if (column) {
        joins.push(
          sqlFragment`JOIN entities ${rawSql(e)} ON ${rawSql(`${e}.tenant_id`)} = ${t} AND ${rawSql(`${e}.id`)} = ${ref(prev, column)} AND ${readable(e)}`,
        );
      } else {
        const [self, other] = ends(step);
        joins.push(
          sqlFragment`JOIN relationships ${rawSql(r)} ON ${rawSql(`${r}.tenant_id`)} = ${t} AND ${rawSql(`${r}.rel_id`)} = ${Number(step.relationshipId)} AND ${rawSql(`${r}.${self}`)} = ${ref(prev, 'id')}
          JOIN entities ${rawSql(e)} ON ${rawSql(`${e}.tenant_id = ${r}.tenant_id AND ${e}.id = ${r}.${other}`)} AND ${readable(e)}`,
        );
      }
      prev = e;
    }
    const [first, ...rest] = joins;
    const from = rest.reduce((acc, j) => sqlFragment`${acc} ${j}`, first!);
    return sqlFragment`(SELECT ${pick(prev)} FROM (SELECT 1) one ${from} LIMIT 1)`;
  };
  const value = (alias: string, fieldId: number): SqlFragment => {
    const f = schema.field(fieldId);
    if (f?.column) return ref(alias, f.column);
    return o.engine === 'sqlite'
      ? sqlFragment`json_extract(${ref(alias, 'data')}, ${rawSql(`'$."${fieldId}"'`)})`
      : sqlFragment`(${ref(alias, 'data')} ->> ${rawSql(`'${fieldId}'`)})`;
  };
  const idValue = (id: string) =>
    o.engine === 'sqlite' ? sqlFragment`CAST(${id} AS INTEGER)` : sqlFragment`CAST(${id} AS bigint)`;
  return {
    recordIdValue: idValue,
    field: (row, path, fieldId) => walk(row, path, (a) => value(a, Number(fieldId))),
    recordId: (row, path) => {
      const last = path[path.length - 1];
      const column = last && o.columnIdsFromRow ? columnOf(last) : undefined;
      if (column) return walk(row, path.slice(0, -1), (a) => ref(a, column));
      return walk(row, path, (a) => ref(a, 'id'));
    },
    recordName: (row, path) => walk(row, path, (a) => ref(a, 'name')),
    choiceOrder: (row, path) =>
      walk(row, path, (a) => sqlFragment`coalesce(${value(a, sysField.enumOrder)}, 999)`),
    related: (row, path, step) => {
      const r = `${o.prefix}r${++n}`;
      const e = `${o.prefix}e${n}`;
      const [self, other] = ends(step);
      const owner = walk(row, path, (a) => ref(a, 'id'));
      return {
        from: sqlFragment`FROM relationships ${rawSql(r)} JOIN entities ${rawSql(e)} ON ${rawSql(`${e}.tenant_id = ${r}.tenant_id AND ${e}.id = ${r}.${other}`)}`,
        where: sqlFragment`${rawSql(`${r}.tenant_id`)} = ${t} AND ${rawSql(`${r}.rel_id`)} = ${Number(step.relationshipId)} AND ${rawSql(`${r}.${self}`)} = ${owner} AND ${readable(e)}`,
        row: e,
      };
    },
    records: (ids) => {
      const e = `${o.prefix}e${++n}`;
      const list =
        ids.length === 0
          ? rawSql('NULL')
          : sqlFragment`${ids.map(idValue).reduce((a, b) => sqlFragment`${a}, ${b}`)}`;
      return {
        from: sqlFragment`FROM entities ${rawSql(e)}`,
        where: sqlFragment`${rawSql(`${e}.tenant_id`)} = ${t} AND ${rawSql(`${e}.id`)} IN (${list}) AND ${readable(e)}`,
        row: e,
      };
    },
  };
}
