import { msg } from '../messages.js';
import type { CalcParameter, CalcSchema } from '../schema.js';
import type {
  BinaryNode,
  CaseNode,
  Expr,
  LetNode,
  MemberNode,
  NameNode,
  OrderByNode,
  Span,
  WhereNode,
} from '../syntax/ast.js';
import type { Diagnostic } from '../syntax/parser.js';
import {
  type BaseType,
  BOOL,
  type CalcHost,
  type CalcType,
  elementOf,
  isNumeric,
  NONE,
  STRING,
  scalar,
  typeName,
  unify,
  widerNumeric,
} from '../types.js';
import type { CallChecker } from './callChecker.js';
import { checkCall } from './calls.js';

/** What a compiled expression depends on and does; hosts use it to decide when to re-evaluate. */
export interface CalcFlags {
  /** Reads the context record (a bare field name, or `context()`). */
  usesContext: boolean;
  /** Reads the clock (`getdate()`, `now()`…): the result changes over time. */
  usesClock: boolean;
  /** Reads records other than the context and its relations (`all`, `resource`). */
  readsOtherRecords: boolean;
  /** Declared parameters referenced, by declared name. */
  parameters: string[];
  fieldIds: string[];
  relationshipIds: string[];
}

export interface CheckOptions {
  readonly schema?: CalcSchema;
  readonly host: CalcHost;
  readonly contextTypeId?: string;
  readonly params: ReadonlyMap<string, CalcParameter>;
}

type Mode = NonNullable<BinaryNode['mode']>;

/**
 * Types a parsed tree in place: sets `t` on every node it could type and resolves names, calls and
 * date parts, so the evaluator and a SQL translator need no further lookups.
 */
export class Checker implements CallChecker {
  readonly diagnostics: Diagnostic[] = [];
  readonly flags = {
    usesContext: false,
    usesClock: false,
    readsOtherRecords: false,
    parameters: new Set<string>(),
    fieldIds: new Set<string>(),
    relationshipIds: new Set<string>(),
  };
  private readonly scopes: Map<string, CalcType | undefined>[] = [];
  private readonly rows: (string | undefined)[];

  constructor(readonly options: CheckOptions) {
    this.rows = [options.contextTypeId];
  }

  check(node: Expr): CalcType | undefined {
    const t = this.visit(node);
    if (t) node.t = t;
    return t;
  }

  /** A type as messages name it, records by their type's name. */
  describe(t: CalcType): string {
    const name = t.entityTypeId ? this.options.schema?.getType(t.entityTypeId)?.name : undefined;
    return typeName(t, name);
  }

  report(type: Diagnostic['type'], text: string, span: Span): undefined {
    this.diagnostics.push({ type, text, span });
    return undefined;
  }
  error(text: string, span: Span): undefined {
    return this.report('Error', text, span);
  }

  private visit(node: Expr): CalcType | undefined {
    switch (node.kind) {
      case 'Literal':
        return scalar(node.valueType);
      case 'Name':
        return this.name(node);
      case 'Param': {
        const p = this.options.params.get(node.name.toLowerCase());
        if (!p) return this.error(msg.unknownParam(node.name), node.span);
        node.resolved = { kind: 'param', name: p.name };
        this.flags.parameters.add(p.name);
        return paramType(p);
      }
      case 'Member':
        return this.member(node);
      case 'Call':
        return checkCall(this, node);
      case 'Unary': {
        if (node.op === 'not') return this.condition(node.operand) && BOOL;
        const t = this.check(node.operand);
        if (!t) return undefined;
        if (t.type === 'None' || isNumeric(t)) return t;
        return this.error(msg.noOverload('-'), node.opSpan);
      }
      case 'Binary':
        return this.binary(node);
      case 'Like': {
        const l = this.check(node.left);
        const p = this.check(node.pattern);
        if (!l || !p) return undefined;
        const textual = (t: CalcType, allowChoice: boolean) =>
          !t.isList && (t.type === 'String' || t.type === 'None' || (allowChoice && this.isChoice(t)));
        if (!textual(l, true) || !textual(p, false)) return this.error(msg.noOverload('like'), node.opSpan);
        return BOOL;
      }
      case 'IsNull':
        return this.check(node.operand) && BOOL;
      case 'InTuple': {
        const l = this.check(node.left);
        const items = node.items.map((i) => this.check(i));
        if (!l || items.some((t) => !t)) return undefined;
        if (items.some((t) => !this.comparison(l, t!, false)))
          return this.error(msg.noOverload('in'), node.opSpan);
        return BOOL;
      }
      case 'InList': {
        const l = this.check(node.left);
        const list = this.check(node.list);
        if (!l || !list) return undefined;
        node.single = !list.isList;
        if (!this.comparison(l, elementOf(list), false)) return this.error(msg.noOverload('in'), node.opSpan);
        return BOOL;
      }
      case 'Template': {
        let ok = true;
        for (const part of node.parts) if (typeof part !== 'string' && !this.check(part)) ok = false;
        return ok ? STRING : undefined;
      }
      case 'Case':
        return this.caseOf(node);
      case 'Let':
        return this.letOf(node);
      case 'Where':
        return this.where(node);
      case 'OrderBy':
        return this.orderBy(node);
      default:
        return unreachable(node);
    }
  }

