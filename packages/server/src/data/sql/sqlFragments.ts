import type { FieldDef } from '@plinth/schema';
import { type RawBuilder, sql } from 'kysely';
import type { Engine } from '../../db/tables.js';

/** A field's value on the record aliased `alias`, typed so comparisons and sorts behave. */
export function fieldValueSql(engine: Engine, alias: string, field: FieldDef): RawBuilder<unknown> {
  if (field.column) return sql.ref(`${alias}.${field.column}`);
  const key = String(field.id);
  if (engine === 'sqlite') return sql`json_extract(${sql.ref(`${alias}.data`)}, ${sql.lit(`$."${key}"`)})`;
  const text = sql`(${sql.ref(`${alias}.data`)} ->> ${sql.lit(key)})`;
  switch (field.storage) {
    case 'int':
    case 'autoNumber':
    case 'decimal':
    case 'currency':
      return sql`${text}::numeric`;
    case 'bool':
      return sql`${text}::boolean`;
    default:
      return text;
  }
}

/** A value bound as a parameter, in the form the engine compares with stored values. */
export function param(engine: Engine, value: string | number | boolean): RawBuilder<unknown> {
  if (typeof value === 'boolean') return engine === 'sqlite' ? sql`${value ? 1 : 0}` : sql`${value}`;
  return sql`${value}`;
}

/**
 * What readableSql needs of a request's context (RequestContext has it): the caller's rules, as SQL.
 * Named structurally so the calc-to-SQL hooks, which access rules use, import no context.
 */
export interface ReadRuleContext {
  perms: { rowSql(action: 'read', alias: string): RawBuilder<boolean> };
}

/**
 * The caller's read rule on the record aliased `alias`, as SQL; `true` for administrators. Rules
 * with a calculation add the rows it accepts. The same condition guards the root records, joined
 * records and subqueries, so totals, groups and related values only ever count what the caller may
 * read.
 */
export function readableSql(ctx: ReadRuleContext, alias: string): RawBuilder<boolean> {
  return ctx.perms.rowSql('read', alias);
}

/** `%`, `_` and `\` taken literally in a LIKE pattern (with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Joins conditions with AND; `1 = 1` when there are none. */
export function and(parts: readonly RawBuilder<boolean>[]): RawBuilder<boolean> {
  return parts.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

/** A stand-in value for checking which aggregates apply to a column without building a query. */
export const columnValueForCheck = sql`NULL`;

/**
 * The rows' `values`, aggregated into one JSON array of arrays (SQL `NULL` over no rows on
 * PostgreSQL): many narrow rows as one value, where building a row object per row costs more
 * than the row (decision 0141). Read it back with `jsonRowsOf`.
 */
export function jsonRows(engine: Engine, values: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return engine === 'postgres'
    ? sql`json_agg(json_build_array(${sql.join(values)}))`
    : sql`json_group_array(json_array(${sql.join(values)}))`;
}

/** The arrays `jsonRows` aggregated: SQLite answers JSON text, PostgreSQL's driver parses it. */
export function jsonRowsOf(value: unknown): unknown[][] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as unknown[][];
}
