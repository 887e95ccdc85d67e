import type { CompileResult } from '../compile.js';
import { fromLocalMs } from '../evaluate/time.js';
import { lookupFunction } from '../functions/catalogue.js';
import type { CallNode, Expr, LetNode } from '../syntax/ast.js';
import { type BaseType, NONE } from '../types.js';
import type { Refs, SqlDialect, SqlValue } from './dialects/dialect.js';
import { joinSql, sqlFragment as q, rawSql, type SqlFragment } from './fragment.js';
import type { SqlHooks } from './hooks.js';
import { extreme, listSource } from './lists.js';
import { binary, caseOf, compare, inList, inTuple, like, template } from './operators.js';
import type { RecordRef } from './sqlCall.js';
import { Unsupported, unavailable } from './sqlCall.js';
import type { ToSqlOptions } from './toSqlOptions.js';
import type { Translation } from './translation.js';

const NULL = rawSql('NULL');
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const utcIso = (ms: number) => new Date(ms).toISOString();

type Scope = Map<string, SqlValue | { record: RecordRef }>;

/**
 * One translation: walks the checked tree, keeps the scopes of `let` and `where`, and hands calls
 * to their function's `toSql`. Engine differences are the dialect's; operators and lists live in
 * operators.ts and lists.ts.
 */
export class Translator implements Translation {
  readonly dialect: SqlDialect;
  readonly timeZone: string;
  readonly now: number;
  readonly hooks: SqlHooks;
  /** Rows that bare field names read, innermost last (`where` pushes the related row). */
  readonly rows: (string | undefined)[];
  private readonly scopes: Scope[] = [];
  private binds = 0;
  /** Sub-expressions already bound once, read again by reference (`x in (a, b)`, `case x when …`). */
  private readonly fixed = new Map<Expr, SqlValue>();

  constructor(
    private readonly o: ToSqlOptions,
    private readonly compiled: CompileResult,
    dialect: SqlDialect,
  ) {
    this.dialect = dialect;
    this.timeZone = o.timeZone;
    this.now = o.now;
    this.hooks = o.hooks;
    this.rows = [o.row];
  }

  // ---- values -------------------------------------------------------------------------------

  value(v: unknown, t: BaseType): SqlValue {
    if (v === null || v === undefined) return { f: NULL, t: 'None', simple: true };
    return { f: this.dialect.value(v, t), t, simple: true };
  }

  /** A stored value from a hook, in the engine's representation of the type. */
  stored(f: SqlFragment, t: BaseType): SqlValue {
    return { f: this.dialect.stored(f, t), t, simple: true };
  }

  /** The JSON-ready form of a result. */
  output(x: SqlValue): SqlFragment {
    return this.dialect.output(x, this);
  }

  bool(v: boolean): SqlFragment {
    return this.dialect.bool(v);
  }

  widen(x: SqlValue, to: BaseType): SqlValue {
    return this.dialect.widen(x, to, this);
  }

  alias(prefix: string): string {
    return `${prefix}${++this.binds}`;
  }

  bind(xs: readonly SqlValue[], body: (refs: Refs) => SqlFragment, t: BaseType): SqlValue {
    const cols: SqlFragment[] = [];
    const refs = xs.map((x) => {
      if (x.simple) return x.f;
      const name = this.alias('_b');
      cols.push(q`${x.f} AS ${rawSql(name)}`);
      return rawSql(name);
    });
    if (cols.length === 0) return { f: q`(${body(refs as unknown as Refs)})`, t };
    const alias = rawSql(this.alias('_t'));
    return { f: q`(SELECT ${body(refs as unknown as Refs)} FROM (SELECT ${joinSql(cols)}) AS ${alias})`, t };
  }

  // ---- the tree -----------------------------------------------------------------------------

