/** A record handed to or returned by the data source. */
export interface EntityRef {
  readonly id: string;
  readonly typeId: string;
}

export type Awaitable<T> = T | Promise<T>;

/**
 * A stored field value, as JSON: text, numbers (Int32 as numbers; Decimal and Currency as numbers or
 * decimal strings), booleans, dates `yyyy-mm-dd`, times `hh:mm[:ss]`, date-times ISO 8601 in UTC.
 */
export type FieldValue = string | number | boolean | null;

/**
 * How evaluation reads records. Every method may return a promise: the evaluator is async so the
 * server can plug in its entity service (SQLite or PostgreSQL) and apply the caller's permissions
 * here — return only what the caller may read. Throw a {@link CalcDataError} for a message the user may
 * see; any other exception becomes `Unexpected error.`
 */
export interface CalcDataSource {
  getField(entity: EntityRef, fieldId: string): Awaitable<FieldValue | undefined>;
  getRelated(
    entity: EntityRef,
    relationshipId: string,
    direction: 'forward' | 'reverse',
  ): Awaitable<readonly EntityRef[]>;
  /** Every readable record of a type, derived types included. */
  all(typeId: string): Awaitable<readonly EntityRef[]>;
  /** One record of a type by name (case-insensitive), or null. */
  byName(typeId: string, name: string): Awaitable<EntityRef | null>;
  nameOf(entity: EntityRef): Awaitable<string | null>;
  /** A choice value's order (`enumOrder`; missing is 999). */
  choiceOrder?(entity: EntityRef): Awaitable<number | null>;
  /** The record's URL in the app runner, for `link(record)`. */
  recordUrl?(entity: EntityRef): string;
}

/** An error from the data source whose message may be shown to the user. */
export class CalcDataError extends Error {
  override readonly name = 'CalcDataError';
}
