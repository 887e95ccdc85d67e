import type { Expr, MemberNode } from '../syntax/ast.js';
import type { BaseType } from '../types.js';
import type { SqlValue } from './dialects/dialect.js';
import { joinSql, sqlFragment as q, rawSql, type SqlFragment } from './fragment.js';
import type { SqlRelStep } from './hooks.js';
import { type ListSource, Unsupported } from './sqlCall.js';
import type { Translation } from './translation.js';

// Lists in SQL are rows of a subquery: related records (through the caller's read rule), a field
// of each, or the values of a list parameter. Aggregates, `in` and `where` read them.

const stepOf = (r: {
  relationshipId: string;
  direction: 'forward' | 'reverse';
  toTypeId: string;
}): SqlRelStep => ({
  relationshipId: r.relationshipId,
  direction: r.direction,
  toTypeId: r.toTypeId,
});

/** A list-typed expression as rows of a subquery. */
export function listSource(tr: Translation, node: Expr): ListSource {
  if (node.kind === 'Where') {
    const src = listSource(tr, node.source);
    tr.rows.push(src.record ? src.record.row : tr.rows[tr.rows.length - 1]);
    try {
      const cond = tr.expr(node.cond);
      return { ...src, where: q`${src.where} AND ${cond.f}` };
    } finally {
      tr.rows.pop();
    }
  }
  if ((node.kind === 'Name' || node.kind === 'Member') && node.resolved?.kind === 'relationship') {
    const r = node.resolved;
    if (node.kind === 'Member' && node.projects)
      throw new Unsupported('Lists of lists cannot be read in a report.');
    const base = node.kind === 'Name' ? tr.here() : tr.record(node.object);
    if (!r.isList) throw new Unsupported('A list cannot be used here in a report.');
    const rel = tr.hooks.related(base.row, base.path, stepOf(r));
    return {
      from: rel.from,
      where: rel.where,
      row: rel.row,
      item: { f: tr.hooks.recordId(rel.row, []), t: 'Entity', simple: true },
      record: { row: rel.row, path: [] },
    };
  }
  if (node.kind === 'Member' && node.projects) return projection(tr, node);
  if ((node.kind === 'Param' || node.kind === 'Name') && node.resolved?.kind === 'param')
    return paramList(tr, node.resolved.name, node.t?.type ?? 'None');
  throw new Unsupported('This list cannot be read in a report.');
}

/** `list.Field` or `list.Relationship`: a field or a single related record of each related record. */
function projection(tr: Translation, node: MemberNode): ListSource {
  const src = listSource(tr, node.object);
  if (!src.record) throw new Unsupported('Only fields of related records can be listed in a report.');
  const r = node.resolved;
  if (r?.kind === 'field') {
    const item = tr.stored(
      tr.hooks.field(src.record.row, src.record.path, r.fieldId, r.fieldType),
      r.fieldType,
    );
    return { from: src.from, where: src.where, row: src.row, item };
  }
  if (r?.kind === 'relationship' && !r.isList) {
    const record = { row: src.record.row, path: [...src.record.path, stepOf(r)] };
    return {
      ...src,
      item: { f: tr.hooks.recordId(record.row, record.path), t: 'Entity', simple: true },
      record,
    };
  }
  throw new Unsupported('Lists of lists cannot be read in a report.');
}

/** A list parameter: its records through the `records` hook, or its values as rows. */
function paramList(tr: Translation, name: string, t: BaseType): ListSource {
  const raw = tr.paramValue(name);
  const items = Array.isArray(raw) ? raw : [];
  const hooks = tr.hooks;
  if (t === 'Entity' && hooks.records) {
    const rel = hooks.records(items.map(String));
    return {
      from: rel.from,
      where: rel.where,
      row: rel.row,
      item: { f: hooks.recordId(rel.row, []), t: 'Entity', simple: true },
      record: { row: rel.row, path: [] },
    };
  }
  const alias = tr.alias('_l');
  const rows = items.map((v) => q`SELECT ${tr.paramItem(v, t).f} AS v`);
  const body = rows.length === 0 ? q`SELECT NULL AS v WHERE 1 = 0` : joinSql(rows, ' UNION ALL ');
  return {
    from: q`FROM (${body}) AS ${rawSql(alias)}`,
    where: rawSql('1 = 1'),
    row: undefined,
    item: { f: rawSql(`${alias}.v`), t, simple: true },
  };
}

/** The smallest or largest non-null value: text ordered ignoring case (keeping its case), Bool false < true. */
export function extreme(
  tr: Translation,
  fn: 'min' | 'max',
  from: SqlFragment,
  where: SqlFragment,
  item: SqlValue,
  t: BaseType,
): SqlValue {
  if (item.t === 'String') {
    const key = tr.dialect.collate(q`lower(${item.f})`);
    const dir = rawSql(fn === 'min' ? 'ASC' : 'DESC');
    return {
      f: q`(SELECT ${item.f} ${from} WHERE ${where} AND ${item.f} IS NOT NULL ORDER BY ${key} ${dir} LIMIT 1)`,
      t,
    };
  }
  const agg = tr.dialect.extremeAggregate(fn, item.t);
  return { f: q`(SELECT ${rawSql(agg)}(${item.f}) ${from} WHERE ${where})`, t };
}
