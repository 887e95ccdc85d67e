import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Engine } from './tables.js';

/** The stored value of a field inside a record's JSON values, typed as SQL sees it. */
export function jsonValue(engine: Engine, fieldId: number): RawBuilder<unknown> {
  const key = String(fieldId);
  return engine === 'postgres'
    ? sql`(data -> ${sql.lit(key)})`
    : sql`json_extract(data, ${sql.lit(`$."${key}"`)})`;
}

/** A condition that a field's stored value equals a JSON value. */
export function jsonEquals(
  engine: Engine,
  fieldId: number,
  value: string | number | boolean,
): Expression<boolean> {
  if (engine === 'postgres')
    return sql<boolean>`${jsonValue(engine, fieldId)} = ${JSON.stringify(value)}::jsonb`;
  const v = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  return sql<boolean>`${jsonValue(engine, fieldId)} = ${v}`;
}
