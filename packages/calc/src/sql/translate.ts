import type { CompileResult } from '../compile.js';
import type { CalcType } from '../types.js';
import type { SqlDialect } from './dialects/dialect.js';
import { postgresDialect } from './dialects/postgres.js';
import { sqliteDialect } from './dialects/sqlite.js';
import { renderSql, type SqlDialectName, type SqlFragment } from './fragment.js';
import { Unsupported } from './sqlCall.js';
import { Translator } from './Translator.js';
import type { ToSqlOptions } from './toSqlOptions.js';

export type { SqlHooks, SqlRelatedRows, SqlRelStep } from './hooks.js';
export type { ToSqlOptions } from './toSqlOptions.js';

/** The engine's dialect object (anything but PostgreSQL is SQLite, as before dialects were objects). */
const dialectOf = (name: SqlDialectName): SqlDialect =>
  name === 'postgres' ? postgresDialect : sqliteDialect;

export type ToSqlResult =
  | { readonly ok: true; readonly sql: SqlFragment; readonly type: CalcType }
  | { readonly ok: false; readonly error: string };

/**
 * Translates a compiled Report-host expression into one SQL expression for SQLite or PostgreSQL.
 * Values are bound parameters; identifiers come only from the hooks. Never throws.
 *
 * @example
 * const r = toSql(compile('[Qty] * 2', { schema, contextTypeId: 'order', host: 'Report' }), { dialect: 'sqlite', row: 'e0', hooks, timeZone, now: Date.now() });
 * if (r.ok) renderSql(r.sql, 'sqlite'); // { sql: '(CAST(json_extract(e0.data, ?) AS INTEGER) * ?)', params: [...] }
 */
export function toSql(compiled: CompileResult, options: ToSqlOptions): ToSqlResult {
  if (!compiled.ok || !compiled.ast) return { ok: false, error: 'The expression does not compile.' };
  if (compiled.host !== 'Report')
    return { ok: false, error: 'Only expressions compiled for the Report host can run in a report.' };
  if (compiled.isList) return { ok: false, error: 'A list cannot be a report value.' };
  try {
    const tr = new Translator(options, compiled, dialectOf(options.dialect));
    const result = tr.expr(compiled.ast);
    const out = options.output === 'raw' ? result.f : tr.output(result);
    return { ok: true, sql: out, type: { type: result.t, isList: false } };
  } catch (e) {
    if (e instanceof Unsupported) return { ok: false, error: e.message };
    if (e instanceof RangeError) return { ok: false, error: 'Expression is nested too deeply.' };
    throw e;
  }
}

/** {@link toSql} rendered to text with placeholders (`?` or `$n`). */
export function toSqlText(
  compiled: CompileResult,
  options: ToSqlOptions,
): { ok: true; sql: string; params: unknown[]; type: CalcType } | { ok: false; error: string } {
  const r = toSql(compiled, options);
  return r.ok ? { ok: true, ...renderSql(r.sql, options.dialect), type: r.type } : r;
}