  expr(node: Expr): SqlValue {
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
      case 'Member':
        return this.name(node, t);
      case 'Call':
        return this.call(node, t);
      case 'Unary': {
        const x = this.expr(node.operand);
        if (node.op === 'not') return { f: q`(NOT ${x.f})`, t: 'Bool' };
        return { f: q`(-${x.f})`, t };
      }
      case 'Binary':
        return binary(this, node, t);
      case 'Like':
        return like(this, node);
      case 'IsNull': {
        const x = this.isRecord(node.operand) ? this.recordIdOf(node.operand) : this.expr(node.operand);
        return { f: q`(${x.f} IS ${rawSql(node.negated ? 'NOT NULL' : 'NULL')})`, t: 'Bool' };
      }
      case 'InTuple':
        return inTuple(this, node);
      case 'InList':
        return inList(this, node);
      case 'Template':
        return template(this, node);
      case 'Case':
        return caseOf(this, node, t);
      case 'Let': {
        const scope: Scope = new Map();
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

  private name(node: Expr & { kind: 'Name' | 'Member' }, t: BaseType): SqlValue {
    const r = node.resolved;
    if (r?.kind === 'variable') {
      const v = this.lookup(r.name);
      if ('record' in v) return this.recordValue(v.record);
      return v;
    }
    if (r?.kind === 'param') return this.param(r.name, t);
    if (r?.kind === 'field') {
      const at = node.kind === 'Name' ? this.here() : this.record(node.object);
      return this.stored(this.hooks.field(at.row, at.path, r.fieldId, r.fieldType), r.fieldType);
    }
    if (r?.kind === 'relationship') return this.recordValue(this.record(node));
    throw new Unsupported(`'${node.name}' cannot be used in a report.`);
  }

  /** A call, by its function's `toSql`; a function without one is unavailable in reports. */
  private call(node: CallNode, t: BaseType): SqlValue {
    const fn = node.fn ?? node.name.toLowerCase();
    const def = lookupFunction(fn)?.def;
    const argTypes = node.args.map((a) => a.t ?? NONE);
    if (!def?.toSql || def.toSqlRefuses?.(argTypes)) throw unavailable(fn);
    return def.toSql({ node, type: t, sql: this, arg: (i) => this.expr(node.args[i]!) }, this.dialect);
  }

  withFixed(node: Expr, body: () => SqlValue, t: BaseType): SqlValue {
    // A value compared several times (the left of `in (…)`, a `case` subject) is bound in a derived
    // table, so the SQL stays linear in the input.
    if (this.isRecord(node)) return body();
    const x = this.expr(node);
    const run = (ref: SqlValue) => {
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
  private letFrom(node: LetNode, i: number, scope: Scope, t: BaseType): SqlValue {
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

  private literal(type: string, value: string | boolean | null): SqlValue {
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
        return this.value(utcIso(utc ? ms : fromLocalMs(ms, this.timeZone)), 'DateTime');
      }
      case 'Time': {
        const [h = '0', m = '0', s = '0'] = String(value).split(':');
        return this.value(`${pad(Number(h))}:${pad(Number(m))}:${pad(Math.floor(Number(s)))}`, 'Time');
      }
      default:
        return this.value(value, type as BaseType);
    }
  }

  /** A declared parameter's value, as `evaluate` takes it (case-insensitive name). */
  paramValue(name: string): unknown {
    const values = this.o.params ?? {};
    const key = Object.keys(values).find((k) => k.toLowerCase() === name.toLowerCase());
    return key === undefined ? undefined : values[key];
  }

  private param(name: string, t: BaseType): SqlValue {
    const v = this.paramValue(name) ?? null;
    if (t === 'Time' && typeof v === 'string') return this.literal('Time', v);
    return this.paramItem(v, t);
  }

  /** A parameter value (or an item of a list parameter) as a bound value of its type. */
  paramItem(v: unknown, t: BaseType): SqlValue {
    if (t === 'Entity') return this.recordIdParam(v);
    if (t === 'DateTime' && typeof v === 'string') return this.value(utcIso(Date.parse(v)), t);
    return this.value(v, t);
  }

  /** A record id from a parameter, bound the way the server compares ids. */
  private recordIdParam(v: unknown): SqlValue {
    if (v === null || v === undefined) return { f: NULL, t: 'None', simple: true };
    const id = typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v;
    const f = this.hooks.recordIdValue
      ? this.hooks.recordIdValue(String(id))
      : this.value(String(id), 'String').f;
    return { f, t: 'Entity', simple: true };
  }

  private lookup(name: string): SqlValue | { record: RecordRef } {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const v = this.scopes[i]!.get(name);
      if (v) return v;
    }
    throw new Unsupported(`'${name}' cannot be used in a report.`);
  }

  // ---- records ------------------------------------------------------------------------------

  here(): RecordRef {
    const row = this.rows[this.rows.length - 1];
    if (row === undefined) throw new Unsupported('The report has no record to read fields from.');
    return { row, path: [] };
  }

  isRecord(node: Expr): boolean {
    return node.t?.type === 'Entity' && !node.t.isList;
  }

  tryRecord(node: Expr): RecordRef | undefined {
    try {
      return this.record(node);
    } catch (e) {
      if (e instanceof Unsupported) return undefined;
      throw e;
    }
  }

  /** The record a record-typed expression stands for, as a row and path. */
  record(node: Expr): RecordRef {
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

  recordIdOf(node: Expr): SqlValue {
    const ref = this.tryRecord(node);
    if (ref) return { f: this.hooks.recordId(ref.row, ref.path), t: 'Entity', simple: true };
    return this.expr(node);
  }

  recordOf(node: Expr): SqlValue {
    return this.recordValue(this.record(node));
  }

  recordValue(ref: RecordRef): SqlValue {
    return { f: this.hooks.recordId(ref.row, ref.path), t: 'Entity', simple: true };
  }

  isChoice(node: Expr): boolean {
    const id = node.t?.type === 'Entity' ? node.t.entityTypeId : undefined;
    return id !== undefined && this.compiled.schema?.getType(id)?.isChoice === true;
  }

  // ---- text ---------------------------------------------------------------------------------

  textOfOperand(node: Expr): SqlValue {
    return this.textOf(this.isRecord(node) ? this.recordIdOf(node) : this.expr(node), node);
  }

  textOf(x: SqlValue, node?: Expr): SqlValue {
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
        return { f: this.hooks.recordName(ref.row, ref.path), t: 'String', simple: true };
      }
      case 'Bool':
        return this.bind(
          [x],
          ([v]) => q`CASE WHEN ${v} IS NULL THEN NULL WHEN ${v} THEN 'true' ELSE 'false' END`,
          'String',
        );
      default:
        return this.dialect.textOf(x, this);
    }
  }

  // ---- lists --------------------------------------------------------------------------------

  list(node: Expr) {
    return listSource(this, node);
  }

  extreme(fn: 'min' | 'max', from: SqlFragment, where: SqlFragment, item: SqlValue, t: BaseType): SqlValue {
    return extreme(this, fn, from, where, item, t);
  }

  compare(op: string, left: Expr, right: Expr, mode?: string): SqlValue {
    return compare(this, op, left, right, mode);
  }
}
