import type { EntityId } from '@plinth/schema';
import {
  type CompiledQuery,
  type DeleteQueryBuilder,
  type DeleteResult,
  type InsertQueryBuilder,
  type InsertResult,
  type QueryResult,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { Tables } from '../db/tables.js';
import { type EntityRow, type RowFilter, selectEntities } from './entityRepository.js';
import { type CallerHandle, type Executor, unscoped } from './executor.js';

/** The tables whose rows belong to one tenant: every one with a `tenant_id`. */
export type TenantTable = {
  [K in keyof Tables]: Tables[K] extends { tenant_id: number } ? K : never;
}[keyof Tables];

/**
 * Who reads: the database handle, the caller's tenant and the caller's read rule. A request's
 * context (RequestContext) is one; nothing else needs to be (decision 0058).
 */
export interface ScopeCaller {
  readonly db: CallerHandle | Executor;
  readonly tenantId: number;
  readonly perms: {
    /** The read rule on `entities`; undefined when the caller reads every record (administrators). */
    readFilter(): RowFilter | undefined;
    /** The read rule on the record aliased `alias`, as SQL (`1 = 1` for administrators). */
    rowSql(action: 'read', alias: string): RawBuilder<boolean>;
  };
}

/**
 * The one way features read records: every query it starts is of the caller's tenant and every
 * record it reads passes the caller's read rule. Reaching past it takes `systemQuery(reason)`.
 */
export interface TenantScope {
  readonly tenantId: number;
  /** `entities` of the tenant, those the caller may read only. */
  records(): SelectQueryBuilder<Tables, 'entities', object>;
  /** The records with these ids the caller may read, in no particular order. */
  readRecords(ids: readonly EntityId[]): Promise<EntityRow[]>;
  /** A tenant table, the caller's tenant's rows only (records: use `records`). */
  selectFrom<T extends Exclude<TenantTable, 'entities'>>(table: T): SelectQueryBuilder<Tables, T, object>;
  /**
   * For SQL written by hand: the record aliased `alias` is of the tenant and the caller may read
   * it. Every `entities` a report, calculation or rule joins is guarded by it.
   */
  visible(alias: string): RawBuilder<boolean>;
  /**
   * For SQL written by hand: the row of a tenant table other than `entities` aliased `alias` is
   * the tenant's. Links, markers and index rows carry no read rule of their own; the records
   * they lead to are guarded by `visible`.
   */
  owns(alias: string): RawBuilder<boolean>;
  /**
   * Runs SQL written by hand for the caller: its rows are guarded by its own `owns` and `visible`
   * (the reads ratchet, `test/data/tenantTableReads.test.ts`, checks each such statement).
   */
  execute<R>(statement: RawBuilder<R>): Promise<QueryResult<R>>;
  /** The text and parameters of such a statement, as the caller's engine writes them. */
  compile<R>(statement: RawBuilder<R>): CompiledQuery<R>;
  /** A tenant table to change, the caller's tenant's rows only (records: the entity repository). */
  updateTable<T extends Exclude<TenantTable, 'entities'>>(
    table: T,
  ): UpdateQueryBuilder<Tables, T, T, UpdateResult>;
  /** A tenant table to delete from, the caller's tenant's rows only (records: the entity repository). */
  deleteFrom<T extends Exclude<TenantTable, 'entities'>>(
    table: T,
  ): DeleteQueryBuilder<Tables, T, DeleteResult>;
}

/** Raised when a scope is asked for without a tenant or a read rule: a defect, never a user's error. */
export class UnscopedQueryError extends Error {}

function checkTenant(tenantId: number) {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0)
    throw new UnscopedQueryError('A query through the data layer needs the tenant of its caller.');
}

const needsRule = 'A query through the data layer needs the read rule of its caller.';

/** The caller's scope. Throws when the caller names no tenant or has no read rule. */
export function tenantScope(caller: ScopeCaller): TenantScope {
  const { tenantId, perms } = caller;
  const db = unscoped(caller.db);
  checkTenant(tenantId);
  if (typeof perms?.readFilter !== 'function' || typeof perms.rowSql !== 'function')
    throw new UnscopedQueryError(needsRule);
  return {
    tenantId,
    records() {
      const q = db.selectFrom('entities').where('entities.tenant_id', '=', tenantId);
      const rule = perms.readFilter();
      return rule ? q.where(rule) : q;
    },
    readRecords: (ids) => selectEntities(db, tenantId, ids, perms.readFilter()),
    // Kysely cannot type a column of a table chosen by a type parameter; every TenantTable has it.
    selectFrom: (table) => db.selectFrom(table as 'relationships').where(ownRows(table, tenantId)) as never,
    visible: (alias) => visible(caller, alias),
    owns: (alias) => owns(caller, alias),
    execute: (statement) => statement.execute(db),
    compile: (statement) => statement.compile(db),
    updateTable: (table) => db.updateTable(table as 'relationships').where(ownRows(table, tenantId)) as never,
    deleteFrom: (table) => db.deleteFrom(table as 'relationships').where(ownRows(table, tenantId)) as never,
  };
}

/**
 * The scope's `visible(alias)` where there is no handle to read with: SQL built for a query that
 * another function runs, and the read rule's own SQL (a record that secures another is read under
 * the caller's direct rules). Throws as `tenantScope` does without a tenant or a rule.
 */
export function visible(
  caller: { readonly tenantId: number; readonly perms: Pick<ScopeCaller['perms'], 'rowSql'> },
  alias: string,
): RawBuilder<boolean> {
  const tenant = owns(caller, alias);
  if (typeof caller.perms?.rowSql !== 'function') throw new UnscopedQueryError(needsRule);
  return sql<boolean>`(${tenant} AND ${caller.perms.rowSql('read', alias)})`;
}

/**
 * The scope's `owns(alias)` where there is no handle to read with: SQL built for a query that
 * another function runs. Throws as `tenantScope` does without a tenant.
 */
export function owns(caller: { readonly tenantId: number }, alias: string): RawBuilder<boolean> {
  checkTenant(caller.tenantId);
  return ownRows(alias, caller.tenantId);
}

/** The rows of `alias` that are the tenant's: every tenant table has the column. */
function ownRows(alias: string, tenantId: number): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.tenant_id`)} = ${tenantId}`;
}

/**
 * A tenant table to add rows to, other than the records (the entity repository adds those). An
 * insert has no rows to filter: each row names its tenant in `tenant_id`, from the caller's
 * context. This is the one way a feature's handle inserts (decision 0058).
 */
export function insertInto<T extends Exclude<TenantTable, 'entities'>>(
  db: CallerHandle,
  table: T,
): InsertQueryBuilder<Tables, T, InsertResult> {
  return unscoped(db).insertInto(table);
}
