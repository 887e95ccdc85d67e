import type { CalcMessageType } from '../messages.js';
import { msg } from '../messages.js';
import type {
  BinaryOp,
  CallNode,
  CaseNode,
  Expr,
  LetBinding,
  LiteralNode,
  OrderKey,
  Span,
  TemplateNode,
} from './ast.js';
import { depthOf } from './ast.js';
import { parseDateLiteral } from './dateLiteral.js';
import { lex, type Token } from './lexer.js';

/** A message found while parsing, located by offsets (converted to line and column by `compile`). */
export interface Diagnostic {
  readonly type: CalcMessageType;
  readonly text: string;
  readonly span: Span;
}

export interface ParseResult {
  /** The tree, absent when the expression is empty or has a syntax error. */
  readonly ast?: Expr;
  readonly diagnostics: Diagnostic[];
}

/** Limits of calc-language.md §7. */
export const MAX_LENGTH = 100_000;
export const MAX_NESTING = 256;
/**
 * Chains such as `a + b + … + z` or `x.f().g()` nest without brackets; their tree depth is capped
 * separately, well clear of the end of Node's default stack (docs/decisions/calc-language-decisions.md).
 */
export const MAX_TREE_DEPTH = 500;

class Stop extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.text);
  }
}

const COMPARISONS: Record<string, BinaryOp> = {
  '=': '=',
  '<>': '<>',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};
const INT32_MAX = 2_147_483_647;

/** Parses an expression. Never throws; every problem is a diagnostic. */
export function parse(src: string): ParseResult {
  if (src.length > MAX_LENGTH) {
    return { diagnostics: [{ type: 'Error', text: msg.tooLong, span: { start: 0, end: 0 } }] };
  }
  const lexed = lex(src);
  if (!lexed.ok) {
    const text = lexed.reason === 'tooDeep' ? msg.tooDeep : msg.syntax;
    return { diagnostics: [{ type: 'Error', text, span: lexed.span }] };
  }
  if (lexed.tokens.length === 1) {
    return { diagnostics: [{ type: 'Error', text: msg.empty, span: { start: 0, end: 0 } }] };
  }
  const parser = new Parser(lexed.tokens);
  try {
    const ast = parser.parseRoot();
    if (depthOf(ast) > MAX_TREE_DEPTH) {
      return { diagnostics: [{ type: 'Error', text: msg.tooDeep, span: { start: 0, end: 0 } }] };
    }
    return { ast, diagnostics: parser.diagnostics };
  } catch (e) {
    if (e instanceof Stop) return { diagnostics: [...parser.diagnostics, e.diagnostic] };
    throw e;
  }
}

