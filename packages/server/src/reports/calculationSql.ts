import {
  compile,
  rawSql,
  type SqlFragment,
  type SqlHooks,
  type SqlRelStep,
  sqlFragment,
  toSql,
} from '@plinth/calc';
import { type FieldDef, sysField } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import { calcSchemaOf } from '../calc/calcSchema.js';
import type { RequestContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { readableSql } from './sqlFragments.js';

/**
 * A calculated field's value on the record aliased `row`, as SQL (the Report host's translation),
 * so reports can sort, filter, group and total by it inside the database. Related records are read
 * through the caller's read rule, like every other part of a report query.
 */
export function calculationSql(
  ctx: RequestContext,
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

/** How the translator reads records here: JSON values, the relationship table, the read rule. */
function reportHooks(ctx: RequestContext): SqlHooks {
  const t = ctx.tenantId;
  let n = 0;
  const ends = (step: SqlRelStep) =>
    step.direction === 'forward' ? (['from_id', 'to_id'] as const) : (['to_id', 'from_id'] as const);
  const readable = (alias: string) => readableSql(ctx, alias);
  /** A scalar subquery picking a value of the record at the end of a path of to-one steps. */
  const walk = (
    row: string,
    path: readonly SqlRelStep[],
    pick: (alias: string) => SqlFragment,
  ): SqlFragment => {
    if (path.length === 0) return pick(row);
    const joins: SqlFragment[] = [];
    let prev = `${row}.id`;
    let last = row;
    for (const step of path) {
      const r = `cr${++n}`;
      const e = `ce${n}`;
      const [self, other] = ends(step);
      joins.push(
        sqlFragment`JOIN relationships ${rawSql(r)} ON ${rawSql(`${r}.tenant_id`)} = ${t} AND ${rawSql(`${r}.rel_id`)} = ${Number(step.relationshipId)} AND ${rawSql(`${r}.${self} = ${prev}`)}
          JOIN entities ${rawSql(e)} ON ${rawSql(`${e}.tenant_id = ${r}.tenant_id AND ${e}.id = ${r}.${other}`)} AND ${readable(e)}`,
      );
      prev = `${e}.id`;
      last = e;
    }
    const [first, ...rest] = joins;
    const from = rest.reduce((acc, j) => sqlFragment`${acc} ${j}`, first!);
    return sqlFragment`(SELECT ${pick(last)} FROM (SELECT 1) one ${from} LIMIT 1)`;
  };
  const value = (alias: string, fieldId: number): SqlFragment => {
    const f = ctx.schema.field(fieldId);
    if (f?.column) return rawSql(`${alias}.${f.column}`);
    return ctx.engine === 'sqlite'
      ? sqlFragment`json_extract(${rawSql(`${alias}.data`)}, ${rawSql(`'$."${fieldId}"'`)})`
      : sqlFragment`(${rawSql(`${alias}.data`)} ->> ${rawSql(`'${fieldId}'`)})`;
  };
  const idValue = (id: string) =>
    ctx.engine === 'sqlite' ? sqlFragment`CAST(${id} AS INTEGER)` : sqlFragment`CAST(${id} AS bigint)`;
  return {
    recordIdValue: idValue,
    field: (row, path, fieldId) => walk(row, path, (a) => value(a, Number(fieldId))),
    recordId: (row, path) => walk(row, path, (a) => rawSql(`${a}.id`)),
    recordName: (row, path) => walk(row, path, (a) => rawSql(`${a}.name`)),
    choiceOrder: (row, path) =>
      walk(row, path, (a) => sqlFragment`coalesce(${value(a, sysField.enumOrder)}, 999)`),
    related: (row, path, step) => {
      const r = `cr${++n}`;
      const e = `ce${n}`;
      const [self, other] = ends(step);
      const owner = walk(row, path, (a) => rawSql(`${a}.id`));
      return {
        from: sqlFragment`FROM relationships ${rawSql(r)} JOIN entities ${rawSql(e)} ON ${rawSql(`${e}.tenant_id = ${r}.tenant_id AND ${e}.id = ${r}.${other}`)}`,
        where: sqlFragment`${rawSql(`${r}.tenant_id`)} = ${t} AND ${rawSql(`${r}.rel_id`)} = ${Number(step.relationshipId)} AND ${rawSql(`${r}.${self}`)} = ${owner} AND ${readable(e)}`,
        row: e,
      };
    },
    records: (ids) => {
      const e = `ce${++n}`;
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
