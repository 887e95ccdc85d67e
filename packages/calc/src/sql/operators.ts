import type {
  BinaryNode,
  CaseNode,
  Expr,
  InListNode,
  InTupleNode,
  LikeNode,
  TemplateNode,
} from '../syntax/ast.js';
import { type BaseType, isNumeric } from '../types.js';
import type { SqlValue } from './dialects/dialect.js';
import { joinSql, sqlFragment as q, rawSql } from './fragment.js';
import type { ListSource } from './sqlCall.js';
import type { Translation } from './translation.js';

// Operators, comparisons and the other non-call nodes, as the evaluator computes them.

const NULL = rawSql('NULL');
const not = (x: SqlValue): SqlValue => ({ f: q`(NOT ${x.f})`, t: 'Bool' });

export function binary(tr: Translation, node: BinaryNode, t: BaseType): SqlValue {
  const op = node.op;
  if (op === 'and' || op === 'or') {
    const l = tr.expr(node.left);
    const r = tr.expr(node.right);
    return { f: q`(${l.f} ${rawSql(op === 'and' ? 'AND' : 'OR')} ${r.f})`, t: 'Bool' };
  }
  if (['=', '<>', '<', '<=', '>', '>='].includes(op))
    return compare(tr, op, node.left, node.right, node.mode);
  if (op === '&' || node.mode === 'text') {
    const l = tr.textOfOperand(node.left);
    const r = tr.textOfOperand(node.right);
    if (op === '&') return { f: q`(coalesce(${l.f}, '') || coalesce(${r.f}, ''))`, t: 'String' };
    return tr.bind(
      [l, r],
      ([a, b]) =>
        q`CASE WHEN ${a} IS NULL AND ${b} IS NULL THEN NULL ELSE coalesce(${a}, '') || coalesce(${b}, '') END`,
      'String',
    );
  }
  if (node.mode === 'none') return { f: NULL, t: 'None', simple: true };
  const l = tr.expr(node.left);
  const r = tr.expr(node.right);
  if (node.mode !== 'date') return tr.dialect.arithmetic(op, l, r, t, tr);
  // Date − Date: days; Date ± days.
  if (t === 'Int32') return tr.dialect.daysBetween(l, r);
  const [d, n] = l.t === 'Date' || l.t === 'DateTime' ? [l, r] : [r, l];
  const days = op === '-' ? { f: q`(-${n.f})`, t: 'Int32' as const } : n;
  return tr.dialect.addCalendar(d, 'day', days, tr);
}

/** `=`, `<>`, `<`… by the checker's comparison mode. */
export function compare(tr: Translation, op: string, left: Expr, right: Expr, given?: string): SqlValue {
  const mode = given ?? modeOf(left, right);
  const sqlOp = rawSql(op);
  switch (mode) {
    case 'none':
      return { f: NULL, t: 'Bool', simple: true };
    case 'entity': {
      const a = tr.recordIdOf(left);
      const b = tr.recordIdOf(right);
      return { f: q`(${a.f} ${sqlOp} ${b.f})`, t: 'Bool' };
    }
    case 'choiceName': {
      const a = tr.textOfOperand(left);
      const b = tr.textOfOperand(right);
      return textCompare(tr, op, a, b);
    }
    case 'choiceOrder': {
      const a = tr.record(left);
      const b = tr.record(right);
      const hooks = tr.hooks;
      const [ia, ib] = [hooks.recordId(a.row, a.path), hooks.recordId(b.row, b.path)];
      const [oa, ob] = [hooks.choiceOrder(a.row, a.path), hooks.choiceOrder(b.row, b.path)];
      return {
        f: q`(CASE WHEN ${ia} IS NULL OR ${ib} IS NULL THEN NULL ELSE coalesce(${oa}, 999) ${sqlOp} coalesce(${ob}, 999) END)`,
        t: 'Bool',
      };
    }
    case 'text':
      return textCompare(tr, op, tr.expr(left), tr.expr(right));
    default: {
      let a = tr.expr(left);
      let b = tr.expr(right);
      if (a.t === 'DateTime' || b.t === 'DateTime') {
        a = tr.widen(a, 'DateTime');
        b = tr.widen(b, 'DateTime');
      }
      return tr.dialect.compare(op, a, b, tr);
    }
  }
}

