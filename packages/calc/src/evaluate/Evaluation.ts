import type { CompileResult } from '../compile.js';
import type { CalcDataSource, EntityRef } from '../data.js';
import { lookupFunction } from '../functions/catalogue.js';
import type { FnContext, Thunk } from '../functions/registry.js';
import { msg } from '../messages.js';
import type { CalcParameter } from '../schema.js';
import type {
  BinaryNode,
  Expr,
  MemberNode,
  NameNode,
  OrderByNode,
  ParamNode,
  Resolution,
} from '../syntax/ast.js';
import { type CalcType, NONE } from '../types.js';
import { compareValues } from './compare.js';
import { fromJson, parseDate, parseDateTime, parseTime } from './convert.js';
import { dateAdd } from './dateMath.js';
import type { EvaluateOptions } from './evaluateOptions.js';
import { likeMatches } from './like.js';
import { nameOf, toText } from './text.js';
import {
  add,
  CalcDate,
  CalcDateTime,
  CalcLimitError,
  checkTextLength,
  Dec,
  divide,
  multiply,
  negate,
  RecordValue,
  remainder,
  subtract,
  type Value,
} from './values.js';

interface Env {
  readonly row: RecordValue | null;
  readonly vars: ReadonlyMap<string, Value>;
}

/** One evaluation: its clock, step count and parameters. */
export class Evaluation {
  private steps = 0;
  private readonly started: number;
  private readonly maxSteps: number;
  private readonly maxMillis: number;
  private readonly tz: string;
  private readonly params = new Map<string, Value>();
  private readonly context: RecordValue | null;

  constructor(
    private readonly compiled: CompileResult,
    private readonly options: EvaluateOptions,
    private readonly data: CalcDataSource,
  ) {
    this.started = options.clock();
    this.maxSteps = options.limits?.maxSteps ?? 1_000_000;
    this.maxMillis = options.limits?.maxMillis ?? 2_000;
    this.tz = options.timeZone;
    const c = options.context;
    this.context = c ? new RecordValue(String(c.id), c.typeId) : null;
  }

  async run(): Promise<Value> {
    await this.bindParams();
    return this.eval(this.compiled.ast!, { row: this.context, vars: new Map() });
  }

