import { msg } from '../messages.js';
import type { CallNode, Expr } from '../syntax/ast.js';
import type { BaseType } from '../types.js';
import type { SqlBuilder, SqlDialect, SqlValue } from './dialects/dialect.js';
import type { SqlFragment } from './fragment.js';
import type { SqlRelStep } from './hooks.js';

/** A construct with no SQL translation; `toSql` returns its message as the error. */
export class Unsupported extends Error {}

/** The error for a function that cannot run in a report (as the checker words it). */
export const unavailable = (fn: string) => new Unsupported(msg.unavailableInReports(fn));

/** A record reached by single-valued steps from a row. */
export interface RecordRef {
  readonly row: string;
  readonly path: readonly SqlRelStep[];
}

/** A list: rows of a subquery and the value each row contributes. */
export interface ListSource {
  readonly from: SqlFragment;
  readonly where: SqlFragment;
  readonly row: string | undefined;
  readonly item: SqlValue;
  readonly record?: RecordRef;
}

/** What a function's `toSql` may use of the translation in progress (the translator implements it). */
export interface SqlContext extends SqlBuilder {
  readonly dialect: SqlDialect;
  /** The clock (epoch ms), for `getdate()` and the like; bound as a value. */
  readonly now: number;
  expr(node: Expr): SqlValue;
  /** A bound value of a type (null as NULL). */
  value(v: unknown, t: BaseType): SqlValue;
  bool(v: boolean): SqlFragment;
  widen(x: SqlValue, to: BaseType): SqlValue;
  /** A value as text (calc-language.md §3): the evaluator's `toText` without a format. */
  textOf(x: SqlValue, node?: Expr): SqlValue;
  /** An operand as text, a record as its name. */
  textOfOperand(node: Expr): SqlValue;
  /** `=`, `<`… of two expressions, by the checker's comparison rules. */
  compare(op: string, left: Expr, right: Expr): SqlValue;
  /** Translates `body` with `node` computed once, however often it is read. */
  withFixed(node: Expr, body: () => SqlValue, t: BaseType): SqlValue;
  isRecord(node: Expr): boolean;
  /** A record-typed expression as its id. */
  recordIdOf(node: Expr): SqlValue;
  /** The record a record-typed expression stands for (`context()`, a relationship), as its id. */
  recordOf(node: Expr): SqlValue;
  /** A list-typed expression as rows of a subquery. */
  list(node: Expr): ListSource;
  /** The smallest or largest non-null value of rows: text ignoring case (keeping its case). */
  extreme(fn: 'min' | 'max', from: SqlFragment, where: SqlFragment, item: SqlValue, t: BaseType): SqlValue;
  /** A fresh alias for a derived table, e.g. `_m3`. */
  alias(prefix: string): string;
}

/** A call being translated, as a function's `toSql` receives it. */
export interface SqlCall {
  readonly node: CallNode;
  /** The call's result type (never None: a None-typed call is NULL without asking). */
  readonly type: BaseType;
  readonly sql: SqlContext;
  /** Argument `i` translated (each read translates it again). */
  arg(i: number): SqlValue;
}