function modeOf(left: Expr, right: Expr): string {
  const l = left.t;
  const r = right.t;
  if (!l || !r || l.type === 'None' || r.type === 'None') return 'none';
  if (l.type === 'Entity' && r.type === 'Entity') return 'entity';
  if (l.type === 'Entity' || r.type === 'Entity') return 'choiceName';
  if (l.type === 'String' && r.type === 'String') return 'text';
  return isNumeric(l) ? 'number' : 'other';
}

/** Text compared ignoring case, ordinally. */
function textCompare(tr: Translation, op: string, a: SqlValue, b: SqlValue): SqlValue {
  const d = tr.dialect;
  return { f: q`(${d.collate(q`lower(${a.f})`)} ${rawSql(op)} ${d.collate(q`lower(${b.f})`)})`, t: 'Bool' };
}

/** `=` between a value and a list item (for `in list`). */
function equalsItem(
  tr: Translation,
  left: SqlValue,
  item: SqlValue,
  leftNode: Expr,
  src: ListSource,
): SqlValue {
  if (left.t === 'String' && (item.t === 'String' || item.t === 'None'))
    return textCompare(tr, '=', left, item);
  if (tr.isChoice(leftNode) && item.t === 'String' && src.record === undefined)
    return textCompare(tr, '=', tr.textOfOperand(leftNode), item);
  if (left.t === 'String' && src.record) {
    const name = tr.hooks.recordName(src.record.row, src.record.path);
    return textCompare(tr, '=', left, { f: name, t: 'String' });
  }
  let a = left;
  let b = item;
  if (a.t === 'DateTime' || b.t === 'DateTime') {
    a = tr.widen(a, 'DateTime');
    b = tr.widen(b, 'DateTime');
  }
  return { f: q`(${a.f} = ${b.f})`, t: 'Bool' };
}

export function like(tr: Translation, node: LikeNode): SqlValue {
  const l = tr.textOfOperand(node.left);
  const p = tr.expr(node.pattern);
  // '' and '%' match everything, '' included; otherwise LIKE ignoring case with no escape.
  const r = tr.bind(
    [l, p],
    ([a, b]) =>
      q`CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL WHEN ${b} = '' THEN ${tr.bool(true)} ELSE ${tr.dialect.like(a, b)} END`,
    'Bool',
  );
  return node.negated ? not(r) : r;
}

export function inTuple(tr: Translation, node: InTupleNode): SqlValue {
  const any = tr.withFixed(
    node.left,
    () => {
      const ors = node.items.map((item) => compare(tr, '=', node.left, item));
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
  return node.negated ? not(any) : any;
}

export function inList(tr: Translation, node: InListNode): SqlValue {
  if (node.single) {
    const eq = compare(tr, '=', node.left, node.list);
    return node.negated ? not(eq) : eq;
  }
  const left = tr.isRecord(node.left) ? tr.recordIdOf(node.left) : tr.expr(node.left);
  const src = tr.list(node.list);
  const item = src.record ? tr.hooks.recordId(src.record.row, src.record.path) : src.item.f;
  const cond = equalsItem(tr, left, { f: item, t: src.item.t, simple: true }, node.left, src);
  const exists = q`EXISTS (SELECT 1 ${src.from} WHERE ${src.where} AND ${cond.f})`;
  return tr.bind(
    [left],
    ([l]) =>
      q`CASE WHEN ${l} IS NULL THEN NULL WHEN ${exists} THEN ${tr.bool(!node.negated)} ELSE ${tr.bool(node.negated)} END`,
    'Bool',
  );
}

export function template(tr: Translation, node: TemplateNode): SqlValue {
  const parts = node.parts.map((p) =>
    typeof p === 'string' ? tr.value(p, 'String').f : q`coalesce(${tr.textOf(tr.expr(p), p).f}, '')`,
  );
  return { f: parts.length === 0 ? q`${''}` : q`(${joinSql(parts, ' || ')})`, t: 'String' };
}

export function caseOf(tr: Translation, node: CaseNode, t: BaseType): SqlValue {
  const build = (): SqlValue => {
    const whens = node.whens.map((w) => {
      const cond = node.subject ? compare(tr, '=', node.subject, w.when) : tr.expr(w.when);
      return q`WHEN ${cond.f} THEN ${tr.widen(tr.expr(w.result), t).f}`;
    });
    const otherwise = node.otherwise ? tr.widen(tr.expr(node.otherwise), t).f : NULL;
    return { f: q`(CASE ${joinSql(whens, ' ')} ELSE ${otherwise} END)`, t };
  };
  return node.subject ? tr.withFixed(node.subject, build, t) : build();
}
