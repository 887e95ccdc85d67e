import { type CompileResult, childrenOf, type Expr, lookupFunction } from '@plinth/calc';

/** A plain-language explanation of a compiled expression. */
export interface Explanation {
  description: string;
  steps: string[];
}

const MAX_STEPS = 40;
const MAX_PHRASE = 160;

const typeWords: Record<string, string> = {
  String: 'text',
  Int32: 'a whole number',
  Decimal: 'a decimal number',
  Currency: 'an amount of money',
  Bool: 'a yes/no value',
  Date: 'a date',
  Time: 'a time of day',
  DateTime: 'a date and time',
  Entity: 'a record',
  None: 'nothing (null)',
};

const comparisons: Record<string, string> = {
  '=': 'is equal to',
  '<>': 'is not equal to',
  '<': 'is less than',
  '<=': 'is at most',
  '>': 'is greater than',
  '>=': 'is at least',
};

/**
 * The built-in explainer behind AI Explain: walks the compiled, typed tree (no outside service) and
 * answers a one-paragraph description and numbered steps in evaluation order. Each composite part of
 * the expression is one step; later steps refer to earlier ones by number.
 *
 * @example
 * explain(compile('[Qty] * [Unit Price]', …)).steps // ['Step 1: Multiply the Qty field by the Unit Price field.']
 */
export function explain(compiled: CompileResult): Explanation {
  if (!compiled.ast) return { description: 'The calculation has no content.', steps: [] };
  const steps: string[] = [];
  let hidden = 0;
  const stepOf = new Map<Expr, number>();

  /** A short noun phrase for a node: leaves inline, composites by their step number. */
  const ref = (node: Expr): string => {
    const n = stepOf.get(node);
    if (n !== undefined) return `the result of step ${n}`;
    return leaf(node) ?? 'a calculated value';
  };

  const visit = (node: Expr): void => {
    if (leaf(node) !== undefined) return;
    for (const child of childrenOf(node)) visit(child);
    const sentence = stepSentence(node, ref);
    if (steps.length >= MAX_STEPS) {
      hidden++;
      return;
    }
    steps.push(sentence);
    stepOf.set(node, steps.length);
  };
  visit(compiled.ast);
  const numbered = steps.map((s, i) => `Step ${i + 1}: ${s}`);
  if (hidden > 0) numbered.push(`…and ${hidden} further steps of the same kind.`);

  const whole = cap(inline(compiled.ast, 0));
  const result = `${compiled.isList ? 'a list of ' : ''}${
    compiled.isList ? plural(compiled.resultType) : (typeWords[compiled.resultType] ?? compiled.resultType)
  }`;
  const uses: string[] = [];
  if (compiled.calcFlags.usesContext) uses.push('the current record');
  if (compiled.calcFlags.parameters.length > 0)
    uses.push(`the variables ${compiled.calcFlags.parameters.map((p) => `[${p}]`).join(', ')}`);
  if (compiled.calcFlags.usesClock) uses.push("today's date or the current time");
  if (compiled.calcFlags.readsOtherRecords) uses.push('other records you can read');
  const description =
    `${whole.replace(/…$/, '')}${whole.endsWith('…') ? '…' : '.'} The result is ${result}` +
    (uses.length > 0 ? `, worked out from ${joinAnd(uses)}.` : '.');
  return {
    description,
    steps: numbered.length > 0 ? numbered : [`Step 1: Give ${leaf(compiled.ast) ?? 'the value'}.`],
  };
}

function plural(type: string): string {
  const words: Record<string, string> = {
    String: 'texts',
    Int32: 'whole numbers',
    Decimal: 'decimal numbers',
    Currency: 'amounts',
    Bool: 'yes/no values',
    Date: 'dates',
    Time: 'times',
    DateTime: 'dates and times',
    Entity: 'records',
  };
  return words[type] ?? type;
}

const joinAnd = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

const quote = (text: string) => {
  const t = text.length > 40 ? `${text.slice(0, 37)}…` : text;
  return `'${t}'`;
};