class Parser {
  readonly diagnostics: Diagnostic[] = [];
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parseRoot(): Expr {
    const e = this.parseQuery();
    if (this.peek().kind !== 'eof') this.fail();
    return e;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)]!;
  }
  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.pos += 1;
    return t;
  }
  private isKeyword(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'keyword' && t.value === word;
  }
  private isOp(op: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'op' && t.value === op;
  }
  private fail(token: Token = this.peek()): never {
    throw new Stop({ type: 'Error', text: msg.syntax, span: token.span });
  }
  private expectKeyword(word: string): Token {
    if (!this.isKeyword(word)) this.fail();
    return this.next();
  }
  private expectOp(op: string): Token {
    if (!this.isOp(op)) this.fail();
    return this.next();
  }
  private span(start: number): Span {
    const prev = this.tokens[this.pos - 1];
    return { start, end: prev ? prev.span.end : start };
  }
  /** Guards recursion: brackets are counted by the lexer, unary chains here. */
  private nest<T>(start: number, f: () => T): T {
    this.depth += 1;
    try {
      if (this.depth > MAX_NESTING) {
        throw new Stop({ type: 'Error', text: msg.tooDeep, span: { start, end: start + 1 } });
      }
      return f();
    } finally {
      this.depth -= 1;
    }
  }

  private parseQuery(): Expr {
    if (!this.isKeyword('let')) return this.parseClauses();
    const start = this.peek().span.start;
    const bindings: LetBinding[] = [];
    while (this.isKeyword('let')) {
      this.next();
      const name = this.next();
      if (name.kind !== 'ident') this.fail(name);
      this.expectOp('=');
      const value = this.parseClauses();
      bindings.push({ name: name.value, bracketed: name.bracketed, nameSpan: name.span, value });
    }
    this.expectKeyword('select');
    const body = this.nest(start, () => this.parseQuery());
    return { kind: 'Let', bindings, body, span: this.span(start) };
  }

  private parseClauses(): Expr {
    let e = this.parseOr();
    for (;;) {
      if (this.isKeyword('where')) {
        const keywordSpan = this.next().span;
        const cond = this.parseOr();
        e = { kind: 'Where', source: e, cond, keywordSpan, span: this.span(e.span.start) };
      } else if (this.isKeyword('order') && this.isKeyword('by', 1)) {
        const first = this.next().span;
        const keywordSpan = { start: first.start, end: this.next().span.end };
        const keys: OrderKey[] = [];
        do {
          if (keys.length > 0) this.next();
          const key = this.parseOr();
          let direction: OrderKey['direction'] = null;
          if (this.isKeyword('asc') || this.isKeyword('desc'))
            direction = this.next().value as 'asc' | 'desc';
          keys.push({ key, direction });
        } while (this.isOp(','));
        e = { kind: 'OrderBy', source: e, keys, keywordSpan, span: this.span(e.span.start) };
      } else return e;
    }
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isKeyword('or') || this.isOp('||')) {
      const opSpan = this.next().span;
      const right = this.parseAnd();
      left = { kind: 'Binary', op: 'or', opSpan, left, right, span: this.span(left.span.start) };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isKeyword('and') || this.isOp('&&')) {
      const opSpan = this.next().span;
      const right = this.parseNot();
      left = { kind: 'Binary', op: 'and', opSpan, left, right, span: this.span(left.span.start) };
    }
    return left;
  }

  private parseNot(): Expr {
    if (this.isKeyword('not') || this.isOp('!')) {
      const opSpan = this.next().span;
      const operand = this.nest(opSpan.start, () => this.parseNot());
      return { kind: 'Unary', op: 'not', opSpan, operand, span: this.span(opSpan.start) };
    }
    return this.parseComparison();
  }

  private parseComparison(): Expr {
    const left = this.parseConcat();
    const t = this.peek();
    const start = left.span.start;
    if (t.kind === 'op' && COMPARISONS[t.value]) {
      this.next();
      const right = this.parseConcat();
      return {
        kind: 'Binary',
        op: COMPARISONS[t.value]!,
        opSpan: t.span,
        left,
        right,
        span: this.span(start),
      };
    }
    if (t.kind !== 'keyword') return left;
    const negated = t.value === 'not' && (this.isKeyword('like', 1) || this.isKeyword('in', 1));
    if (t.value === 'like' || negated) {
      this.next();
      const opToken = negated ? this.next() : t;
      const opSpan = { start: t.span.start, end: opToken.span.end };
      if (opToken.value === 'in') return this.parseIn(left, negated, opSpan);
      const pattern = this.parseConcat();
      return { kind: 'Like', negated, opSpan, left, pattern, span: this.span(start) };
    }
    if (t.value === 'in') {
      this.next();
      return this.parseIn(left, false, t.span);
    }
    if (t.value === 'is') {
      this.next();
      const not = this.isKeyword('not');
      if (not) this.next();
      const end = this.expectKeyword('null').span.end;
      const opSpan = { start: t.span.start, end };
      return { kind: 'IsNull', negated: not, opSpan, operand: left, span: this.span(start) };
    }
    return left;
  }

  private parseIn(left: Expr, negated: boolean, opSpan: Span): Expr {
    const start = left.span.start;
    if (this.isOp('(')) {
      const items = this.parseArgs();
      if (items.length === 0) this.fail(this.tokens[this.pos - 1]);
      // `x in (list)` and `x in ('a')` are one node: the checker tells a list from a single value.
      if (items.length === 1)
        return { kind: 'InList', negated, opSpan, left, list: items[0]!, span: this.span(start) };
      return { kind: 'InTuple', negated, opSpan, left, items, span: this.span(start) };
    }
    const list = this.parseConcat();
    return { kind: 'InList', negated, opSpan, left, list, span: this.span(start) };
  }

  private parseConcat(): Expr {
    let left = this.parseAdditive();
    while (this.isOp('&')) {
      const opSpan = this.next().span;
      const right = this.parseAdditive();
      left = { kind: 'Binary', op: '&', opSpan, left, right, span: this.span(left.span.start) };
    }
    return left;
  }

  private parseAdditive(): Expr {
    let left = this.parseMultiplicative();
    while (this.isOp('+') || this.isOp('-')) {
      const t = this.next();
      const right = this.parseMultiplicative();
      const op = t.value as '+' | '-';
      left = { kind: 'Binary', op, opSpan: t.span, left, right, span: this.span(left.span.start) };
    }
    return left;
  }

  private parseMultiplicative(): Expr {
    let left = this.parseUnary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
      const t = this.next();
      const right = this.parseUnary();
      const op = t.value as '*' | '/' | '%';
      left = { kind: 'Binary', op, opSpan: t.span, left, right, span: this.span(left.span.start) };
    }
    return left;
  }

  private parseUnary(): Expr {
    if (this.isOp('-')) {
      const opSpan = this.next().span;
      const operand = this.nest(opSpan.start, () => this.parseUnary());
      return { kind: 'Unary', op: '-', opSpan, operand, span: this.span(opSpan.start) };
    }
    return this.parsePostfix();
  }

  private parsePostfix(): Expr {
    let e = this.parsePrimary();
    while (this.isOp('.')) {
      this.next();
      const name = this.next();
      if (name.kind !== 'ident') this.fail(name);
      if (!name.bracketed && this.isOp('(')) {
        const args = [e, ...this.parseArgs()];
        const call: CallNode = {
          kind: 'Call',
          name: name.value,
          nameSpan: name.span,
          args,
          method: true,
          span: this.span(e.span.start),
        };
        e = call;
      } else {
        e = {
          kind: 'Member',
          object: e,
          name: name.value,
          bracketed: name.bracketed,
          nameSpan: name.span,
          span: this.span(e.span.start),
        };
      }
    }
    return e;
  }

  /** `( [query {, query}] )` */
  private parseArgs(): Expr[] {
    const open = this.expectOp('(');
    const args: Expr[] = [];
    if (this.isOp(')')) {
      this.next();
      return args;
    }
    this.nest(open.span.start, () => {
      for (;;) {
        args.push(this.parseQuery());
        if (this.isOp(',')) this.next();
        else break;
      }
    });
    this.expectOp(')');
    return args;
  }

  private parsePrimary(): Expr {
    const t = this.peek();
    const start = t.span.start;
    switch (t.kind) {
      case 'number': {
        this.next();
        const isInt = !t.value.includes('.') && Number(t.value) <= INT32_MAX;
        return { kind: 'Literal', valueType: isInt ? 'Int32' : 'Decimal', value: t.value, span: t.span };
      }
      case 'string':
        this.next();
        return { kind: 'Literal', valueType: 'String', value: t.value, span: t.span };
      case 'date':
        this.next();
        return this.dateLiteral(t);
      case 'tplStart':
        return this.parseTemplate();
      case 'param':
        this.next();
        return { kind: 'Param', name: t.value, bracketed: t.bracketed, span: t.span };
      case 'ident':
        this.next();
        if (!t.bracketed && this.isOp('(')) {
          const args = this.parseArgs();
          return {
            kind: 'Call',
            name: t.value,
            nameSpan: t.span,
            args,
            method: false,
            span: this.span(start),
          };
        }
        return { kind: 'Name', name: t.value, bracketed: t.bracketed, span: t.span };
      case 'keyword':
        if (t.value === 'true' || t.value === 'false') {
          this.next();
          return { kind: 'Literal', valueType: 'Bool', value: t.value === 'true', span: t.span };
        }
        if (t.value === 'null') {
          this.next();
          return { kind: 'Literal', valueType: 'None', value: null, span: t.span };
        }
        if (t.value === 'case') return this.parseCase();
        return this.fail();
      case 'op':
        if (t.value === '(') {
          this.next();
          const e = this.nest(start, () => this.parseQuery());
          this.expectOp(')');
          return e;
        }
        return this.fail();
      default:
        return this.fail();
    }
  }

  private dateLiteral(t: Token): LiteralNode {
    const parsed = parseDateLiteral(t.value);
    if (!parsed.ok) {
      this.diagnostics.push({ type: 'Error', text: msg.invalidDate(t.value.trim()), span: t.span });
      return { kind: 'Literal', valueType: parsed.valueType, value: null, span: t.span };
    }
    if (parsed.ambiguous) this.diagnostics.push({ type: 'Warning', text: msg.ambiguousDate, span: t.span });
    return { kind: 'Literal', valueType: parsed.valueType, value: parsed.value, span: t.span };
  }

  private parseTemplate(): TemplateNode {
    const start = this.next().span.start;
    const parts: (string | Expr)[] = [];
    for (;;) {
      const t = this.next();
      if (t.kind === 'tplText') parts.push(t.value);
      else if (t.kind === 'holeOpen') {
        parts.push(this.parseQuery());
        if (this.peek().kind !== 'holeClose') this.fail();
        this.next();
      } else if (t.kind === 'tplEnd') return { kind: 'Template', parts, span: this.span(start) };
      else this.fail(t);
    }
  }

  private parseCase(): CaseNode {
    const start = this.next().span.start;
    const subject = this.isKeyword('when') ? null : this.parseOr();
    const whens: { when: Expr; result: Expr }[] = [];
    while (this.isKeyword('when')) {
      this.next();
      const when = this.parseQuery();
      this.expectKeyword('then');
      whens.push({ when, result: this.parseQuery() });
    }
    if (whens.length === 0) this.fail();
    let otherwise: Expr | null = null;
    if (this.isKeyword('else')) {
      this.next();
      otherwise = this.parseQuery();
    }
    this.expectKeyword('end');
    return { kind: 'Case', subject, whens, otherwise, span: this.span(start) };
  }
}
