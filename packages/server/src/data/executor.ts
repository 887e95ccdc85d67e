import { PostgresAdapter, type Transaction } from 'kysely';
import type { Db, Engine, Tables } from '../db/tables.js';

/** A database handle: the database itself or an open transaction. */
export type Executor = Db | Transaction<Tables>;

/** The engine behind a handle, from its SQL adapter. */
export function engineOf(db: Executor): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

const CHUNK = 500;

/** Items in parts of `size`, so an `IN (…)` list stays under the engines' parameter limits. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
