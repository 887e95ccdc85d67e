import type { BaseType, CalcType } from '../types.js';

/** A half-open range of UTF-16 offsets into the source. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * What a name resolved to, filled in by the checker so that the evaluator (and a later SQL
 * translator for the Report host) never has to look names up again.
 */
export type Resolution =
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'param'; readonly name: string }
  | {
      readonly kind: 'field';
      readonly fieldId: string;
      readonly fieldType: BaseType;
      readonly name: string;
    }
  | {
      readonly kind: 'relationship';
      readonly relationshipId: string;
      readonly direction: 'forward' | 'reverse';
      readonly toTypeId: string;
      readonly isList: boolean;
      readonly name: string;
    }
  | { readonly kind: 'datePart'; readonly part: DatePart }
  | { readonly kind: 'typeName'; readonly type: BaseType; readonly entityTypeId?: string };

export type DatePart =
  | 'year'
  | 'quarter'
  | 'month'
  | 'week'
  | 'day'
  | 'hour'
  | 'minute'
  | 'second'
  | 'dayofyear'
  | 'weekday';

interface NodeBase {
  readonly span: Span;
  /** The static type, set by the checker. */
  t?: CalcType;
}

export type LiteralType = 'String' | 'Int32' | 'Decimal' | 'Bool' | 'None' | 'Date' | 'Time' | 'DateTime';

/**
 * A literal. `value` is canonical text: numbers as written, dates `yyyy-mm-dd`, times `hh:mm:ss`,
 * date-times `yyyy-mm-ddThh:mm:ss` (wall clock in the evaluation time zone, or with `Z` for UTC).
 */
export interface LiteralNode extends NodeBase {
  readonly kind: 'Literal';
  readonly valueType: LiteralType;
  readonly value: string | boolean | null;
}

export interface NameNode extends NodeBase {
  readonly kind: 'Name';
  readonly name: string;
  readonly bracketed: boolean;
  resolved?: Resolution;
}

export interface ParamNode extends NodeBase {
  readonly kind: 'Param';
  readonly name: string;
  readonly bracketed: boolean;
  resolved?: Resolution;
}

export interface MemberNode extends NodeBase {
  readonly kind: 'Member';
  readonly object: Expr;
  readonly name: string;
  readonly bracketed: boolean;
  readonly nameSpan: Span;
  /** True when the object is a list and the member is projected over it. */
  projects?: boolean;
  resolved?: Resolution;
}

export interface CallNode extends NodeBase {
  readonly kind: 'Call';
  readonly name: string;
  readonly nameSpan: Span;
  readonly args: readonly Expr[];
  /** Written as `a.f(x)`: the first argument is the receiver. */
  readonly method: boolean;
  /** Canonical function name and the chosen signature, set by the checker. */
  fn?: string;
  signature?: number;
}

export type UnaryOp = '-' | 'not';
export interface UnaryNode extends NodeBase {
  readonly kind: 'Unary';
  readonly op: UnaryOp;
  readonly opSpan: Span;
  readonly operand: Expr;
}

export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '&'
  | 'and'
  | 'or'
  | '='
  | '<>'
  | '<'
  | '<='
  | '>'
  | '>=';
export interface BinaryNode extends NodeBase {
  readonly kind: 'Binary';
  readonly op: BinaryOp;
  readonly opSpan: Span;
  readonly left: Expr;
  readonly right: Expr;
  /** How the checker typed the operation, e.g. text `+` or choice-by-name comparison. */
  mode?: 'number' | 'text' | 'date' | 'choiceName' | 'choiceOrder' | 'entity' | 'bool' | 'time' | 'none';
}

export interface LikeNode extends NodeBase {
  readonly kind: 'Like';
  readonly negated: boolean;
  readonly opSpan: Span;
  readonly left: Expr;
  readonly pattern: Expr;
}

export interface IsNullNode extends NodeBase {
  readonly kind: 'IsNull';
  readonly negated: boolean;
  readonly opSpan: Span;
  readonly operand: Expr;
}

/** `x in (a, b)` with two or more items. */
export interface InTupleNode extends NodeBase {
  readonly kind: 'InTuple';
  readonly negated: boolean;
  readonly opSpan: Span;
  readonly left: Expr;
  readonly items: readonly Expr[];
}

/** `x in list`, and `x in (item)`: when `list` is not a list the checker sets `single` and it is `x = item`. */
export interface InListNode extends NodeBase {
  readonly kind: 'InList';
  readonly negated: boolean;
  readonly opSpan: Span;
  readonly left: Expr;
  readonly list: Expr;
  single?: boolean;
}

export interface TemplateNode extends NodeBase {
  readonly kind: 'Template';
  readonly parts: readonly (string | Expr)[];
}

export interface CaseNode extends NodeBase {
  readonly kind: 'Case';
  readonly subject: Expr | null;
  readonly whens: readonly { readonly when: Expr; readonly result: Expr }[];
  readonly otherwise: Expr | null;
}

export interface LetBinding {
  readonly name: string;
  readonly bracketed: boolean;
  readonly nameSpan: Span;
  readonly value: Expr;
}
export interface LetNode extends NodeBase {
  readonly kind: 'Let';
  readonly bindings: readonly LetBinding[];
  readonly body: Expr;
}

export interface WhereNode extends NodeBase {
  readonly kind: 'Where';
  readonly source: Expr;
  readonly cond: Expr;
  readonly keywordSpan: Span;
}

export interface OrderKey {
  readonly key: Expr;
  readonly direction: 'asc' | 'desc' | null;
}
export interface OrderByNode extends NodeBase {
  readonly kind: 'OrderBy';
  readonly source: Expr;
  readonly keys: readonly OrderKey[];
  readonly keywordSpan: Span;
}

export type Expr =
  | LiteralNode
  | NameNode
  | ParamNode
  | MemberNode
  | CallNode
  | UnaryNode
  | BinaryNode
  | LikeNode
  | IsNullNode
  | InTupleNode
  | InListNode
  | TemplateNode
  | CaseNode
  | LetNode
  | WhereNode
  | OrderByNode;

/** The direct sub-expressions of a node, in source order. */
export function childrenOf(node: Expr): Expr[] {
  switch (node.kind) {
    case 'Literal':
    case 'Name':
    case 'Param':
      return [];
    case 'Member':
      return [node.object];
    case 'Call':
      return [...node.args];
    case 'Unary':
      return [node.operand];
    case 'Binary':
      return [node.left, node.right];
    case 'Like':
      return [node.left, node.pattern];
    case 'IsNull':
      return [node.operand];
    case 'InTuple':
      return [node.left, ...node.items];
    case 'InList':
      return [node.left, node.list];
    case 'Template':
      return node.parts.filter((p): p is Expr => typeof p !== 'string');
    case 'Case': {
      const out: Expr[] = node.subject ? [node.subject] : [];
      for (const w of node.whens) out.push(w.when, w.result);
      if (node.otherwise) out.push(node.otherwise);
      return out;
    }
    case 'Let':
      return [...node.bindings.map((b) => b.value), node.body];
    case 'Where':
      return [node.source, node.cond];
    case 'OrderBy':
      return [node.source, ...node.keys.map((k) => k.key)];
  }
}

/** The depth of the deepest node, measured without recursion. */
export function depthOf(root: Expr): number {
  let max = 0;
  const stack: [Expr, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) max = depth;
    for (const child of childrenOf(node)) stack.push([child, depth + 1]);
  }
  return max;
}