  private async bindParams(): Promise<void> {
    const given = new Map(Object.entries(this.options.params ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    for (const p of this.compiled.parameters) {
      const raw = given.get(p.name.toLowerCase());
      let value: Value;
      if (raw === undefined && p.expr?.ast) {
        value = await this.eval(p.expr.ast, { row: this.context, vars: new Map() });
      } else value = this.paramValue(raw, p);
      this.params.set(p.name, value);
    }
  }

  private paramValue(raw: unknown, p: CalcParameter): Value {
    const one = (v: unknown) => fromJson(v, p.type, this.tz, p.entityTypeId);
    if (!p.isList) return one(raw);
    return Array.isArray(raw) ? raw.map(one) : [];
  }

  /** Counts a step; checks the clock every 1,024 steps. */
  private tick(count = 1): void {
    const before = this.steps;
    this.steps += count;
    if (this.steps > this.maxSteps) throw new CalcLimitError(msg.tooManySteps);
    if (count > 1 || before >> 10 !== this.steps >> 10) this.checkTime();
  }

  private checkTime(): void {
    if (this.options.clock() - this.started > this.maxMillis) throw new CalcLimitError(msg.tooSlow);
  }

  private async read<T>(f: () => T | Promise<T>): Promise<T> {
    const result = await f();
    this.checkTime();
    return result;
  }

  private ref(r: RecordValue): EntityRef {
    return { id: r.id, typeId: r.typeId };
  }

  private async eval(node: Expr, env: Env): Promise<Value> {
    this.tick();
    switch (node.kind) {
      case 'Literal':
        return this.literal(node.valueType, node.value);
      case 'Name':
      case 'Param':
        return this.name(node, env);
      case 'Member':
        return this.member(node, env);
      case 'Call':
        return this.call(node, env);
      case 'Unary': {
        const v = await this.eval(node.operand, env);
        if (v === null) return null;
        return node.op === 'not' ? !v : negate(v as number);
      }
      case 'Binary':
        return this.binary(node, env);
      case 'Like': {
        const l = await this.eval(node.left, env);
        const p = await this.eval(node.pattern, env);
        if (l === null || p === null) return null;
        const text = l instanceof RecordValue ? await this.read(() => nameOf(this.data, l)) : String(l);
        const matched = likeMatches(text, String(p), (n) => this.tick(n));
        return node.negated ? !matched : matched;
      }
      case 'IsNull': {
        const v = await this.eval(node.operand, env);
        return node.negated ? v !== null : v === null;
      }
      case 'InTuple': {
        const l = await this.eval(node.left, env);
        if (l === null) return null;
        let sawNull = false;
        for (const item of node.items) {
          const eq = await this.equals(l, await this.eval(item, env));
          if (eq === true) return !node.negated;
          if (eq === null) sawNull = true;
        }
        return sawNull ? null : node.negated;
      }
      case 'InList': {
        const l = await this.eval(node.left, env);
        const list = await this.eval(node.list, env);
        if (l === null) return null;
        if (node.single) {
          const eq = await this.equals(l, list);
          return eq === null ? null : eq !== node.negated;
        }
        // Lists ignore their nulls, as aggregates do.
        for (const item of (list ?? []) as Value[]) {
          this.tick();
          if (item !== null && (await this.equals(l, item)) === true) return !node.negated;
        }
        return node.negated;
      }
      case 'Template': {
        let out = '';
        for (const part of node.parts) {
          if (typeof part === 'string') out += part;
          else out += await this.text(await this.eval(part, env), part.t ?? NONE);
          checkTextLength(out.length);
        }
        return out;
      }
      case 'Case': {
        const subject = node.subject ? await this.eval(node.subject, env) : null;
        for (const w of node.whens) {
          const v = await this.eval(w.when, env);
          const hit = node.subject ? (await this.equals(subject, v)) === true : v === true;
          if (hit) return this.eval(w.result, env);
        }
        return node.otherwise ? this.eval(node.otherwise, env) : null;
      }
      case 'Let': {
        const vars = new Map(env.vars);
        for (const b of node.bindings)
          vars.set(b.name.toLowerCase(), await this.eval(b.value, { row: env.row, vars }));
        return this.eval(node.body, { row: env.row, vars });
      }
      case 'Where': {
        const list = ((await this.eval(node.source, env)) ?? []) as Value[];
        const out: Value[] = [];
        for (const item of list) {
          this.tick();
          if ((await this.eval(node.cond, this.rowEnv(env, item))) === true) out.push(item);
        }
        return out;
      }
      case 'OrderBy':
        return this.orderBy(node, env);
    }
  }

  private rowEnv(env: Env, item: Value): Env {
    return item instanceof RecordValue ? { row: item, vars: env.vars } : env;
  }

  private literal(type: string, value: string | boolean | null): Value {
    if (value === null) return null;
    switch (type) {
      case 'Int32':
        return Number(value);
      case 'Decimal':
        return new Dec(String(value));
      case 'Date':
        return parseDate(String(value));
      case 'Time':
        return parseTime(String(value));
      case 'DateTime':
        return parseDateTime(String(value), this.tz);
      default:
        return value;
    }
  }

  private async name(node: NameNode | ParamNode, env: Env): Promise<Value> {
    const r = node.resolved;
    if (!r) return null;
    switch (r.kind) {
      case 'variable':
        return env.vars.get(r.name) ?? null;
      case 'param':
        return this.params.get(r.name) ?? null;
      case 'field':
      case 'relationship':
        return this.readMember(env.row, r);
      default:
        return null;
    }
  }

  private async readMember(record: Value, r: Resolution | undefined): Promise<Value> {
    if (r?.kind === 'field') {
      if (!(record instanceof RecordValue)) return null;
      const raw = await this.read(() => this.data.getField(this.ref(record), r.fieldId));
      return fromJson(raw, r.fieldType, this.tz);
    }
    if (r?.kind === 'relationship') {
      if (!(record instanceof RecordValue)) return r.isList ? [] : null;
      const related = await this.read(() =>
        this.data.getRelated(this.ref(record), r.relationshipId, r.direction),
      );
      this.tick(related.length);
      const values = related.map((e) => new RecordValue(String(e.id), e.typeId));
      return r.isList ? values : (values[0] ?? null);
    }
    return null;
  }

  private async member(node: MemberNode, env: Env): Promise<Value> {
    const obj = await this.eval(node.object, env);
    if (!node.projects) return this.readMember(obj, node.resolved);
    const out: Value[] = [];
    for (const item of (obj ?? []) as Value[]) {
      const v = await this.readMember(item, node.resolved);
      if (node.resolved?.kind === 'relationship' && node.resolved.isList) out.push(...(v as Value[]));
      else out.push(v);
    }
    return out;
  }

  private async call(node: Expr & { kind: 'Call' }, env: Env): Promise<Value> {
    const def = lookupFunction(node.fn ?? node.name)?.def;
    const sig = def?.signatures[node.signature ?? 0];
    if (!def || !sig) return null;
    const ctx: FnContext = {
      node,
      argTypes: node.args.map((a) => a.t ?? NONE),
      resultType: node.t ?? NONE,
      timeZone: this.tz,
      now: this.started,
      data: this.data,
      context: this.context,
      step: (count = 1) => this.tick(count),
      text: (v, t, format) => this.read(() => toText(v, t, this.tz, this.data, format)),
      equals: (a, b) => this.equals(a, b),
      isOfType: (typeId, ancestor) => this.compiled.schema?.isOfType(typeId, ancestor) ?? typeId === ancestor,
    };
    if (sig.lazy) {
      const thunks: Thunk[] = node.args.map((a) => () => this.eval(a, env));
      return sig.lazy(thunks, ctx);
    }
    const args: Value[] = [];
    for (const [i, arg] of node.args.entries()) {
      const special =
        arg.kind === 'Name' && (arg.resolved?.kind === 'datePart' || arg.resolved?.kind === 'typeName');
      if (special && i === 0) {
        args.push(null);
        continue;
      }
      const v = await this.eval(arg, env);
      if (v === null && !sig.keepNulls) return null;
      args.push(v);
    }
    const result = await sig.impl?.(args, ctx);
    return result ?? null;
  }

  private async binary(node: BinaryNode, env: Env): Promise<Value> {
    if (node.op === 'and' || node.op === 'or') {
      const stopOn = node.op === 'or';
      const l = await this.eval(node.left, env);
      if (l === stopOn) return stopOn;
      const r = await this.eval(node.right, env);
      if (r === stopOn) return stopOn;
      return l === null || r === null ? null : !stopOn;
    }
    const l = await this.eval(node.left, env);
    const r = await this.eval(node.right, env);
    const lt = node.left.t ?? NONE;
    const rt = node.right.t ?? NONE;
    if (node.op === '&' || (node.op === '+' && node.mode === 'text')) {
      if (node.op === '+' && l === null && r === null) return null;
      const text = (await this.text(l, lt)) + (await this.text(r, rt));
      checkTextLength(text.length);
      return text;
    }
    if (l === null || r === null) return null;
    switch (node.op) {
      case '+':
      case '-':
        if (node.mode === 'date') return this.dateArithmetic(node.op, l, r);
        return node.op === '+' ? add(l as number, r as number) : subtract(l as number, r as number);
      case '*':
        return multiply(l as number, r as number);
      case '/':
        return divide(l as number, r as number);
      case '%':
        return remainder(l as number, r as number);
      default: {
        const c = await this.compare(l, r, node.mode);
        if (c === null) return null;
        switch (node.op) {
          case '=':
            return c === 0;
          case '<>':
            return c !== 0;
          case '<':
            return c < 0;
          case '<=':
            return c <= 0;
          case '>':
            return c > 0;
          default:
            return c >= 0;
        }
      }
    }
  }

  private dateArithmetic(op: '+' | '-', l: Value, r: Value): Value {
    if (l instanceof CalcDate && r instanceof CalcDate) return l.days - r.days;
    const [date, days] =
      l instanceof CalcDate || l instanceof CalcDateTime ? [l, r as number] : [r as CalcDate, l as number];
    return dateAdd('day', op === '+' ? days : -days, date, this.tz);
  }

  /** Orders two non-null values; choice values by their order, a choice and a text by name. */
  private async compare(l: Value, r: Value, mode: BinaryNode['mode']): Promise<number | null> {
    if (mode === 'choiceOrder' && l instanceof RecordValue && r instanceof RecordValue) {
      return Math.sign((await this.orderOf(l)) - (await this.orderOf(r)));
    }
    if (l instanceof RecordValue && typeof r === 'string')
      return compareValues(await this.nameText(l), r, this.tz);
    if (typeof l === 'string' && r instanceof RecordValue)
      return compareValues(l, await this.nameText(r), this.tz);
    return compareValues(l, r, this.tz);
  }

  private async equals(a: Value, b: Value): Promise<boolean | null> {
    if (a === null || b === null) return null;
    const c = await this.compare(a, b, 'entity');
    return c === null ? false : c === 0;
  }

  private async orderOf(r: RecordValue): Promise<number> {
    const order = await this.read(() => this.data.choiceOrder?.(this.ref(r)) ?? null);
    return order ?? 999;
  }

  private nameText(r: RecordValue): Promise<string> {
    return this.read(() => nameOf(this.data, r));
  }

  private text(v: Value, t: CalcType): Promise<string> {
    return this.read(() => toText(v, t, this.tz, this.data));
  }

  private async orderBy(node: OrderByNode, env: Env): Promise<Value> {
    const list = ((await this.eval(node.source, env)) ?? []) as Value[];
    const rows: { item: Value; keys: Value[]; index: number }[] = [];
    for (const [index, item] of list.entries()) {
      this.tick();
      const keys: Value[] = [];
      for (const k of node.keys) {
        const v = await this.eval(k.key, this.rowEnv(env, item));
        keys.push(v instanceof RecordValue ? await this.orderOf(v) : v);
      }
      rows.push({ item, keys, index });
    }
    this.tick(Math.ceil(rows.length * Math.log2(rows.length + 1)));
    rows.sort((a, b) => {
      for (const [i, k] of node.keys.entries()) {
        const x = a.keys[i] ?? null;
        const y = b.keys[i] ?? null;
        // Nulls sort first ascending, last descending (as SQL Server).
        const c =
          x === null || y === null
            ? x === null
              ? y === null
                ? 0
                : -1
              : 1
            : (compareValues(x, y, this.tz) ?? 0);
        if (c !== 0) return k.direction === 'desc' ? -c : c;
      }
      return a.index - b.index;
    });
    return rows.map((r) => r.item);
  }
}
