import type { Expr, LiteralNode } from './ast.js';
import { KEYWORDS } from './lexer.js';

// Binding strength of each level of calc-language.md §2: higher binds tighter. `let` sits below
// `where` and `order by`: a let value or a clause source that is a `let` needs brackets.
const LEVEL = {
  let: 0.5,
  query: 1,
  or: 2,
  and: 3,
  not: 4,
  compare: 5,
  concat: 6,
  add: 7,
  mul: 8,
  unary: 9,
  postfix: 10,
};

function levelOf(node: Expr): number {
  switch (node.kind) {
    case 'Let':
      return LEVEL.let;
    case 'Where':
    case 'OrderBy':
      return LEVEL.query;
    case 'Binary':
      switch (node.op) {
        case 'or':
          return LEVEL.or;
        case 'and':
          return LEVEL.and;
        case '&':
          return LEVEL.concat;
        case '+':
        case '-':
          return LEVEL.add;
        case '*':
        case '/':
        case '%':
          return LEVEL.mul;
        default:
          return LEVEL.compare;
      }
    case 'Like':
    case 'IsNull':
    case 'InTuple':
    case 'InList':
      return LEVEL.compare;
    case 'Unary':
      return node.op === 'not' ? LEVEL.not : LEVEL.unary;
    default:
      return LEVEL.postfix;
  }
}

/** Prints a name bare when it can be, else in brackets with `]` doubled. */
export function printName(name: string, bracketed: boolean): string {
  const bare = /^[\p{L}_][\p{L}\p{N}_]*$/u.test(name) && !KEYWORDS.has(name.toLowerCase());
  return bare && !bracketed ? name : `[${name.replaceAll(']', ']]')}]`;
}

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

function printLiteral(node: LiteralNode): string {
  switch (node.valueType) {
    case 'String':
      return quote(String(node.value));
    case 'Int32':
    case 'Decimal':
      return String(node.value);
    case 'Bool':
      return node.value ? 'true' : 'false';
    case 'None':
      return 'null';
    case 'Date':
    case 'Time':
      return node.value === null ? 'null' : `#${node.value}#`;
    case 'DateTime':
      return node.value === null ? 'null' : `#${String(node.value).replace('T', ' ')}#`;
  }
}

/**
 * Prints a tree back to source in canonical form (`not`, `and`, `or`, `<>`; comments dropped), adding
 * only the parentheses precedence needs, so that `parse(print(ast))` gives the same tree.
 */
export function print(node: Expr): string {
  return printAt(node, 0);
}

/** Prints `node` where the surrounding syntax needs at least binding strength `min`. */
function printAt(node: Expr, min: number): string {
  const text = printBare(node);
  return levelOf(node) < min ? `(${text})` : text;
}

// Items separated by commas: a query clause there would swallow the comma, so bracket it.
const item = (e: Expr) => printAt(e, LEVEL.or);

function printBare(node: Expr): string {
  switch (node.kind) {
    case 'Literal':
      return printLiteral(node);
    case 'Name':
      return printName(node.name, node.bracketed);
    case 'Param':
      return `@${printName(node.name, node.bracketed)}`;
    case 'Member':
      return `${printAt(node.object, LEVEL.postfix)}.${printName(node.name, node.bracketed)}`;
    case 'Call': {
      if (node.method) {
        const [receiver, ...rest] = node.args;
        return `${printAt(receiver!, LEVEL.postfix)}.${node.name}(${rest.map(item).join(', ')})`;
      }
      return `${node.name}(${node.args.map(item).join(', ')})`;
    }
    case 'Unary':
      return node.op === 'not'
        ? `not ${printAt(node.operand, LEVEL.not)}`
        : // `- -x` must not print as `--x`; a space keeps the tokens apart either way.
          `-${node.operand.kind === 'Unary' ? ' ' : ''}${printAt(node.operand, LEVEL.unary)}`;
    case 'Binary': {
      const level = levelOf(node);
      // Left-associative: the right side of the same level needs brackets; comparisons never chain.
      const leftMin = level === LEVEL.compare ? level + 1 : level;
      return `${printAt(node.left, leftMin)} ${node.op} ${printAt(node.right, level + 1)}`;
    }
    case 'Like':
      return `${printAt(node.left, LEVEL.concat)} ${node.negated ? 'not like' : 'like'} ${printAt(node.pattern, LEVEL.concat)}`;
    case 'IsNull':
      return `${printAt(node.operand, LEVEL.concat)} ${node.negated ? 'is not null' : 'is null'}`;
    case 'InTuple':
      return `${printAt(node.left, LEVEL.concat)} ${node.negated ? 'not in' : 'in'} (${node.items.map(item).join(', ')})`;
    case 'InList': {
      // `in (` starts a tuple; a single bracketed item reads back as this same node.
      const list = printAt(node.list, LEVEL.concat);
      return `${printAt(node.left, LEVEL.concat)} ${node.negated ? 'not in' : 'in'} ${list.startsWith('(') ? `(${list})` : list}`;
    }
    case 'Template':
      return `$'${node.parts
        .map((p) =>
          typeof p === 'string'
            ? p.replaceAll("'", "''").replaceAll('{', '{{').replaceAll('}', '}}')
            : `{${print(p)}}`,
        )
        .join('')}'`;
    case 'Case': {
      const parts = ['case'];
      if (node.subject) parts.push(printAt(node.subject, LEVEL.or));
      for (const w of node.whens) parts.push('when', print(w.when), 'then', print(w.result));
      if (node.otherwise) parts.push('else', print(node.otherwise));
      parts.push('end');
      return parts.join(' ');
    }
    case 'Let':
      return `${node.bindings
        .map((b) => `let ${printName(b.name, b.bracketed)} = ${printAt(b.value, LEVEL.query)}`)
        .join(' ')} select ${print(node.body)}`;
    case 'Where':
      return `${printAt(node.source, LEVEL.query)} where ${printAt(node.cond, LEVEL.or)}`;
    case 'OrderBy':
      return `${printAt(node.source, LEVEL.query)} order by ${node.keys
        .map((k) => `${printAt(k.key, LEVEL.or)}${k.direction ? ` ${k.direction}` : ''}`)
        .join(', ')}`;
  }
}
