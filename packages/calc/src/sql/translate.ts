import type { CompileResult } from '../compile.js';
import { DAY_NAMES, MONTH_NAMES } from '../evaluate/dateMath.js';
import { fromLocalMs, toLocalMs } from '../evaluate/time.js';
import { DAY_MS } from '../evaluate/values.js';
import type { CallNode, DatePart, Expr, LetNode } from '../syntax/ast.js';
import { type BaseType, type CalcType, isNumeric } from '../types.js';
import {
  joinSql,
  sqlFragment as q,
  rawSql,
  renderSql,
  type SqlDialect,
  type SqlFragment,
} from './fragment.js';
import { unavailableInReports } from './support.js';
import { zoneTable } from './zone.js';

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

export interface ToSqlOptions {
  readonly dialect: SqlDialect;
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

export type ToSqlResult =
  | { readonly ok: true; readonly sql: SqlFragment; readonly type: CalcType }
  | { readonly ok: false; readonly error: string };

class Unsupported extends Error {}

interface Tx {
  readonly f: SqlFragment;
  readonly t: BaseType;
  /** Cheap to repeat (a parameter, a literal, a field read): no need to bind it once. */
  readonly simple?: boolean;
}

/** A record reached by single-valued steps from a row. */
interface RecordRef {
  readonly row: string;
  readonly path: readonly SqlRelStep[];
}

/** A list: rows of a subquery and the value each row contributes. */
interface ListSource {
  readonly from: SqlFragment;
  readonly where: SqlFragment;
  readonly row: string | undefined;
  readonly item: Tx;
  readonly record?: RecordRef;
}

const NULL = rawSql('NULL');

const AGGREGATES = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'countunique',
  'isempty',
  'var',
  'varp',
  'stdev',
  'stdevp',
]);

/** The longest text a calculation builds (as the evaluator's limit); padding past it gives null here. */
const MAX_TEXT = 10_000_000;

/** The bound values, in the order given (as many as were passed). */
type Refs = readonly [SqlFragment, SqlFragment, SqlFragment];

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
    const tr = new Translator(options, compiled);
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