/** A phrase for a leaf (literal, name, parameter, simple member access), or undefined for a composite. */
function leaf(node: Expr): string | undefined {
  switch (node.kind) {
    case 'Literal':
      switch (node.valueType) {
        case 'String':
          return `the text ${quote(String(node.value))}`;
        case 'Bool':
          return node.value ? 'true' : 'false';
        case 'None':
          return 'nothing (null)';
        case 'Date':
          return `the date ${node.value}`;
        case 'Time':
          return `the time ${node.value}`;
        case 'DateTime':
          return `the date and time ${String(node.value).replace('T', ' ')}`;
        default:
          return String(node.value);
      }
    case 'Name': {
      const r = node.resolved;
      if (!r) return `'${node.name}'`;
      switch (r.kind) {
        case 'field':
          return `the ${r.name} field`;
        case 'relationship':
          return r.isList ? `the related ${r.name} records` : `the related ${r.name} record`;
        case 'variable':
          return `the value named ${node.name}`;
        case 'param':
          return `the variable [${r.name}]`;
        case 'datePart':
          return r.part;
        case 'typeName':
          return r.type === 'Entity' ? node.name : r.type;
      }
      return `'${node.name}'`;
    }
    case 'Param':
      return `the variable [${node.name}]`;
    case 'Unary':
      // A negative number is written as one.
      return node.op === '-' && node.operand.kind === 'Literal' && typeof node.operand.value === 'string'
        ? `-${node.operand.value}`
        : undefined;
    case 'Member': {
      const of = leaf(node.object);
      if (of === undefined) return undefined;
      const r = node.resolved;
      const what = r?.kind === 'relationship' ? `related ${r.name}` : r && 'name' in r ? r.name : node.name;
      return node.projects ? `the ${what} of each of ${of}` : `the ${what} of ${of}`;
    }
    case 'Call':
      if (node.args.length === 0) {
        switch (node.fn) {
          case 'context':
            return 'the current record';
          case 'getdate':
            return "today's date";
          case 'getdatetime':
            return 'the current date and time';
          case 'gettime':
            return 'the current time';
        }
      }
      return undefined;
    default:
      return undefined;
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One step: what a composite node does with its parts (already described as leaves or earlier steps). */
function stepSentence(node: Expr, ref: (n: Expr) => string): string {
  switch (node.kind) {
    case 'Member':
      return node.projects
        ? `Take ${memberName(node)} of each record in ${ref(node.object)}.`
        : `Take ${memberName(node)} of ${ref(node.object)}.`;
    case 'Call':
      return callSentence(node, ref);
    case 'Unary':
      return node.op === 'not'
        ? `Reverse ${ref(node.operand)}: true becomes false and false becomes true.`
        : `Make ${ref(node.operand)} negative (change its sign).`;
    case 'Binary': {
      const [a, b] = [ref(node.left), ref(node.right)];
      switch (node.op) {
        case '+':
          if (node.mode === 'text') return `Join ${a} and ${b} into one piece of text.`;
          if (node.mode === 'date') return `Add ${b} days to ${a}.`;
          return `Add ${a} and ${b}.`;
        case '-':
          if (node.mode === 'date')
            return node.t?.type === 'Int32'
              ? `Count the days from ${b} to ${a}.`
              : `Subtract ${b} days from ${a}.`;
          return `Subtract ${b} from ${a}.`;
        case '*':
          return `Multiply ${a} by ${b}.`;
        case '/':
          return `Divide ${a} by ${b} (no value when dividing by zero).`;
        case '%':
          return `Take the remainder of dividing ${a} by ${b}.`;
        case '&':
          return `Join ${a} and ${b} as text.`;
        case 'and':
          return `Check that both ${a} and ${b} are true.`;
        case 'or':
          return `Check that ${a} or ${b} (or both) is true.`;
        default:
          return `Check whether ${a} ${comparisons[node.op] ?? node.op} ${b}.`;
      }
    }
    case 'Like':
      return `Check whether ${ref(node.left)} ${node.negated ? 'does not match' : 'matches'} the pattern ${ref(node.pattern)} (% stands for any text, _ for one character).`;
    case 'IsNull':
      return `Check whether ${ref(node.operand)} ${node.negated ? 'has a value' : 'is empty (null)'}.`;
    case 'InTuple':
      return `Check whether ${ref(node.left)} ${node.negated ? 'is none of' : 'is one of'} ${joinAnd(node.items.map(ref))}.`;
    case 'InList':
      return `Check whether ${ref(node.left)} ${node.negated ? 'is not in' : 'is in'} ${ref(node.list)}.`;
    case 'Template': {
      const parts = node.parts.map((p) => (typeof p === 'string' ? quote(p) : ref(p)));
      return `Build text from ${joinAnd(parts)}.`;
    }
    case 'Case': {
      const branches = node.whens.map((w) =>
        node.subject
          ? `when ${ref(node.subject)} is ${ref(w.when)}, give ${ref(w.result)}`
          : `when ${ref(w.when)} is true, give ${ref(w.result)}`,
      );
      const otherwise = node.otherwise
        ? `otherwise give ${ref(node.otherwise)}`
        : 'otherwise give nothing (null)';
      return `Choose the first case that applies: ${branches.join('; ')}; ${otherwise}.`;
    }
    case 'Let':
      return `Let ${joinAnd(node.bindings.map((b) => `${b.name} stand for ${ref(b.value)}`))}, then give ${ref(node.body)}.`;
    case 'Where':
      return `Keep only the items of ${ref(node.source)} for which ${ref(node.cond)} is true.`;
    case 'OrderBy':
      return `Sort ${ref(node.source)} by ${joinAnd(
        node.keys.map((k) => `${ref(k.key)}${k.direction === 'desc' ? ' (largest first)' : ''}`),
      )}.`;
    default:
      return `Give ${ref(node)}.`;
  }
}

function memberName(node: Extract<Expr, { kind: 'Member' }>): string {
  const r = node.resolved;
  if (r?.kind === 'relationship') return `the related ${r.name}`;
  if (r?.kind === 'field') return `the ${r.name} field`;
  return `'${node.name}'`;
}

function callSentence(node: Extract<Expr, { kind: 'Call' }>, ref: (n: Expr) => string): string {
  const fn = node.fn ?? node.name.toLowerCase();
  const a = node.args.map(ref);
  switch (fn) {
    case 'iif':
      return `If ${a[0]} is true, give ${a[1]}; otherwise give ${a[2]}.`;
    case 'isnull':
      return `Give ${a[0]}, or ${a[1]} when it is empty (null).`;
    case 'coalesce':
      return `Give the first of ${joinAnd(a)} that has a value.`;
    case 'count':
      return `Count ${a[0]}.`;
    case 'sum':
      return `Add up ${a[0]}.`;
    case 'avg':
      return `Take the average of ${a[0]}.`;
    case 'min':
      return a.length === 1 ? `Take the smallest of ${a[0]}.` : `Take the smallest of ${joinAnd(a)}.`;
    case 'max':
      return a.length === 1 ? `Take the largest of ${a[0]}.` : `Take the largest of ${joinAnd(a)}.`;
    case 'all':
      return `List every ${a[0]} record you can read.`;
    case 'resource':
      return `Find the ${a[0]} record named ${a[1]}.`;
    case 'convert':
      return `Convert ${a[1]} to ${a[0]}.`;
    case 'round':
      return a.length > 1 ? `Round ${a[0]} to ${a[1]} decimal places.` : `Round ${a[0]} to a whole number.`;
    case 'dateadd':
      return `Add ${a[1]} ${a[1] === '1' || a[1] === '-1' ? a[0] : `${a[0]}s`} to ${a[2]}.`;
    case 'datediff':
      return `Count the ${a[0]} boundaries from ${a[1]} to ${a[2]}.`;
    default: {
      const def = lookupFunction(fn)?.def;
      const what = def ? def.description.replace(/\.$/, '') : `the function ${fn}`;
      return a.length > 0
        ? `Use ${fn} on ${joinAnd(a)}: ${lowerFirst(what)}.`
        : `Use ${fn}: ${lowerFirst(what)}.`;
    }
  }
}

const lowerFirst = (s: string) => (/^[A-Z](?![A-Z])/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** The whole expression as one phrase (what it "does"), shortened when long. */
function inline(node: Expr, depth: number): string {
  const l = leaf(node);
  if (l !== undefined) return `give ${l}`;
  const sub = (n: Expr) =>
    depth >= 2 ? (leaf(n) ?? 'a calculated value') : (leaf(n) ?? `(${nounOf(n, depth + 1)})`);
  const text = stepSentence(node, sub).replace(/\.$/, '');
  const phrase = lowerFirst(text);
  const out = phrase.length > MAX_PHRASE ? `${phrase.slice(0, MAX_PHRASE - 1)}…` : phrase;
  return depth === 0 ? cap(out) : out;
}

function nounOf(node: Expr, depth: number): string {
  const text = inline(node, depth);
  if (text.startsWith('give ')) return text.slice(5);
  return text.startsWith('check whether ') ? text.slice(6) : text;
}