  private condition(node: Expr): CalcType | undefined {
    const t = this.check(node);
    if (!t) return undefined;
    if (!t.isList && (t.type === 'Bool' || t.type === 'None')) return BOOL;
    return this.error(msg.expectedBool, node.span);
  }

  private isChoice(t: CalcType): boolean {
    return (
      t.type === 'Entity' && !!t.entityTypeId && !!this.options.schema?.getType(t.entityTypeId)?.isChoice
    );
  }

  private name(node: NameNode): CalcType | undefined {
    const lower = node.name.toLowerCase();
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i]!;
      if (scope.has(lower)) {
        node.resolved = { kind: 'variable', name: lower };
        return scope.get(lower);
      }
    }
    const p = this.options.params.get(lower);
    if (p) {
      node.resolved = { kind: 'param', name: p.name };
      this.flags.parameters.add(p.name);
      return paramType(p);
    }
    const row = this.rows[this.rows.length - 1];
    if (row === undefined) return this.error(msg.noContextType, node.span);
    if (this.rows.length === 1) this.flags.usesContext = true;
    return this.resolveMember(row, node, node.span, false);
  }

  private member(node: MemberNode): CalcType | undefined {
    const obj = this.check(node.object);
    if (!obj) return undefined;
    if (obj.type !== 'Entity') return this.error(msg.memberOnNonRecord, node.nameSpan);
    if (!obj.entityTypeId) return this.error(msg.unknownName(node.name), node.nameSpan);
    node.projects = obj.isList;
    return this.resolveMember(obj.entityTypeId, node, node.nameSpan, obj.isList);
  }

  private resolveMember(typeId: string, node: NameNode | MemberNode, span: Span, projects: boolean) {
    const m = this.options.schema?.getMember(typeId, node.name);
    if (!m) return this.error(msg.unknownName(node.name), span);
    if (m.kind === 'field') {
      if (m.isCalculated && this.options.host !== 'Evaluate')
        return this.error(msg.calculatedField(m.name), span);
      node.resolved = { kind: 'field', fieldId: m.id, fieldType: m.type, name: m.name };
      this.flags.fieldIds.add(m.id);
      return { type: m.type, isList: projects };
    }
    node.resolved = {
      kind: 'relationship',
      relationshipId: m.id,
      direction: m.direction,
      toTypeId: m.toType,
      isList: m.isList,
      name: m.name,
    };
    this.flags.relationshipIds.add(m.id);
    return { type: 'Entity' as const, isList: m.isList || projects, entityTypeId: m.toType };
  }

  private binary(node: BinaryNode): CalcType | undefined {
    if (node.op === 'and' || node.op === 'or') {
      const l = this.condition(node.left);
      const r = this.condition(node.right);
      return l && r && BOOL;
    }
    const l = this.check(node.left);
    const r = this.check(node.right);
    if (!l || !r) return undefined;
    const fail = () => this.error(msg.noOverload(node.op), node.opSpan);
    if (l.isList || r.isList) return fail();
    const ok = (mode: Mode, t: CalcType) => {
      node.mode = mode;
      return t;
    };
    switch (node.op) {
      case '&':
        return ok('text', STRING);
      case '+':
      case '-':
      case '*':
      case '/':
      case '%': {
        if (node.op === '+' && (l.type === 'String' || r.type === 'String')) return ok('text', STRING);
        if (node.op === '/' && isZeroLiteral(node.right))
          this.report('Warning', msg.divideByZero, node.opSpan);
        const numericOrNull = (t: CalcType) => isNumeric(t) || t.type === 'None';
        if (numericOrNull(l) && numericOrNull(r)) {
          if (l.type === 'None' && r.type === 'None') return ok('none', NONE);
          const wider = widerNumeric(
            l.type === 'None' ? 'Int32' : l.type,
            r.type === 'None' ? 'Int32' : r.type,
          );
          if (node.op !== '/') return ok('number', scalar(wider));
          return ok('number', scalar(wider === 'Currency' ? 'Currency' : 'Decimal'));
        }
        const dated = (t: CalcType) => t.type === 'Date' || t.type === 'DateTime';
        const days = (t: CalcType) => t.type === 'Int32' || t.type === 'None';
        if ((node.op === '+' || node.op === '-') && dated(l) && days(r)) return ok('date', l);
        if (node.op === '+' && days(l) && dated(r)) return ok('date', r);
        if (node.op === '-' && l.type === 'Date' && r.type === 'Date') return ok('date', scalar('Int32'));
        return fail();
      }
      default: {
        if (isNullLiteral(node.left) || isNullLiteral(node.right)) {
          this.report('Warning', msg.nullComparison, node.opSpan);
        }
        const mode = this.comparison(l, r, node.op !== '=' && node.op !== '<>');
        return mode ? ok(mode, BOOL) : fail();
      }
    }
  }

  /** How two types compare, or undefined when they cannot. */
  private comparison(l: CalcType, r: CalcType, ordered: boolean): Mode | undefined {
    if (l.isList || r.isList) return undefined;
    if (l.type === 'None' || r.type === 'None') return 'none';
    if (isNumeric(l) && isNumeric(r)) return 'number';
    const both = (...types: BaseType[]) => types.includes(l.type) && types.includes(r.type);
    if (both('String')) return 'text';
    if (both('Bool')) return 'bool';
    if (both('Date', 'DateTime')) return 'date';
    if (both('Time')) return 'time';
    if (both('Entity')) {
      if (this.isChoice(l) && this.isChoice(r)) return ordered ? 'choiceOrder' : 'entity';
      return ordered ? undefined : 'entity';
    }
    if ((this.isChoice(l) && r.type === 'String') || (l.type === 'String' && this.isChoice(r)))
      return 'choiceName';
    return undefined;
  }

  private caseOf(node: CaseNode): CalcType | undefined {
    const subject = node.subject ? this.check(node.subject) : undefined;
    let ok = node.subject === null || subject !== undefined;
    const results: CalcType[] = [];
    for (const w of node.whens) {
      if (node.subject) {
        const t = this.check(w.when);
        if (!t) ok = false;
        else if (subject && !this.comparison(subject, t, false)) {
          ok = false;
          this.error(msg.noOverload('case'), w.when.span);
        }
      } else if (!this.condition(w.when)) ok = false;
      const r = this.check(w.result);
      if (r) results.push(r);
      else ok = false;
    }
    if (node.otherwise) {
      const r = this.check(node.otherwise);
      if (r) results.push(r);
      else ok = false;
    }
    if (!ok) return undefined;
    let result: CalcType | undefined = results[0]!;
    for (const r of results.slice(1)) result = result && unify(result, r);
    if (!result)
      return this.error(msg.noOverload('case'), { start: node.span.start, end: node.span.start + 4 });
    return result;
  }

  private letOf(node: LetNode): CalcType | undefined {
    const scope = new Map<string, CalcType | undefined>();
    this.scopes.push(scope);
    try {
      for (const b of node.bindings) {
        const lower = b.name.toLowerCase();
        if (this.scopes.some((s) => s.has(lower))) this.error(msg.duplicateLet(b.name), b.nameSpan);
        scope.set(lower, this.check(b.value));
      }
      return this.check(node.body);
    } finally {
      this.scopes.pop();
    }
  }

  private withRow<T>(list: CalcType, f: () => T): T {
    this.rows.push(list.type === 'Entity' ? list.entityTypeId : this.rows[this.rows.length - 1]);
    try {
      return f();
    } finally {
      this.rows.pop();
    }
  }

  private where(node: WhereNode): CalcType | undefined {
    const source = this.check(node.source);
    if (!source) return undefined;
    if (!source.isList) return this.error(msg.noOverload('where'), node.keywordSpan);
    return this.withRow(source, () => this.condition(node.cond)) && source;
  }

  private orderBy(node: OrderByNode): CalcType | undefined {
    if (this.options.host !== 'Evaluate') this.error(msg.unavailableInReports('order by'), node.keywordSpan);
    const source = this.check(node.source);
    if (!source) return undefined;
    if (!source.isList) return this.error(msg.noOverload('order by'), node.keywordSpan);
    const keys = this.withRow(source, () => node.keys.map((k) => this.check(k.key)));
    if (keys.some((k) => !k)) return undefined;
    if (keys.some((k) => k!.isList || (k!.type === 'Entity' && !this.isChoice(k!)))) {
      return this.error(msg.noOverload('order by'), node.keywordSpan);
    }
    return source;
  }
}

export function paramType(p: CalcParameter): CalcType {
  return p.entityTypeId === undefined
    ? { type: p.type, isList: p.isList === true }
    : { type: p.type, isList: p.isList === true, entityTypeId: p.entityTypeId };
}

const isNullLiteral = (e: Expr) => e.kind === 'Literal' && e.valueType === 'None';
const isZeroLiteral = (e: Expr) =>
  e.kind === 'Literal' && (e.valueType === 'Int32' || e.valueType === 'Decimal') && Number(e.value) === 0;

/** Fails to compile when a node kind is added and not handled. */
function unreachable(node: never): never {
  throw new Error(`Unhandled node ${JSON.stringify(node)}`);
}
