import { type RawBuilder, sql } from 'kysely';
import type { Engine } from '../db/tables.js';

/**
 * `column` is one of `ids`, the list bound as a single parameter (a JSON array read by `json_each`
 * on SQLite, an array on PostgreSQL): one value to bind and the same statement text for every
 * length, where `IN (?, ?, …)` binds each id (decision 0140).
 */
export function idIn(
  engine: Engine,
  column: RawBuilder<unknown>,
  ids: readonly number[],
): RawBuilder<boolean> {
  return engine === 'postgres'
    ? sql<boolean>`${column} = ANY(${[...ids]}::bigint[])`
    : sql<boolean>`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}
