import type { BaseType } from '../types.js';
import type { SqlFragment } from './fragment.js';

/** One step through a single-valued relationship, as the checker resolved it. */
export interface SqlRelStep {
  readonly relationshipId: string;
  readonly direction: 'forward' | 'reverse';
  readonly toTypeId: string;
}

/** Related records of a to-many relationship, for aggregates, `in` and `where`. */
export interface SqlRelatedRows {
  /** `FROM … [JOIN …]` naming the related records (with the caller's read rule joined in). */
  readonly from: SqlFragment;
  /** The condition linking them to the outer record (and the read rule), without `WHERE`. */
  readonly where: SqlFragment;
  /** The alias the related record goes by, passed back to `field`, `recordId`… */
  readonly row: string;
}

/**
 * How the server reads records. A row is the alias of a record in the server's query (`e0` for the
 * report's own record); a path walks single-valued relationships from it. Hooks return stored
 * values as they are (JSON text or numbers); the translator casts them by type. Every identifier in
 * the SQL comes from these hooks, and so from the metamodel.
 */
export interface SqlHooks {
  /** A field's stored value on the record at the end of the path (null when a step has no record). */
  field(row: string, path: readonly SqlRelStep[], fieldId: string, type: BaseType): SqlFragment;
  /** The id of the record at the end of the path; the row's own id for an empty path. */
  recordId(row: string, path: readonly SqlRelStep[]): SqlFragment;
  /** The record's name (text of a record, choice compared with text). */
  recordName(row: string, path: readonly SqlRelStep[]): SqlFragment;
  /** A choice record's order (`enumOrder`, 999 when missing). */
  choiceOrder(row: string, path: readonly SqlRelStep[]): SqlFragment;
  /** The records of a to-many relationship of the record at the end of the path. */
  related(row: string, path: readonly SqlRelStep[], step: SqlRelStep): SqlRelatedRows;
  /**
   * Records by id (a list parameter such as `[SelectedRecords]`), those the caller may read. Without
   * it, a record-list parameter can only be the right side of `in`.
   */
  records?(ids: readonly string[]): SqlRelatedRows;
  /**
   * A record id from a parameter as a bound value comparable with `recordId` (the server's ids are
   * integers: `CAST(? AS bigint)`). Default: bound as text.
   */
  recordIdValue?(id: string): SqlFragment;
}
