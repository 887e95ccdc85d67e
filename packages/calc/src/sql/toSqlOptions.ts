import type { SqlDialectName } from './fragment.js';
import type { SqlHooks } from './hooks.js';

export interface ToSqlOptions {
  readonly dialect: SqlDialectName;
  /** The alias of the context record; required when the expression reads fields. */
  readonly row?: string;
  readonly hooks: SqlHooks;
  /** The tenant's time zone (IANA), for date parts of DateTimes and wall-clock literals. */
  readonly timeZone: string;
  /** Epoch ms for `getdate()` / `getdatetime()` / `gettime()`; computed here, bound as values. */
  readonly now: number;
  /** Values of declared parameters, as `evaluate` takes them (Decimal as text, records as ids). */
  readonly params?: Readonly<Record<string, unknown>>;
  /**
   * `value` (default): JSON-ready output — dates `yyyy-mm-dd`, date-times UTC ISO with
   * milliseconds, times `hh:mm:ss`, SQLite Decimals rounded to 14 significant digits. `raw`: the
   * engine's own representation, for `WHERE` and `ORDER BY`.
   */
  readonly output?: 'value' | 'raw';
}