const PG_TYPE: Partial<Record<BaseType, string>> = {
  String: 'text',
  Int32: 'bigint',
  Decimal: 'numeric',
  Currency: 'numeric',
  Bool: 'boolean',
  Date: 'date',
  Time: 'time',
  DateTime: 'timestamptz',
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const utcIso = (ms: number) => new Date(ms).toISOString();

class Translator {
  private readonly pg: boolean;
  private readonly rows: (string | undefined)[];
  private readonly scopes: Map<string, Tx | { record: RecordRef }>[] = [];
  private binds = 0;
  /** Sub-expressions already bound once, read again by reference (`x in (a, b)`, `case x when …`). */
  private readonly fixed = new Map<Expr, Tx>();

  constructor(
    private readonly o: ToSqlOptions,
    private readonly compiled: CompileResult,
  ) {
    this.pg = o.dialect === 'postgres';
    this.rows = [o.row];
  }

  // ---- values -------------------------------------------------------------------------------

  /** A bound value of a type, cast so PostgreSQL knows its type. */
  private value(v: unknown, t: BaseType): Tx {
    if (v === null || v === undefined) return { f: NULL, t: 'None', simple: true };
    if (t === 'Bool') return { f: rawSql(this.pg ? (v ? 'TRUE' : 'FALSE') : v ? '1' : '0'), t, simple: true };
    if (this.pg) return { f: q`CAST(${v} AS ${rawSql(PG_TYPE[t] ?? 'text')})`, t, simple: true };
    if (t === 'Decimal' || t === 'Currency') return { f: q`${Number(v)}`, t, simple: true };
    // A JavaScript number binds as a double in SQLite; Int32 must stay an integer.
    if (t === 'Int32') return { f: q`CAST(${v} AS INTEGER)`, t, simple: true };
    return { f: q`${v}`, t, simple: true };
  }

  /** A stored value from a hook, in the engine's representation of the type. */
  private stored(f: SqlFragment, t: BaseType): Tx {
    if (this.pg) return { f: q`CAST(${f} AS ${rawSql(PG_TYPE[t] ?? 'text')})`, t, simple: true };
    switch (t) {
      case 'Decimal':
      case 'Currency':
        return { f: q`CAST(${f} AS REAL)`, t, simple: true };
      case 'DateTime':
        return { f: q`strftime('%Y-%m-%dT%H:%M:%fZ', ${f})`, t, simple: true };
      case 'Time':
        return { f: q`time(${f})`, t, simple: true };
      default:
        return { f, t, simple: true };
    }
  }

  /** The JSON-ready form of a result. */
  output(x: Tx): SqlFragment {
    if (this.pg) {
      switch (x.t) {
        case 'Date':
          return q`to_char(${x.f}, 'YYYY-MM-DD')`;
        case 'DateTime':
          return q`to_char(${x.f} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
        case 'Time':
          return q`CAST(${x.f} AS text)`;
        case 'Decimal':
        case 'Currency':
          return q`trim_scale(${x.f})`;
        default:
          return x.f;
      }
    }
    if (x.t === 'Decimal' || x.t === 'Currency') return this.round15(x).f;
    return x.f;
  }

  /** SQLite doubles to 14 significant digits, so `0.1 + 0.2` reads 0.3. Null stays null. */
  private round15(x: Tx): Tx {
    return this.bind(
      [x],
      ([v]) => q`CASE WHEN ${v} IS NULL THEN NULL ELSE CAST(printf('%.14g', ${v}) AS REAL) END`,
      x.t,
    );
  }

  /**
   * Uses each non-simple value once: `(SELECT body FROM (SELECT a AS _b1, …) AS _bN)`, so that a
   * value used twice is not computed (or its SQL written) twice.
   */
  private bind(xs: readonly Tx[], body: (refs: Refs) => SqlFragment, t: BaseType): Tx {
    const cols: SqlFragment[] = [];
    const refs = xs.map((x) => {
      if (x.simple) return x.f;
      const name = `_b${++this.binds}`;
      cols.push(q`${x.f} AS ${rawSql(name)}`);
      return rawSql(name);
    });
    if (cols.length === 0) return { f: q`(${body(refs as unknown as Refs)})`, t };
    const alias = rawSql(`_t${++this.binds}`);
    return { f: q`(SELECT ${body(refs as unknown as Refs)} FROM (SELECT ${joinSql(cols)}) AS ${alias})`, t };
  }

  // ---- the tree -----------------------------------------------------------------------------

  expr(node: Expr): Tx {
    const fixed = this.fixed.get(node);
    if (fixed) return fixed;
    const t = node.t?.type ?? 'None';
    if (node.t?.isList) throw new Unsupported('A list cannot be used here in a report.');
    // A None-typed expression (null, abs(null), iif(c, null, null)…) is always null.
    if (t === 'None') return { f: NULL, t, simple: true };
    switch (node.kind) {
      case 'Literal':
        return this.literal(node.valueType, node.value);
      case 'Param':
        return this.param(node.resolved?.kind === 'param' ? node.resolved.name : node.name, t);
      case 'Name':
      case 'Member': {
        const r = node.resolved;
        if (r?.kind === 'variable') {
          const v = this.lookup(r.name);
          if ('record' in v) return this.recordValue(v.record);
          return v;
        }
        if (r?.kind === 'param') return this.param(r.name, t);
        if (r?.kind === 'field') {
          const at = node.kind === 'Name' ? this.here() : this.record(node.object);
          return this.stored(this.o.hooks.field(at.row, at.path, r.fieldId, r.fieldType), r.fieldType);
        }
        if (r?.kind === 'relationship') return this.recordValue(this.record(node));
        throw new Unsupported(`'${node.name}' cannot be used in a report.`);
      }
      case 'Call':
        return this.call(node, t);
      case 'Unary': {
        const x = this.expr(node.operand);
        if (node.op === 'not') return { f: q`(NOT ${x.f})`, t: 'Bool' };
        return { f: q`(-${x.f})`, t };
      }
      case 'Binary':
        return this.binary(node, t);
      case 'Like': {
        const l = this.textOfOperand(node.left);
        const p = this.expr(node.pattern);
        // '' and '%' match everything, '' included; otherwise LIKE ignoring case with no escape.
        const like = this.pg ? 'ILIKE' : 'LIKE';
        const esc = this.pg ? " ESCAPE ''" : '';
        const r = this.bind(
          [l, p],
          ([a, b]) =>
            q`CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL WHEN ${b} = '' THEN ${this.bool(true)} ELSE ${a} ${rawSql(like)} ${b}${rawSql(esc)} END`,
          'Bool',
        );
        return node.negated ? { f: q`(NOT ${r.f})`, t: 'Bool' } : r;
      }
      case 'IsNull': {
        const x = this.isRecord(node.operand) ? this.recordIdOf(node.operand) : this.expr(node.operand);
        return { f: q`(${x.f} IS ${rawSql(node.negated ? 'NOT NULL' : 'NULL')})`, t: 'Bool' };
      }
      case 'InTuple': {
        const any = this.withFixed(
          node.left,
          () => {
            const ors = node.items.map((item) => this.compare('=', node.left, item));
            return {
              f: q`(${joinSql(
                ors.map((x) => x.f),
                ' OR ',
              )})`,
              t: 'Bool',
            };
          },
          'Bool',
        );
        return node.negated ? { f: q`(NOT ${any.f})`, t: 'Bool' } : any;
      }
      case 'InList': {
        if (node.single) {
          const eq = this.compare('=', node.left, node.list);
          return node.negated ? { f: q`(NOT ${eq.f})`, t: 'Bool' } : eq;
        }
        const left = this.isRecord(node.left) ? this.recordIdOf(node.left) : this.expr(node.left);
        const src = this.list(node.list);
        const item = src.record ? this.o.hooks.recordId(src.record.row, src.record.path) : src.item.f;
        const cond = this.equalsSql(left, { f: item, t: src.item.t, simple: true }, node.left, src);
        const exists = q`EXISTS (SELECT 1 ${src.from} WHERE ${src.where} AND ${cond.f})`;
        const r = this.bind(
          [left],
          ([l]) =>
            q`CASE WHEN ${l} IS NULL THEN NULL WHEN ${exists} THEN ${this.bool(!node.negated)} ELSE ${this.bool(node.negated)} END`,
          'Bool',
        );
        return r;
      }
      case 'Template': {
        const parts = node.parts.map((p) =>
          typeof p === 'string'
            ? this.value(p, 'String').f
            : q`coalesce(${this.textOf(this.expr(p), p).f}, '')`,
        );
        return { f: parts.length === 0 ? q`${''}` : q`(${joinSql(parts, ' || ')})`, t: 'String' };
      }
      case 'Case': {
        const build = (): Tx => {
          const whens = node.whens.map((w) => {
            const cond = node.subject ? this.compare('=', node.subject, w.when) : this.expr(w.when);
            return q`WHEN ${cond.f} THEN ${this.widen(this.expr(w.result), t).f}`;
          });
          const otherwise = node.otherwise ? this.widen(this.expr(node.otherwise), t).f : NULL;
          return { f: q`(CASE ${joinSql(whens, ' ')} ELSE ${otherwise} END)`, t };
        };
        return node.subject ? this.withFixed(node.subject, build, t) : build();
      }
      case 'Let': {
        const scope = new Map<string, Tx | { record: RecordRef }>();
        this.scopes.push(scope);
        try {
          return this.letFrom(node, 0, scope, t);
        } finally {
          this.scopes.pop();
        }
      }
      case 'Where':
      case 'OrderBy':
        throw new Unsupported('A list cannot be used here in a report.');
    }
  }

  /**
   * Translates `body` with `node` computed once: a value compared several times (the left of
   * `in (…)`, a `case` subject) is bound in a derived table, so the SQL stays linear in the input.
   */
  private withFixed(node: Expr, body: () => Tx, t: BaseType): Tx {
    if (this.isRecord(node)) return body();
    const x = this.expr(node);
    const run = (ref: Tx) => {
      this.fixed.set(node, ref);
      try {
        return body();
      } finally {
        this.fixed.delete(node);
      }
    };
    if (x.simple) return run(x);
    return this.bind([x], ([ref]) => run({ f: ref, t: x.t, simple: true }).f, t);
  }

  /** `let`: each non-trivial value bound once, the variable read by reference. */
  private letFrom(node: LetNode, i: number, scope: Map<string, Tx | { record: RecordRef }>, t: BaseType): Tx {
    const b = node.bindings[i];
    if (!b) return this.expr(node.body);
    const name = b.name.toLowerCase();
    const rec = this.isRecord(b.value) ? this.tryRecord(b.value) : undefined;
    if (rec) {
      scope.set(name, { record: rec });
      return this.letFrom(node, i + 1, scope, t);
    }
    const x = this.expr(b.value);
    if (x.simple) {
      scope.set(name, x);
      return this.letFrom(node, i + 1, scope, t);
    }
    return this.bind(
      [x],
      ([ref]) => {
        scope.set(name, { f: ref, t: x.t, simple: true });
        return this.letFrom(node, i + 1, scope, t).f;
      },
      t,
    );
  }

  private literal(type: string, value: string | boolean | null): Tx {
    switch (type) {
      case 'None':
        return { f: NULL, t: 'None', simple: true };
      case 'Bool':
        return this.value(value, 'Bool');
      case 'Int32':
        return this.value(Number(value), 'Int32');
      case 'DateTime': {
        const text = String(value);
        const utc = text.endsWith('Z');
        const ms = Date.parse(`${utc ? text : `${text}Z`}`);
        return this.value(utcIso(utc ? ms : fromLocalMs(ms, this.o.timeZone)), 'DateTime');
      }
      case 'Time': {
        const [h = '0', m = '0', s = '0'] = String(value).split(':');
        return this.value(`${pad(Number(h))}:${pad(Number(m))}:${pad(Math.floor(Number(s)))}`, 'Time');
      }
      default:
        return this.value(value, type as BaseType);
    }
  }

  private param(name: string, t: BaseType): Tx {
    const values = this.o.params ?? {};
    const key = Object.keys(values).find((k) => k.toLowerCase() === name.toLowerCase());
    const v = key === undefined ? null : values[key];
    if (t === 'Entity') return this.recordIdParam(v);
    if (t === 'DateTime' && typeof v === 'string') return this.value(utcIso(Date.parse(v)), t);
    if (t === 'Time' && typeof v === 'string') return this.literal('Time', v);
    return this.value(v, t);
  }

  /** A record id from a parameter, bound the way the server compares ids. */
  private recordIdParam(v: unknown): Tx {
    if (v === null || v === undefined) return { f: NULL, t: 'None', simple: true };
    const id = typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v;
    const f = this.o.hooks.recordIdValue
      ? this.o.hooks.recordIdValue(String(id))
      : this.value(String(id), 'String').f;
    return { f, t: 'Entity', simple: true };
  }

  private lookup(name: string): Tx | { record: RecordRef } {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const v = this.scopes[i]!.get(name);
      if (v) return v;
    }
    throw new Unsupported(`'${name}' cannot be used in a report.`);
  }

  private bool(v: boolean): SqlFragment {
    return rawSql(this.pg ? (v ? 'TRUE' : 'FALSE') : v ? '1' : '0');
  }

  // ---- records ------------------------------------------------------------------------------

  private here(): RecordRef {
    const row = this.rows[this.rows.length - 1];
    if (row === undefined) throw new Unsupported('The report has no record to read fields from.');
    return { row, path: [] };
  }

  private isRecord(node: Expr): boolean {
    return node.t?.type === 'Entity' && !node.t.isList;
  }

  private tryRecord(node: Expr): RecordRef | undefined {
    try {
      return this.record(node);
    } catch (e) {
      if (e instanceof Unsupported) return undefined;
      throw e;
    }
  }

  /** The record a record-typed expression stands for, as a row and path. */
  private record(node: Expr): RecordRef {
    if (node.kind === 'Call' && node.fn === 'context')
      return { row: this.o.row ?? this.here().row, path: [] };
    if ((node.kind === 'Name' || node.kind === 'Member') && node.resolved?.kind === 'variable') {
      const v = this.lookup(node.resolved.name);
      if ('record' in v) return v.record;
    }
    if ((node.kind === 'Name' || node.kind === 'Member') && node.resolved?.kind === 'relationship') {
      const r = node.resolved;
      if (r.isList || node.t?.isList) throw new Unsupported('A list cannot be used here in a report.');
      const base = node.kind === 'Name' ? this.here() : this.record(node.object);
      return {
        row: base.row,
        path: [
          ...base.path,
          { relationshipId: r.relationshipId, direction: r.direction, toTypeId: r.toTypeId },
        ],
      };
    }
    throw new Unsupported('Only records reached through relationships can be read in a report.');
  }

  /** A record-typed expression as its id. */
  private recordIdOf(node: Expr): Tx {
    const ref = this.tryRecord(node);
    if (ref) return { f: this.o.hooks.recordId(ref.row, ref.path), t: 'Entity', simple: true };
    const x = this.expr(node);
    return x;
  }

  private recordValue(ref: RecordRef): Tx {
    return { f: this.o.hooks.recordId(ref.row, ref.path), t: 'Entity', simple: true };
  }

  private isChoice(node: Expr): boolean {
    const id = node.t?.type === 'Entity' ? node.t.entityTypeId : undefined;
    return id !== undefined && this.compiled.schema?.getType(id)?.isChoice === true;
  }

  // ---- text ---------------------------------------------------------------------------------

  private textOfOperand(node: Expr): Tx {
    return this.textOf(this.isRecord(node) ? this.recordIdOf(node) : this.expr(node), node);
  }

  /** A value as text (calc-language.md §3): the evaluator's `toText` without a format. */
  private textOf(x: Tx, node?: Expr): Tx {
    switch (x.t) {
      case 'String':
      case 'None':
        return x;
      case 'Entity': {
        const ref = node ? this.tryRecord(node) : undefined;
        if (!ref)
          throw new Unsupported(
            'Only records reached through relationships can be shown as text in a report.',
          );
        return { f: this.o.hooks.recordName(ref.row, ref.path), t: 'String', simple: true };
      }
      case 'Int32':
        return { f: q`CAST(${x.f} AS ${rawSql(this.pg ? 'text' : 'TEXT')})`, t: 'String' };
      case 'Bool':
        return this.bind(
          [x],
          ([v]) => q`CASE WHEN ${v} IS NULL THEN NULL WHEN ${v} THEN 'true' ELSE 'false' END`,
          'String',
        );
      case 'Decimal':
        return this.pg
          ? { f: q`CAST(trim_scale(${x.f}) AS text)`, t: 'String' }
          : this.bind(
              [x],
              ([v]) => q`CASE WHEN ${v} IS NULL THEN NULL ELSE printf('%.14g', ${v}) END`,
              'String',
            );
      case 'Currency':
        return this.pg
          ? this.bind(
              [x],
              ([v]) =>
                q`CASE WHEN scale(trim_scale(${v})) < 2 THEN CAST(round(${v}, 2) AS text) ELSE CAST(trim_scale(${v}) AS text) END`,
              'String',
            )
          : this.bind(
              [x],
              ([v]) =>
                q`CASE WHEN ${v} IS NULL THEN NULL WHEN round(${v}, 2) = CAST(printf('%.14g', ${v}) AS REAL) THEN printf('%.2f', ${v}) ELSE printf('%.14g', ${v}) END`,
              'String',
            );
      case 'Date':
        return this.pg ? { f: q`to_char(${x.f}, 'YYYY-MM-DD')`, t: 'String' } : { ...x, t: 'String' };
      case 'Time':
        return this.pg ? { f: q`CAST(${x.f} AS text)`, t: 'String' } : { ...x, t: 'String' };
      case 'DateTime': {
        const local = this.local(x);
        return this.pg
          ? { f: q`to_char(${local.f}, 'YYYY-MM-DD HH24:MI:SS')`, t: 'String' }
          : { f: q`strftime('%Y-%m-%d %H:%M:%S', ${local.f})`, t: 'String' };
      }
    }
  }

  // ---- time zones ---------------------------------------------------------------------------

  /**
   * A DateTime on the wall clock of the time zone. PostgreSQL: a `timestamp`. SQLite: canonical
   * ISO text of the local reading, the offset looked up in {@link zoneTable} (a JSON parameter).
   */
  private local(x: Tx): Tx {
    if (this.pg)
      return { f: q`(${x.f} AT TIME ZONE ${this.value(this.o.timeZone, 'String').f})`, t: 'DateTime' };
    return this.bind([x], ([v]) => this.sqliteShift(v, '+'), 'DateTime');
  }

  /** The instant of a wall-clock reading (the inverse of {@link local}). */
  private utc(local: Tx): Tx {
    if (this.pg)
      return { f: q`(${local.f} AT TIME ZONE ${this.value(this.o.timeZone, 'String').f})`, t: 'DateTime' };
    // As fromLocalMs: the offset at (local − offset at local).
    return this.bind([local], ([v]) => this.sqliteShift(v, '-', this.sqliteShift(v, '-')), 'DateTime');
  }

  private sqliteShift(v: SqlFragment, sign: '+' | '-', at: SqlFragment = v): SqlFragment {
    const table = zoneTable(this.o.timeZone);
    const offset =
      table.length === 1
        ? q`${table[0]![1]}`
        : q`(SELECT json_extract(z.value, '$[1]') FROM json_each(${JSON.stringify(table)}) AS z WHERE json_extract(z.value, '$[0]') <= ${at} ORDER BY CAST(z.key AS INTEGER) DESC LIMIT 1)`;
    return q`strftime('%Y-%m-%dT%H:%M:%fZ', ${v}, ${rawSql(sign === '+' ? '' : "'-' || ")}${offset} || ' seconds')`;
  }

  /** A Date widened to a DateTime: midnight in the time zone. */
  /** PostgreSQL: a quotient rounded to 34 significant digits, half away from zero, as the evaluator. */
  private sig34(x: Tx): Tx {
    return this.bind(
      [x],
      ([v]) =>
        q`CASE WHEN ${v} IS NULL OR ${v} = 0 THEN ${v} ELSE trim_scale(round(${v}, CAST(33 - floor(log(abs(${v}))) AS integer))) END`,
      x.t,
    );
  }

  private widen(x: Tx, to: BaseType): Tx {
    // PostgreSQL types a bare NULL as text; give it the type it stands for.
    if (x.t === 'None' && this.pg && PG_TYPE[to])
      return { f: q`CAST(${x.f} AS ${rawSql(PG_TYPE[to]!)})`, t: to, simple: true };
    if (x.t === 'Date' && to === 'DateTime') {
      return this.pg
        ? {
            f: q`(CAST(${x.f} AS timestamp) AT TIME ZONE ${this.value(this.o.timeZone, 'String').f})`,
            t: 'DateTime',
          }
        : this.utc({ f: q`strftime('%Y-%m-%dT%H:%M:%fZ', ${x.f})`, t: 'DateTime' });
    }
    if (this.pg && x.t === 'Int32' && (to === 'Decimal' || to === 'Currency'))
      return { f: q`CAST(${x.f} AS numeric)`, t: to };
    return x;
  }

  /** A Date, or the local date of a DateTime, as a Date. */
  private dateOf(x: Tx): Tx {
    if (x.t !== 'DateTime') return x;
    const l = this.local(x);
    return this.pg ? { f: q`CAST(${l.f} AS date)`, t: 'Date' } : { f: q`date(${l.f})`, t: 'Date' };
  }

  // ---- operators ----------------------------------------------------------------------------

  private binary(node: Extract<Expr, { kind: 'Binary' }>, t: BaseType): Tx {
    const op = node.op;
    if (op === 'and' || op === 'or') {
      const l = this.expr(node.left);
      const r = this.expr(node.right);
      return { f: q`(${l.f} ${rawSql(op === 'and' ? 'AND' : 'OR')} ${r.f})`, t: 'Bool' };
    }
    if (['=', '<>', '<', '<=', '>', '>='].includes(op))
      return this.compare(op, node.left, node.right, node.mode);
    if (op === '&' || node.mode === 'text') {
      const l = this.textOfOperand(node.left);
      const r = this.textOfOperand(node.right);
      if (op === '&') return { f: q`(coalesce(${l.f}, '') || coalesce(${r.f}, ''))`, t: 'String' };
      return this.bind(
        [l, r],
        ([a, b]) =>
          q`CASE WHEN ${a} IS NULL AND ${b} IS NULL THEN NULL ELSE coalesce(${a}, '') || coalesce(${b}, '') END`,
        'String',
      );
    }
    if (node.mode === 'none') return { f: NULL, t: 'None', simple: true };
    const l = this.expr(node.left);
    const r = this.expr(node.right);
    if (node.mode === 'date') return this.dateArithmetic(op, l, r, t);
    return this.arithmetic(op, l, r, t);
  }

  private arithmetic(op: string, l: Tx, r: Tx, t: BaseType): Tx {
    const decimal = t === 'Decimal' || t === 'Currency';
    if (op === '/') {
      if (this.pg) return this.sig34({ f: q`(CAST(${l.f} AS numeric(1000, 60)) / NULLIF(${r.f}, 0))`, t });
      return { f: q`(CAST(${l.f} AS REAL) / NULLIF(${r.f}, 0))`, t };
    }
    if (op === '%') {
      if (this.pg) return { f: q`mod(${this.widen(l, t).f}, NULLIF(${this.widen(r, t).f}, 0))`, t };
      // SQLite's % works on integers only; mod() keeps the dividend's sign for doubles too.
      return decimal
        ? { f: q`mod(${l.f}, NULLIF(${r.f}, 0))`, t }
        : { f: q`(${l.f} % NULLIF(${r.f}, 0))`, t };
    }
    const a = this.pg ? this.widen(l, t) : l;
    const b = this.pg ? this.widen(r, t) : r;
    return { f: q`(${a.f} ${rawSql(op)} ${b.f})`, t };
  }

  private dateArithmetic(op: string, l: Tx, r: Tx, t: BaseType): Tx {
    if (t === 'Int32') {
      // Date − Date: days.
      return this.pg
        ? { f: q`(${l.f} - ${r.f})`, t }
        : { f: q`CAST(round(julianday(${l.f}) - julianday(${r.f})) AS INTEGER)`, t };
    }
    const [d, n] = l.t === 'Date' || l.t === 'DateTime' ? [l, r] : [r, l];
    const days = op === '-' ? { f: q`(-${n.f})`, t: 'Int32' as const } : n;
    return this.addCalendar(d, 'day', days);
  }

  /** `=`, `<>`, `<`… by the checker's comparison mode. */
  private compare(op: string, left: Expr, right: Expr, given?: string): Tx {
    const mode = given ?? this.modeOf(left, right);
    const sqlOp = rawSql(op);
    switch (mode) {
      case 'none':
        return { f: NULL, t: 'Bool', simple: true };
      case 'entity': {
        const a = this.recordIdOf(left);
        const b = this.recordIdOf(right);
        return { f: q`(${a.f} ${sqlOp} ${b.f})`, t: 'Bool' };
      }
      case 'choiceName': {
        const a = this.textOfOperand(left);
        const b = this.textOfOperand(right);
        return this.textCompare(op, a, b);
      }
      case 'choiceOrder': {
        const a = this.record(left);
        const b = this.record(right);
        const ia = this.o.hooks.recordId(a.row, a.path);
        const ib = this.o.hooks.recordId(b.row, b.path);
        const oa = this.o.hooks.choiceOrder(a.row, a.path);
        const ob = this.o.hooks.choiceOrder(b.row, b.path);
        return {
          f: q`(CASE WHEN ${ia} IS NULL OR ${ib} IS NULL THEN NULL ELSE coalesce(${oa}, 999) ${sqlOp} coalesce(${ob}, 999) END)`,
          t: 'Bool',
        };
      }
      case 'text':
        return this.textCompare(op, this.expr(left), this.expr(right));
      default: {
        let a = this.expr(left);
        let b = this.expr(right);
        if (a.t === 'DateTime' || b.t === 'DateTime') {
          a = this.widen(a, 'DateTime');
          b = this.widen(b, 'DateTime');
        }
        const decimal = [a.t, b.t].some((x) => x === 'Decimal' || x === 'Currency');
        if (decimal && !this.pg) {
          // Doubles compare at 14 significant digits, so 0.1 + 0.2 = 0.3 holds.
          return this.bind(
            [a, b],
            ([x, y]) =>
              q`CASE WHEN ${x} IS NULL OR ${y} IS NULL THEN NULL ELSE CAST(printf('%.14g', ${x}) AS REAL) ${sqlOp} CAST(printf('%.14g', ${y}) AS REAL) END`,
            'Bool',
          );
        }
        return { f: q`(${a.f} ${sqlOp} ${b.f})`, t: 'Bool' };
      }
    }
  }

  private modeOf(left: Expr, right: Expr): string {
    const l = left.t;
    const r = right.t;
    if (!l || !r || l.type === 'None' || r.type === 'None') return 'none';
    if (l.type === 'Entity' && r.type === 'Entity') return 'entity';
    if (l.type === 'Entity' || r.type === 'Entity') return 'choiceName';
    if (l.type === 'String' && r.type === 'String') return 'text';
    return isNumeric(l) ? 'number' : 'other';
  }

  /** Text compared ignoring case, ordinally (PostgreSQL: the "C" collation). */
  private textCompare(op: string, a: Tx, b: Tx): Tx {
    const c = rawSql(this.pg ? ' COLLATE "C"' : '');
    return { f: q`(lower(${a.f})${c} ${rawSql(op)} lower(${b.f})${c})`, t: 'Bool' };
  }

  /** `=` between a value and a list item (for `in list`). */
  private equalsSql(left: Tx, item: Tx, leftNode: Expr, src: ListSource): Tx {
    if (left.t === 'String' && (item.t === 'String' || item.t === 'None'))
      return this.textCompare('=', left, item);
    if (this.isChoice(leftNode) && item.t === 'String' && src.record === undefined) {
      const name = this.textOfOperand(leftNode);
      return this.textCompare('=', name, item);
    }
    if (left.t === 'String' && src.record) {
      return this.textCompare('=', left, {
        f: this.o.hooks.recordName(src.record.row, src.record.path),
        t: 'String',
      });
    }
    let a = left;
    let b = item;
    if (a.t === 'DateTime' || b.t === 'DateTime') {
      a = this.widen(a, 'DateTime');
      b = this.widen(b, 'DateTime');
    }
    return { f: q`(${a.f} = ${b.f})`, t: 'Bool' };
  }

  // ---- lists --------------------------------------------------------------------------------

  /** A list-typed expression as rows of a subquery. */
  private list(node: Expr): ListSource {
    if (node.kind === 'Where') {
      const src = this.list(node.source);
      this.rows.push(src.record ? src.record.row : this.rows[this.rows.length - 1]);
      try {
        const cond = this.expr(node.cond);
        return { ...src, where: q`${src.where} AND ${cond.f}` };
      } finally {
        this.rows.pop();
      }
    }
    if ((node.kind === 'Name' || node.kind === 'Member') && node.resolved?.kind === 'relationship') {
      const r = node.resolved;
      const step = { relationshipId: r.relationshipId, direction: r.direction, toTypeId: r.toTypeId };
      if (node.kind === 'Member' && node.projects)
        throw new Unsupported('Lists of lists cannot be read in a report.');
      const base = node.kind === 'Name' ? this.here() : this.record(node.object);
      if (!r.isList) throw new Unsupported('A list cannot be used here in a report.');
      const rel = this.o.hooks.related(base.row, base.path, step);
      const record = { row: rel.row, path: [] };
      return {
        from: rel.from,
        where: rel.where,
        row: rel.row,
        item: { f: this.o.hooks.recordId(rel.row, []), t: 'Entity', simple: true },
        record,
      };
    }
    if (node.kind === 'Member' && node.projects) {
      const src = this.list(node.object);
      if (!src.record) throw new Unsupported('Only fields of related records can be listed in a report.');
      const r = node.resolved;
      if (r?.kind === 'field') {
        const item = this.stored(
          this.o.hooks.field(src.record.row, src.record.path, r.fieldId, r.fieldType),
          r.fieldType,
        );
        return { from: src.from, where: src.where, row: src.row, item };
      }
      if (r?.kind === 'relationship' && !r.isList) {
        const record = {
          row: src.record.row,
          path: [
            ...src.record.path,
            { relationshipId: r.relationshipId, direction: r.direction, toTypeId: r.toTypeId },
          ],
        };
        return {
          ...src,
          item: { f: this.o.hooks.recordId(record.row, record.path), t: 'Entity', simple: true },
          record,
        };
      }
      throw new Unsupported('Lists of lists cannot be read in a report.');
    }
    if ((node.kind === 'Param' || node.kind === 'Name') && node.resolved?.kind === 'param') {
      const values = this.o.params ?? {};
      const name = node.resolved.name.toLowerCase();
      const key = Object.keys(values).find((k) => k.toLowerCase() === name);
      const raw = key === undefined ? [] : values[key];
      const items = Array.isArray(raw) ? raw : [];
      const t = node.t?.type ?? 'None';
      if (t === 'Entity' && this.o.hooks.records) {
        const rel = this.o.hooks.records(items.map(String));
        return {
          from: rel.from,
          where: rel.where,
          row: rel.row,
          item: { f: this.o.hooks.recordId(rel.row, []), t: 'Entity', simple: true },
          record: { row: rel.row, path: [] },
        };
      }
      const alias = `_l${++this.binds}`;
      const rows = items.map((v) => q`SELECT ${this.param_(v, t).f} AS v`);
      const body = rows.length === 0 ? q`SELECT NULL AS v WHERE 1 = 0` : joinSql(rows, ' UNION ALL ');
      return {
        from: q`FROM (${body}) AS ${rawSql(alias)}`,
        where: rawSql('1 = 1'),
        row: undefined,
        item: { f: rawSql(`${alias}.v`), t: t === 'Entity' ? 'Entity' : t, simple: true },
      };
    }
    throw new Unsupported('This list cannot be read in a report.');
  }

  private param_(v: unknown, t: BaseType): Tx {
    if (t === 'Entity') return this.recordIdParam(v);
    if (t === 'DateTime' && typeof v === 'string') return this.value(utcIso(Date.parse(v)), t);
    return this.value(v, t);
  }

  private aggregate(fn: string, node: Expr, t: BaseType): Tx {
    const src = this.list(node);
    const item = src.item;
    const sub = (select: SqlFragment) => q`(SELECT ${select} ${src.from} WHERE ${src.where})`;
    switch (fn) {
      case 'count':
        return { f: sub(q`count(${item.f})`), t: 'Int32' };
      case 'isempty':
        return { f: q`(NOT EXISTS (SELECT 1 ${src.from} WHERE ${src.where}))`, t: 'Bool' };
      case 'countunique': {
        const key = item.t === 'String' ? q`lower(${item.f})` : item.f;
        return { f: sub(q`count(DISTINCT ${key})`), t: 'Int32' };
      }
      case 'sum':
        return { f: sub(q`sum(${item.f})`), t };
      case 'avg':
        return this.pg
          ? this.sig34({ f: sub(q`avg(CAST(${item.f} AS numeric(1000, 60)))`), t })
          : { f: sub(q`avg(${item.f})`), t };
      case 'min':
      case 'max':
        return this.extreme(fn, src.from, src.where, item, t);
      case 'var':
      case 'varp':
      case 'stdev':
      case 'stdevp': {
        const sample = fn === 'var' || fn === 'stdev';
        const root = fn.startsWith('stdev');
        if (this.pg) {
          const agg = `${root ? 'stddev' : 'var'}_${sample ? 'samp' : 'pop'}`;
          return { f: sub(q`${rawSql(agg)}(CAST(${item.f} AS numeric))`), t };
        }
        // SQLite has no variance: (Σx² − (Σx)²/n) / (n − 1 or n), on doubles.
        const n = q`count(${item.f})`;
        const x = q`CAST(${item.f} AS REAL)`;
        const v = q`(sum(${x} * ${x}) - sum(${x}) * sum(${x}) / ${n}) / (${n}${rawSql(sample ? ' - 1' : '')})`;
        const body = q`CASE WHEN ${n} < ${rawSql(sample ? '2' : '1')} THEN NULL ELSE ${root ? q`sqrt(max(${v}, 0))` : q`max(${v}, 0)`} END`;
        return { f: sub(body), t };
      }
    }
    throw new Unsupported(`'${fn}' is unavailable in reports.`);
  }

  // ---- functions ----------------------------------------------------------------------------

  private part(node: CallNode): DatePart {
    const a = node.args[0];
    return a?.kind === 'Name' && a.resolved?.kind === 'datePart' ? a.resolved.part : 'day';
  }

  private call(node: CallNode, t: BaseType): Tx {
    const fn = node.fn ?? node.name.toLowerCase();
    const argTypes = node.args.map((a) => a.t ?? { type: 'None' as const, isList: false });
    if (unavailableInReports(fn, argTypes, this.compiled.host === 'Report'))
      throw new Unsupported(`'${fn}' is unavailable in reports.`);
    if (fn === 'context') return this.recordValue(this.record(node));
    const list = argTypes[0]?.isList === true;
    if (list && AGGREGATES.has(fn)) return this.aggregate(fn, node.args[0]!, t);
    if (fn === 'isblank' && list) return this.aggregate('isempty', node.args[0]!, t);
    const arg = (i: number) => this.expr(node.args[i]!);
    const pgInt = (x: SqlFragment) => (this.pg ? q`CAST(${x} AS integer)` : x);
    switch (fn) {
      // General
      case 'iif': {
        const c = arg(0);
        return {
          f: q`(CASE WHEN ${c.f} THEN ${this.widen(arg(1), t).f} ELSE ${this.widen(arg(2), t).f} END)`,
          t,
        };
      }
      case 'isnull':
        return { f: q`coalesce(${this.widen(arg(0), t).f}, ${this.widen(arg(1), t).f})`, t };
      case 'coalesce': {
        const parts = node.args.map((a) => {
          const x = this.widen(this.expr(a), t);
          return x.t === 'String' ? q`NULLIF(${x.f}, '')` : x.f;
        });
        return { f: parts.length === 1 ? parts[0]! : q`coalesce(${joinSql(parts)})`, t };
      }
      case 'isblank': {
        const x = arg(0);
        return x.t === 'String'
          ? this.bind([x], ([v]) => q`(${v} IS NULL OR ${v} = '')`, 'Bool')
          : { f: q`(${x.f} IS NULL)`, t: 'Bool' };
      }
      case 'nullif':
        return this.withFixed(
          node.args[0]!,
          () => {
            const a = this.isRecord(node.args[0]!) ? this.recordIdOf(node.args[0]!) : arg(0);
            const eq = this.compare('=', node.args[0]!, node.args[1]!);
            return { f: q`(CASE WHEN ${eq.f} THEN NULL ELSE ${a.f} END)`, t };
          },
          t,
        );
      case 'exact': {
        const c = rawSql(this.pg ? ' COLLATE "C"' : '');
        return { f: q`(${arg(0).f}${c} = ${arg(1).f}${c})`, t: 'Bool' };
      }
      // Math
      case 'abs':
        return { f: q`abs(${arg(0).f})`, t };
      case 'sign':
        return { f: this.pg ? q`CAST(sign(${arg(0).f}) AS integer)` : q`sign(${arg(0).f})`, t: 'Int32' };
      case 'round':
      case 'trunc':
        return this.roundOf(fn, arg(0), node.args[1] ? arg(1) : this.value(0, 'Int32'), t);
      case 'floor':
      case 'ceiling': {
        const f = rawSql(fn === 'floor' ? 'floor' : 'ceil');
        return {
          f: this.pg ? q`CAST(${f}(${arg(0).f}) AS bigint)` : q`CAST(${f}(${arg(0).f}) AS INTEGER)`,
          t: 'Int32',
        };
      }
      case 'power': {
        const x = this.widen(arg(0), 'Decimal');
        const y = this.widen(arg(1), 'Decimal');
        // A negative base with a fractional exponent (and 0 to a negative power) has no value: null.
        return this.bind(
          [x, y],
          ([a, b]) =>
            q`CASE WHEN ${a} < 0 AND ${b} <> trunc(${b}) THEN NULL WHEN ${a} = 0 AND ${b} < 0 THEN NULL ELSE power(${a}, ${b}) END`,
          'Decimal',
        );
      }
      case 'sqrt':
        return this.bind(
          [this.widen(arg(0), 'Decimal')],
          ([a]) => q`CASE WHEN ${a} < 0 THEN NULL ELSE sqrt(${a}) END`,
          'Decimal',
        );
      case 'square': {
        const x = arg(0);
        return this.bind([x], ([a]) => q`${a} * ${a}`, t);
      }
      case 'exp':
        return { f: q`exp(${this.widen(arg(0), 'Decimal').f})`, t: 'Decimal' };
      case 'log': {
        const x = this.widen(arg(0), 'Decimal');
        if (!node.args[1])
          return this.bind([x], ([a]) => q`CASE WHEN ${a} <= 0 THEN NULL ELSE ln(${a}) END`, 'Decimal');
        const b = this.widen(arg(1), 'Decimal');
        return this.bind(
          [x, b],
          ([a, base]) =>
            q`CASE WHEN ${a} <= 0 OR ${base} <= 0 OR ${base} = 1 THEN NULL ELSE log(${base}, ${a}) END`,
          'Decimal',
        );
      }
      case 'log10':
        return this.bind(
          [this.widen(arg(0), 'Decimal')],
          ([a]) => q`CASE WHEN ${a} <= 0 THEN NULL ELSE log(10, ${a}) END`,
          'Decimal',
        );
      case 'mod': {
        // Excel: the sign of the divisor. a − b·floor(a / b); null when b is 0.
        const a = this.widen(arg(0), t);
        const b = this.widen(arg(1), t);
        return this.bind(
          [a, b],
          ([x, y]) => {
            const ratio = this.pg
              ? q`floor(CAST(${x} AS numeric) / ${y})`
              : q`floor(CAST(${x} AS REAL) / ${y})`;
            const body = q`${x} - ${y} * ${ratio}`;
            const typed =
              t === 'Int32' ? (this.pg ? q`CAST(${body} AS bigint)` : q`CAST(${body} AS INTEGER)`) : body;
            return q`CASE WHEN ${y} = 0 THEN NULL ELSE ${typed} END`;
          },
          t,
        );
      }
      case 'min':
      case 'max': {
        const items = node.args.map((a) => this.widen(this.expr(a), t));
        const alias = `_m${++this.binds}`;
        const rows = joinSql(
          items.map((x) => q`SELECT ${x.f} AS v`),
          ' UNION ALL ',
        );
        const item: Tx = { f: rawSql(`${alias}.v`), t, simple: true };
        return this.extreme(fn, q`FROM (${rows}) AS ${rawSql(alias)}`, rawSql('1 = 1'), item, t);
      }
      // Text
      case 'len':
        return { f: q`length(${arg(0).f})`, t: 'Int32' };
      case 'left': {
        const s = arg(0);
        return this.bind(
          [arg(1)],
          ([n]) => q`substr(${s.f}, 1, ${pgInt(q`CASE WHEN ${n} < 0 THEN 0 ELSE ${n} END`)})`,
          'String',
        );
      }
      case 'right':
        return this.bind(
          [arg(0), arg(1)],
          ([s, n]) =>
            q`CASE WHEN ${s} IS NULL OR ${n} IS NULL THEN NULL WHEN ${n} <= 0 THEN '' WHEN ${n} >= length(${s}) THEN ${s} ELSE substr(${s}, ${pgInt(q`length(${s}) - ${n} + 1`)}) END`,
          'String',
        );
      case 'substring':
        return this.bind(
          [arg(1), arg(2)],
          ([st, ln]) =>
            q`CASE WHEN ${st} < 1 OR ${ln} < 1 THEN NULL ELSE substr(${arg(0).f}, ${pgInt(st)}, ${pgInt(ln)}) END`,
          'String',
        );
      case 'charindex': {
        const find = arg(0);
        const s = arg(1);
        const instr = (hay: SqlFragment, needle: SqlFragment) =>
          this.pg ? q`strpos(${hay}, ${needle})` : q`instr(${hay}, ${needle})`;
        if (!node.args[2])
          return this.bind(
            [find, s],
            ([f, h]) =>
              q`CASE WHEN ${f} IS NULL OR ${h} IS NULL THEN NULL WHEN ${f} = '' THEN 0 ELSE ${instr(h, f)} END`,
            'Int32',
          );
        return this.bind(
          [find, s, arg(2)],
          ([f, h, st]) => {
            const from = q`CASE WHEN ${st} < 1 THEN 1 ELSE ${st} END`;
            const found = instr(q`substr(${h}, ${pgInt(from)})`, f);
            return q`CASE WHEN ${f} = '' OR ${st} IS NULL THEN CASE WHEN ${f} IS NULL OR ${h} IS NULL OR ${st} IS NULL THEN NULL ELSE 0 END WHEN ${found} = 0 THEN 0 ELSE ${found} + ${from} - 1 END`;
          },
          'Int32',
        );
      }
      case 'replace':
        // SQLite's replace() with an empty pattern returns the text even when the replacement is null.
        return this.bind(
          [arg(1), arg(2)],
          ([f, w]) =>
            q`CASE WHEN ${f} IS NULL OR ${w} IS NULL THEN NULL ELSE replace(${arg(0).f}, ${f}, ${w}) END`,
          'String',
        );
      case 'toupper':
        return { f: q`upper(${arg(0).f})`, t: 'String' };
      case 'tolower':
        return { f: q`lower(${arg(0).f})`, t: 'String' };
      case 'trimends':
        return { f: this.pg ? q`btrim(${arg(0).f}, ' ')` : q`trim(${arg(0).f}, ' ')`, t: 'String' };
      case 'trim': {
        if (this.pg) return { f: q`regexp_replace(btrim(${arg(0).f}, ' '), ' {2,}', ' ', 'g')`, t: 'String' };
        // Runs of spaces to one: ' ' → ' \x01', drop '\x01 ', drop '\x01'. (Text holding U+0001 differs.)
        return {
          f: q`replace(replace(replace(trim(${arg(0).f}, ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), '')`,
          t: 'String',
        };
      }
      case 'contains':
      case 'startswith':
      case 'endswith': {
        const s = arg(0);
        const x = arg(1);
        if (fn === 'contains') {
          const f = this.pg
            ? q`strpos(lower(${s.f}), lower(${x.f})) > 0`
            : q`instr(lower(${s.f}), lower(${x.f})) > 0`;
          return { f: q`(${f})`, t: 'Bool' };
        }
        return this.bind(
          [s, x],
          ([a, b]) =>
            fn === 'startswith'
              ? q`(lower(substr(${a}, 1, length(${b}))) = lower(${b}))`
              : q`(CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL WHEN length(${b}) > length(${a}) THEN ${this.bool(false)} ELSE lower(substr(${a}, ${pgInt(q`length(${a}) - length(${b}) + 1`)})) = lower(${b}) END)`,
          'Bool',
        );
      }
      case 'concat': {
        const parts = node.args.map((a) => q`coalesce(${this.textOfOperand(a).f}, '')`);
        return { f: q`(${joinSql(parts, ' || ')})`, t: 'String' };
      }
      case 'padleft':
      case 'padright': {
        const ch = node.args[2] ? arg(2) : this.value(' ', 'String');
        return this.bind(
          [arg(0), arg(1), ch],
          ([str, n, c]) => {
            const need = q`${n} - length(${str})`;
            const fill = this.pg
              ? q`substr(repeat(${c}, ${pgInt(need)}), 1, ${pgInt(need)})`
              : q`substr(replace(hex(zeroblob(${need})), '00', ${c}), 1, ${need})`;
            const padded = fn === 'padleft' ? q`${fill} || ${str}` : q`${str} || ${fill}`;
            return q`CASE WHEN ${str} IS NULL OR ${n} IS NULL OR ${c} IS NULL THEN NULL WHEN ${n} <= length(${str}) OR ${c} = '' THEN ${str} WHEN ${n} > ${rawSql(String(MAX_TEXT))} THEN NULL ELSE ${padded} END`;
          },
          'String',
        );
      }
      // Data
      case 'totext':
        return this.textOfOperand(node.args[0]!);
      case 'convert':
        return this.convert(node, t);
      // Date and time
      case 'getdate': {
        const local = toLocalMs(this.o.now, this.o.timeZone);
        return this.value(utcIso(Math.floor(local / DAY_MS) * DAY_MS).slice(0, 10), 'Date');
      }
      case 'getdatetime':
        return this.value(utcIso(this.o.now), 'DateTime');
      case 'gettime': {
        const local = toLocalMs(this.o.now, this.o.timeZone);
        return this.value(utcIso(local).slice(11, 19), 'Time');
      }
      case 'datefromparts': {
        const [y, m, d] = [arg(0), arg(1), arg(2)];
        if (this.pg) {
          return {
            f: q`CAST(make_date(CAST(${y.f} AS integer), 1, 1) + make_interval(months => CAST(${m.f} AS integer) - 1) + make_interval(days => CAST(${d.f} AS integer) - 1) AS date)`,
            t: 'Date',
          };
        }
        return {
          f: q`date(printf('%04d-01-01', ${y.f}), (${m.f} - 1) || ' months', (${d.f} - 1) || ' days')`,
          t: 'Date',
        };
      }
      case 'timefromparts': {
        const secs = q`(${arg(0).f} * 3600 + ${arg(1).f} * 60 + ${arg(2).f})`;
        return this.timeFromSeconds(secs);
      }
      case 'datetimefromparts': {
        // The date rolls over as datefromparts; the time of day is added as elapsed seconds, on the
        // wall clock, and the reading is turned into an instant in the time zone.
        const date = this.call(
          { ...node, fn: 'datefromparts', args: node.args.slice(0, 3) } as CallNode,
          'Date',
        );
        const secs = q`(${arg(3).f} * 3600 + ${arg(4).f} * 60 + ${arg(5).f})`;
        const local = this.pg
          ? q`(CAST(${date.f} AS timestamp) + make_interval(secs => CAST(${secs} AS double precision)))`
          : q`strftime('%Y-%m-%dT%H:%M:%fZ', ${date.f}, ${secs} || ' seconds')`;
        const utc = this.utc({ f: local, t: 'DateTime' });
        return this.bind(
          [utc],
          ([v]) =>
            this.pg
              ? q`CASE WHEN extract(year from ${v}) BETWEEN 1 AND 9999 THEN ${v} END`
              : q`CASE WHEN ${v} BETWEEN '0001' AND '9999-12-31T23:59:59.999Z' THEN ${v} END`,
          'DateTime',
        );
      }
      case 'year':
      case 'month':
      case 'day':
      case 'quarter':
      case 'week':
      case 'weekday':
      case 'dayofyear':
      case 'hour':
      case 'minute':
      case 'second':
        return this.partOf(fn, arg(0));
      case 'datename': {
        const part = this.part(node);
        const n = this.partOf(part, arg(1));
        if (part !== 'month' && part !== 'weekday') return this.textOf(n);
        const names = part === 'month' ? MONTH_NAMES : DAY_NAMES;
        const whens = names.map((name, i) => q`WHEN ${i + 1} THEN ${this.value(name, 'String').f}`);
        return { f: q`(CASE ${n.f} ${joinSql(whens, ' ')} END)`, t: 'String' };
      }
      case 'dateadd':
        return this.addCalendar(arg(2), this.part(node), arg(1));
      case 'datediff':
        return this.dateDiff(this.part(node), arg(1), arg(2));
    }
    throw new Unsupported(`'${fn}' is unavailable in reports.`);
  }

  /** The smallest or largest non-null value: text ordered ignoring case (keeping its case), Bool false < true. */
  private extreme(fn: 'min' | 'max', from: SqlFragment, where: SqlFragment, item: Tx, t: BaseType): Tx {
    if (item.t === 'String') {
      const c = rawSql(this.pg ? ' COLLATE "C"' : '');
      const dir = rawSql(fn === 'min' ? 'ASC' : 'DESC');
      return {
        f: q`(SELECT ${item.f} ${from} WHERE ${where} AND ${item.f} IS NOT NULL ORDER BY lower(${item.f})${c} ${dir} LIMIT 1)`,
        t,
      };
    }
    const agg = this.pg && item.t === 'Bool' ? (fn === 'min' ? 'bool_and' : 'bool_or') : fn;
    return { f: q`(SELECT ${rawSql(agg)}(${item.f}) ${from} WHERE ${where})`, t };
  }

  private roundOf(fn: 'round' | 'trunc', x: Tx, digits: Tx, t: BaseType): Tx {
    const asType = (f: SqlFragment) =>
      t === 'Int32' ? (this.pg ? q`CAST(${f} AS bigint)` : q`CAST(${f} AS INTEGER)`) : f;
    if (this.pg) {
      const v = t === 'Int32' ? q`CAST(${x.f} AS numeric)` : x.f;
      return { f: asType(q`${rawSql(fn)}(${v}, CAST(${digits.f} AS integer))`), t };
    }
    // SQLite: round() is half away from zero on the double; a nudge of one part in 10^15 makes 2.675
    // (stored as 2.67499…) round as the decimal it stands for. Negative digits scale first.
    return this.bind(
      [x, digits],
      ([v, d]) => {
        const nudged = fn === 'round' ? q`(${v} * (1 + 1e-15))` : v;
        const scale = q`power(10, ${d})`;
        const body =
          fn === 'round'
            ? q`CASE WHEN ${d} >= 0 THEN round(${nudged}, ${d}) ELSE round(${nudged} * ${scale}) / ${scale} END`
            : q`trunc(${v} * ${scale}) / ${scale}`;
        return q`CASE WHEN ${v} IS NULL OR ${d} IS NULL THEN NULL ELSE ${asType(body)} END`;
      },
      t,
    );
  }

  private convert(node: CallNode, t: BaseType): Tx {
    const source = node.args[1]!;
    const from = source.t?.type ?? 'None';
    if (t === 'String') return this.textOfOperand(source);
    const x = this.expr(source);
    if (from === 'None' || from === t) return { ...x, t };
    if (t === 'Int32') {
      if (from === 'Bool') return this.pg ? { f: q`CAST(${x.f} AS integer)`, t } : { ...x, t };
      return { f: this.pg ? q`CAST(trunc(${x.f}) AS bigint)` : q`CAST(trunc(${x.f}) AS INTEGER)`, t };
    }
    if (t === 'Decimal' || t === 'Currency') {
      if (from === 'Bool')
        return { f: this.pg ? q`CAST(CAST(${x.f} AS integer) AS numeric)` : q`CAST(${x.f} AS REAL)`, t };
      return this.pg ? { f: q`CAST(${x.f} AS numeric)`, t } : { f: q`CAST(${x.f} AS REAL)`, t };
    }
    if (t === 'Bool') return { f: q`(${x.f} <> 0)`, t };
    if (t === 'DateTime') return this.widen(x, 'DateTime');
    if (t === 'Date') return this.dateOf(x);
    if (t === 'Time') {
      const l = this.local(x);
      return this.pg ? { f: q`CAST(${l.f} AS time)`, t } : { f: q`time(${l.f})`, t };
    }
    throw new Unsupported(`'convert' is unavailable in reports.`);
  }

  /** A date part as Int32: of a Date, of a Time, or of a DateTime on the time zone's wall clock. */
  private partOf(part: DatePart, x0: Tx): Tx {
    const x = x0.t === 'DateTime' ? this.local(x0) : x0;
    const int = (f: SqlFragment): Tx => ({
      f: this.pg ? q`CAST(${f} AS integer)` : q`CAST(${f} AS INTEGER)`,
      t: 'Int32',
    });
    if (this.pg) {
      const ex = (p: string, v: SqlFragment = x.f) => q`extract(${rawSql(p)} from ${v})`;
      switch (part) {
        case 'week':
          // Excel WEEKNUM: (day of year − 1 + weekday of 1 January, Sunday = 0) / 7 + 1.
          return this.bind(
            [x],
            ([v]) =>
              q`CAST(floor((${ex('doy', v)} - 1 + ${ex('dow', q`date_trunc('year', ${v})`)}) / 7) + 1 AS integer)`,
            'Int32',
          );
        case 'weekday':
          return int(q`${ex('dow')} + 1`);
        case 'dayofyear':
          return int(ex('doy'));
        case 'second':
          return int(q`floor(${ex('second')})`);
        default:
          return int(ex(part));
      }
    }
    const st = (fmt: string, v: SqlFragment = x.f) => q`strftime(${rawSql(`'${fmt}'`)}, ${v})`;
    switch (part) {
      case 'year':
        return int(st('%Y'));
      case 'month':
        return int(st('%m'));
      case 'day':
        return int(st('%d'));
      case 'quarter':
        return int(q`(${st('%m')} + 2) / 3`);
      case 'dayofyear':
        return int(st('%j'));
      case 'weekday':
        return int(q`${st('%w')} + 1`);
      case 'week':
        return this.bind(
          [x],
          ([v]) =>
            q`CAST((${st('%j', v)} - 1 + ${st('%w', q`date(${v}, 'start of year')`)}) / 7 + 1 AS INTEGER)`,
          'Int32',
        );
      case 'hour':
        return int(st('%H'));
      case 'minute':
        return int(st('%M'));
      case 'second':
        return int(st('%S'));
    }
  }

  /** A Time from seconds since midnight, wrapping around the day. */
  private timeFromSeconds(secs: SqlFragment): Tx {
    const wrapped = this.pg
      ? q`mod(mod(CAST(${secs} AS bigint), 86400) + 86400, 86400)`
      : q`((${secs} % 86400) + 86400) % 86400`;
    return this.pg
      ? { f: q`(TIME '00:00:00' + make_interval(secs => ${wrapped}))`, t: 'Time' }
      : { f: q`time(${wrapped}, 'unixepoch')`, t: 'Time' };
  }

  /** Seconds since midnight of a Time. */
  private secondsOfTime(x: SqlFragment): SqlFragment {
    return this.pg ? q`extract(epoch from ${x})` : q`unixepoch('1970-01-01 ' || ${x}, 'subsec')`;
  }

  /** `dateadd` (and Date ± days): calendar parts on the wall clock, clamped to the month's end. */
  private addCalendar(x: Tx, part: DatePart, n: Tx): Tx {
    const unitSeconds = { hour: 3600, minute: 60, second: 1 }[part as 'hour'];
    if (x.t === 'Time') {
      const secs = q`${this.secondsOfTime(x.f)} + ${n.f} * ${rawSql(String(unitSeconds ?? 0))}`;
      return this.timeFromSeconds(secs);
    }
    if (x.t === 'DateTime' && unitSeconds) {
      return this.pg
        ? {
            f: q`(${x.f} + make_interval(secs => CAST(${n.f} AS double precision) * ${rawSql(String(unitSeconds))}))`,
            t: 'DateTime',
          }
        : {
            f: q`strftime('%Y-%m-%dT%H:%M:%fZ', ${x.f}, (${n.f} * ${rawSql(String(unitSeconds))}) || ' seconds')`,
            t: 'DateTime',
          };
    }
    const months = { year: 12, quarter: 3, month: 1 }[part as 'year'];
    const days = part === 'week' ? 7 : 1;
    if (x.t === 'DateTime') {
      const local = this.local(x);
      const moved = this.pg
        ? months
          ? q`(${local.f} + make_interval(months => CAST(${n.f} AS integer) * ${rawSql(String(months))}))`
          : q`(${local.f} + make_interval(days => CAST(${n.f} AS integer) * ${rawSql(String(days))}))`
        : months
          ? this.sqliteAddMonths(local.f, n.f, months, true)
          : q`strftime('%Y-%m-%dT%H:%M:%fZ', ${local.f}, (${n.f} * ${rawSql(String(days))}) || ' days')`;
      return this.utc({ f: moved, t: 'DateTime' });
    }
    if (this.pg) {
      if (months)
        return {
          f: q`CAST(${x.f} + make_interval(months => CAST(${n.f} AS integer) * ${rawSql(String(months))}) AS date)`,
          t: 'Date',
        };
      return { f: q`(${x.f} + CAST(${n.f} AS integer) * ${rawSql(String(days))})`, t: 'Date' };
    }
    if (months) return { f: this.sqliteAddMonths(x.f, n.f, months, false), t: 'Date' };
    return { f: q`date(${x.f}, (${n.f} * ${rawSql(String(days))}) || ' days')`, t: 'Date' };
  }

  /** SQLite: add months, clamping the day to the target month's last day (31 Jan + 1 month = 29 Feb). */
  private sqliteAddMonths(d: SqlFragment, n: SqlFragment, months: number, keepTime: boolean): SqlFragment {
    const bound = this.bind(
      [
        { f: d, t: 'Date' },
        { f: q`(${n} * ${rawSql(String(months))})`, t: 'Int32' },
      ],
      ([v, k]) => {
        const first = q`date(${v}, 'start of month', ${k} || ' months')`;
        const last = q`CAST(strftime('%d', ${first}, '+1 month', '-1 day') AS INTEGER)`;
        const day = q`CAST(strftime('%d', ${v}) AS INTEGER)`;
        const clamped = q`(CASE WHEN ${day} < ${last} THEN ${day} ELSE ${last} END - 1) || ' days'`;
        return keepTime
          ? q`strftime('%Y-%m-%dT', ${first}, ${clamped}) || strftime('%H:%M:%fZ', ${v})`
          : q`date(${first}, ${clamped})`;
      },
      'Date',
    );
    return bound.f;
  }

  /** `datediff`: boundaries crossed on the wall clock, end minus start. */
  private dateDiff(part: DatePart, a0: Tx, b0: Tx): Tx {
    const unit = { hour: 3600, minute: 60, second: 1 }[part as 'hour'];
    const a = a0.t === 'DateTime' ? this.local(a0) : a0;
    const b = b0.t === 'DateTime' ? this.local(b0) : b0;
    const int = (f: SqlFragment): Tx => ({
      f: this.pg ? q`CAST(${f} AS bigint)` : q`CAST(${f} AS INTEGER)`,
      t: 'Int32',
    });
    if (unit && (a.t === 'Time' || b.t === 'Time')) {
      const secs = (v: SqlFragment) => this.secondsOfTime(v);
      return int(
        q`floor(${secs(b.f)} / ${rawSql(String(unit))}) - floor(${secs(a.f)} / ${rawSql(String(unit))})`,
      );
    }
    if (unit) {
      const secs = (v: SqlFragment) =>
        this.pg ? q`extract(epoch from ${v})` : q`(unixepoch(${v}, 'subsec'))`;
      return int(
        q`floor(${secs(b.f)} / ${rawSql(String(unit))}) - floor(${secs(a.f)} / ${rawSql(String(unit))})`,
      );
    }
    // Whole days since the epoch of each side's (local) date.
    const day = (v: SqlFragment) =>
      this.pg
        ? q`(CAST(${v} AS date) - DATE '1970-01-01')`
        : q`CAST(julianday(date(${v})) - 2440587.5 AS INTEGER)`;
    const ym = (v: SqlFragment, per: number) =>
      this.pg
        ? q`(extract(year from ${v}) * ${rawSql(String(per))} + floor((extract(month from ${v}) - 1) * ${rawSql(String(per))} / 12))`
        : q`(CAST(strftime('%Y', ${v}) AS INTEGER) * ${rawSql(String(per))} + (CAST(strftime('%m', ${v}) AS INTEGER) - 1) * ${rawSql(String(per))} / 12)`;
    switch (part) {
      case 'year':
        return this.bind([a, b], ([x, y]) => int(q`${ym(y, 1)} - ${ym(x, 1)}`).f, 'Int32');
      case 'quarter':
        return this.bind([a, b], ([x, y]) => int(q`${ym(y, 4)} - ${ym(x, 4)}`).f, 'Int32');
      case 'month':
        return this.bind([a, b], ([x, y]) => int(q`${ym(y, 12)} - ${ym(x, 12)}`).f, 'Int32');
      case 'week':
        // Sundays crossed: day numbers shifted so weeks start on Sunday (1970-01-01 was a Thursday).
        return this.bind(
          [a, b],
          ([x, y]) => int(q`floor((${day(y)} + 4) / 7.0) - floor((${day(x)} + 4) / 7.0)`).f,
          'Int32',
        );
      default:
        return this.bind([a, b], ([x, y]) => int(q`${day(y)} - ${day(x)}`).f, 'Int32');
    }
  }
}
