import type { CalcDataSource, EntityRef } from '../data.js';

/** How `evaluate` runs an expression: its record, parameters, clock, time zone, data and limits. */
export interface EvaluateOptions {
  /** The current record, for bare field names and `context()`. */
  readonly context?: EntityRef | null;
  /** Parameter values as JSON, by declared name (case-insensitive); records as ids or `{ id, typeId }`. */
  readonly params?: Readonly<Record<string, unknown>>;
  /** The clock (epoch ms). Read once for `getdate()` and `now()`, and again to enforce the time limit. */
  readonly clock: () => number;
  /** IANA time zone for date parts and wall-clock times, e.g. `Australia/Sydney`. */
  readonly timeZone: string;
  /** Records; without one, fields read as null and `all` is empty. */
  readonly data?: CalcDataSource;
  /** Defaults: 1,000,000 steps and 2,000 ms (calc-language.md §7). */
  readonly limits?: { readonly maxSteps?: number; readonly maxMillis?: number };
}
