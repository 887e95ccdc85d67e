import type { DatePart } from '../../syntax/ast.js';
import type { BaseType } from '../../types.js';
import type { SqlDialectName, SqlFragment } from '../fragment.js';

/** A translated expression: its SQL and its type. */
export interface SqlValue {
  readonly f: SqlFragment;
  readonly t: BaseType;
  /** Cheap to repeat (a parameter, a literal, a field read): no need to bind it once. */
  readonly simple?: boolean;
}

/** The bound values, in the order given (as many as were passed). */
export type Refs = readonly [SqlFragment, SqlFragment, SqlFragment];

/** What a dialect may use of the translation in progress. */
export interface SqlBuilder {
  /** The tenant's time zone (IANA). */
  readonly timeZone: string;
  /**
   * Uses each non-simple value once: `(SELECT body FROM (SELECT a AS _b1, …) AS _bN)`, so that a
   * value used twice is not computed (or its SQL written) twice.
   */
  bind(xs: readonly SqlValue[], body: (refs: Refs) => SqlFragment, t: BaseType): SqlValue;
}

/** The three aggregates of a list the dialects write differently. */
export interface ListAggregate {
  /** The list's value, per row. */
  readonly item: SqlValue;
  /** `(SELECT select FROM … WHERE …)` over the list's rows. */
  sub(select: SqlFragment): SqlFragment;
}

/**
 * Everything SQLite and PostgreSQL write differently, one object per engine (sqlite.ts,
 * postgres.ts). The translator and the functions' `toSql` hold no engine tests of their own.
 * Values follow calc-language.md: a Decimal is a double in SQLite and a numeric in PostgreSQL, a
 * DateTime ISO text in UTC in SQLite and a timestamptz in PostgreSQL.
 */
export interface SqlDialect {
  readonly name: SqlDialectName;

  // ---- values -------------------------------------------------------------------------------
  /** A Bool literal. */
  bool(v: boolean): SqlFragment;
  /** A non-null value of a type, bound as a parameter (cast so the engine knows its type). */
  value(v: unknown, t: BaseType): SqlFragment;
  /** A stored value from a hook, in the engine's representation of the type. */
  stored(f: SqlFragment, t: BaseType): SqlFragment;
  /** The JSON-ready form of a result (dates `yyyy-mm-dd`, date-times UTC ISO…). */
  output(x: SqlValue, b: SqlBuilder): SqlFragment;
  /** A value widened to a type: a typed null, a Date to midnight in the time zone, Int32 to Decimal. */
  widen(x: SqlValue, to: BaseType, b: SqlBuilder): SqlValue;
  /** A scalar that is not text, a record or a Bool, as text without a format (calc-language.md §3). */
  textOf(x: SqlValue, b: SqlBuilder): SqlValue;

  // ---- casts --------------------------------------------------------------------------------
  /** An integer where the engine wants a 32-bit one (function arguments): PostgreSQL casts. */
  intArg(f: SqlFragment): SqlFragment;
  /** A number as an Int32 result (a 64-bit integer). */
  int32(f: SqlFragment): SqlFragment;
  /** A number as a Decimal. */
  decimal(f: SqlFragment): SqlFragment;
  /** A Bool as a number: 1 or 0. */
  fromBool(x: SqlValue, to: 'Int32' | 'Decimal' | 'Currency'): SqlValue;

  // ---- text ---------------------------------------------------------------------------------
  /** Text ordered by code point (PostgreSQL: the "C" collation). */
  collate(f: SqlFragment): SqlFragment;
  /** `a LIKE p` ignoring case, with no escape character. */
  like(a: SqlFragment, p: SqlFragment): SqlFragment;
  /** Where `needle` first occurs in `hay` (1-based, case-sensitive), 0 when absent. */
  position(hay: SqlFragment, needle: SqlFragment): SqlFragment;
  /** Spaces removed at both ends. */
  trimSpaces(f: SqlFragment): SqlFragment;
  /** Spaces removed at both ends and inner runs of spaces turned into one. */
  squeezeSpaces(f: SqlFragment): SqlFragment;
  /** `need` characters of `ch` repeated (need ≥ 1, ch not ''). */
  fill(ch: SqlFragment, need: SqlFragment): SqlFragment;

  // ---- numbers ------------------------------------------------------------------------------
  /** `+`, `-`, `*`, `/` and `%` of numbers; `/` and `%` give null for a zero divisor. */
  arithmetic(op: string, l: SqlValue, r: SqlValue, t: BaseType, b: SqlBuilder): SqlValue;
  /** `=`, `<`… of two values of comparable types (not text, not records). */
  compare(op: string, a: SqlValue, c: SqlValue, b: SqlBuilder): SqlValue;
  /** `round` (half away from zero) or `trunc` to digits places, negative digits to tens… */
  round(fn: 'round' | 'trunc', x: SqlValue, digits: SqlValue, t: BaseType, b: SqlBuilder): SqlValue;
  /** The mean of a list. */
  avg(list: ListAggregate, t: BaseType, b: SqlBuilder): SqlValue;
  /** The sample or population variance or standard deviation of a list. */
  variance(list: ListAggregate, sample: boolean, root: boolean, t: BaseType): SqlValue;
  /** The SQL aggregate for `min` or `max` of values of a (non-text) type. */
  extremeAggregate(fn: 'min' | 'max', t: BaseType): string;

  // ---- dates and times ----------------------------------------------------------------------
  /** A DateTime on the wall clock of the time zone. */
  local(x: SqlValue, b: SqlBuilder): SqlValue;
  /** The instant of a wall-clock reading (the inverse of `local`). */
  utc(local: SqlValue, b: SqlBuilder): SqlValue;
  /** A Date, or the local date of a DateTime, as a Date. */
  dateOf(x: SqlValue, b: SqlBuilder): SqlValue;
  /** The local time of day of a DateTime. */
  timeOf(x: SqlValue, b: SqlBuilder): SqlValue;
  /** A date part as Int32: of a Date, of a Time, or of a DateTime on the time zone's wall clock. */
  datePart(part: DatePart, x: SqlValue, b: SqlBuilder): SqlValue;
  /** Days from `r` to `l`, both Dates. */
  daysBetween(l: SqlValue, r: SqlValue): SqlValue;
  /** A Date from year, month and day, months and days rolling over. */
  dateFromParts(y: SqlValue, m: SqlValue, d: SqlValue): SqlValue;
  /** A DateTime from a Date and seconds into it on the wall clock; null outside years 1 to 9999. */
  dateTimeFromParts(date: SqlValue, secs: SqlFragment, b: SqlBuilder): SqlValue;
  /** A Time from seconds since midnight, wrapping around the day. */
  timeFromSeconds(secs: SqlFragment): SqlValue;
  /** `dateadd` (and Date ± days): calendar parts on the wall clock, clamped to the month's end. */
  addCalendar(x: SqlValue, part: DatePart, n: SqlValue, b: SqlBuilder): SqlValue;
  /** `datediff`: boundaries crossed on the wall clock, end minus start. */
  dateDiff(part: DatePart, start: SqlValue, end: SqlValue, b: SqlBuilder): SqlValue;
}
