import { PostgresAdapter, type Transaction } from 'kysely';
import type { Db, Engine, Tables } from '../db/tables.js';

/** A database handle: the database itself or an open transaction. */
export type Executor = Db | Transaction<Tables>;

/**
 * The handle a caller's work carries (`RequestContext.db`): without Kysely's query builders, so a
 * feature reads and writes tenant tables through the data layer (`tenantScope`, the entity
 * repository) or says why not (`systemQuery`), decision 0058.
 */
export type CallerHandle = Omit<
  Executor,
  | 'selectFrom'
  | 'updateTable'
  | 'deleteFrom'
  | 'insertInto'
  | 'replaceInto'
  | 'mergeInto'
  | 'with'
  | 'withRecursive'
  | 'selectNoFrom'
  | 'getExecutor'
>;

/** The full handle behind a caller's: for the data layer alone. */
export function unscoped(db: CallerHandle | Executor): Executor {
  return db as Executor;
}

/** The engine behind a handle, from its SQL adapter. */
export function engineOf(db: CallerHandle): Engine {
  return unscoped(db).getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

const CHUNK = 500;

/** Items in parts of `size`, so an `IN (…)` list stays under the engines' parameter limits. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
