import type { Expr } from '../syntax/ast.js';
import type { BaseType } from '../types.js';
import type { SqlValue } from './dialects/dialect.js';
import type { SqlFragment } from './fragment.js';
import type { SqlHooks } from './hooks.js';
import type { RecordRef, SqlContext } from './sqlCall.js';

/** The translation in progress as the operators and lists read it (the translator implements it). */
export interface Translation extends SqlContext {
  readonly hooks: SqlHooks;
  /** Rows that bare field names read, innermost last (`where` pushes the related row). */
  readonly rows: (string | undefined)[];
  /** The record bare field names read. */
  here(): RecordRef;
  /** The record a record-typed expression stands for, as a row and path. */
  record(node: Expr): RecordRef;
  isChoice(node: Expr): boolean;
  /** A stored value from a hook, in the engine's representation of the type. */
  stored(f: SqlFragment, t: BaseType): SqlValue;
  /** A declared parameter's value, as `evaluate` takes it (case-insensitive name). */
  paramValue(name: string): unknown;
  /** A parameter value (or an item of a list parameter) as a bound value of its type. */
  paramItem(v: unknown, t: BaseType): SqlValue;
}
