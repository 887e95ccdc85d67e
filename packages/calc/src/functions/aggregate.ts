import type { Decimal } from 'decimal.js';
import { compareValues, equalityKey } from '../evaluate/compare.js';
import { add, Dec, toDec, type Value } from '../evaluate/values.js';
import type { SqlValue } from '../sql/dialects/dialect.js';
import { joinSql, sqlFragment as q, rawSql } from '../sql/fragment.js';
import type { SqlCall } from '../sql/sqlCall.js';
import { BOOL, INT32 } from '../types.js';
import { isListArg, overList } from './list.js';
import type { FnContext, FunctionDef, Signature, ToSql } from './registry.js';
import { decimalOf, elementOfArg, unifyFrom } from './rules.js';

const present = (list: Value, ctx: FnContext): Value[] => {
  const items = Array.isArray(list) ? (list as Value[]) : [];
  ctx.step(items.length);
  return items.filter((v) => v !== null);
};
const nums = (list: Value, ctx: FnContext) => present(list, ctx) as (number | Decimal)[];

function extreme(sign: 1 | -1) {
  return (values: Value[], ctx: FnContext): Value => {
    let best: Value = null;
    for (const v of values) {
      if (v === null) continue;
      if (best === null || (compareValues(v, best, ctx.timeZone) ?? 0) * sign > 0) best = v;
    }
    return best;
  };
}

function variance(sample: boolean) {
  return ([list]: Value[], ctx: FnContext): Decimal | null => {
    const values = nums(list ?? null, ctx).map(toDec);
    if (values.length < (sample ? 2 : 1)) return null;
    const mean = values.reduce((s, v) => s.plus(v), new Dec(0)).div(values.length);
    const squares = values.reduce((s, v) => s.plus(v.minus(mean).pow(2)), new Dec(0));
    return squares.div(sample ? values.length - 1 : values.length);
  };
}

const listAggregate = (
  accepts: 'numberList' | 'list',
  returns: Signature['returns'],
  impl: Signature['impl'],
): Signature => ({
  params: [{ name: 'list', accepts }],
  returns,
  returnsHelp: returns === INT32 ? 'Int32' : 'Number',
  keepNulls: true,
  ...(impl ? { impl } : {}),
});

const orderable = (args: readonly { type: string; isList: boolean }[]) =>
  args.every((a) => !a.isList && a.type !== 'Entity');

/** `min` / `max` of a list's rows, or of the values given (as rows of a derived table). */
function extremeSql(fn: 'min' | 'max', call: SqlCall): SqlValue {
  const { sql, type: t } = call;
  if (isListArg(call)) return overList(call, (src) => sql.extreme(fn, src.from, src.where, src.item, t));
  const items = call.node.args.map((a) => sql.widen(sql.expr(a), t));
  const alias = sql.alias('_m');
  const rows = joinSql(
    items.map((x) => q`SELECT ${x.f} AS v`),
    ' UNION ALL ',
  );
  const item: SqlValue = { f: rawSql(`${alias}.v`), t, simple: true };
  return sql.extreme(fn, q`FROM (${rows}) AS ${rawSql(alias)}`, rawSql('1 = 1'), item, t);
}

/** Variance or standard deviation, sample or population. */
const varianceSql =
  (sample: boolean, root: boolean): ToSql =>
  (call, d) =>
    overList(call, (src, sub) => d.variance({ item: src.item, sub }, sample, root, call.type));

const minMax = (name: 'min' | 'max', sign: 1 | -1): FunctionDef => ({
  name,
  toSql: (call) => extremeSql(name, call),
  category: 'Aggregate',
  description: `The ${name === 'min' ? 'smallest' : 'largest'} value of a list, or of the values given; nulls are ignored.`,
  example: `${name}([Order Lines].Amount)`,
  exampleResult: name === 'min' ? '99.50' : '250.50',
  signatures: [
    {
      params: [{ name: 'list', accepts: 'orderedList' }],
      returns: elementOfArg(0),
      returnsHelp: 'Element',
      keepNulls: true,
      impl: ([list], ctx) => extreme(sign)(present(list ?? null, ctx), ctx),
    },
    {
      params: [
        { name: 'a', accepts: 'scalar' },
        { name: 'b', accepts: 'scalar', variadic: true },
      ],
      returns: (args) => (orderable(args) ? unifyFrom(0)(args) : undefined),
      returnsHelp: 'Any',
      keepNulls: true,
      impl: (args, ctx) => extreme(sign)(args, ctx),
    },
  ],
});

export const aggregateFunctions: FunctionDef[] = [
  {
    name: 'count',
    toSql: (call) => overList(call, (src, sub) => ({ f: sub(q`count(${src.item.f})`), t: 'Int32' })),
    category: 'Aggregate',
    description: 'The number of values in a list that are not null (0 for an empty list).',
    example: '[Order Lines].count()',
    exampleResult: '3',
    signatures: [listAggregate('list', INT32, ([list], ctx) => present(list ?? null, ctx).length)],
  },
  {
    name: 'sum',
    toSql: (call) => overList(call, (src, sub) => ({ f: sub(q`sum(${src.item.f})`), t: call.type })),
    category: 'Aggregate',
    description: 'The total; null for an empty or all-null list.',
    example: 'sum([Order Lines].Amount)',
    exampleResult: '450.00',
    signatures: [
      listAggregate('numberList', elementOfArg(0), ([list], ctx) => {
        const values = nums(list ?? null, ctx);
        return values.length === 0 ? null : values.reduce<number | Decimal>((s, v) => add(s, v), 0);
      }),
    ],
  },
  {
    name: 'avg',
    toSql: (call, d) => overList(call, (src, sub) => d.avg({ item: src.item, sub }, call.type, call.sql)),
    aliases: ['average'],
    category: 'Aggregate',
    description: 'The mean; null for an empty or all-null list.',
    example: 'avg([Order Lines].Amount)',
    exampleResult: '150.00',
    signatures: [
      listAggregate('numberList', decimalOf(0), ([list], ctx) => {
        const values = nums(list ?? null, ctx);
        if (values.length === 0) return null;
        return values.reduce((s: Decimal, v) => s.plus(toDec(v)), new Dec(0)).div(values.length);
      }),
    ],
  },
  minMax('min', -1),
  minMax('max', 1),
  ...(
    [
      ['stdev', 'The sample standard deviation.', true, true, 'stdev([Order Lines].Qty)', '2'],
      [
        'stdevp',
        'The population standard deviation.',
        false,
        true,
        'round(stdevp([Order Lines].Qty), 3)',
        '1.633',
      ],
      ['var', 'The sample variance.', true, false, 'var([Order Lines].Qty)', '4'],
      ['varp', 'The population variance.', false, false, 'round(varp([Order Lines].Qty), 3)', '2.667'],
    ] as const
  ).map(
    ([name, description, sample, root, example, exampleResult]): FunctionDef => ({
      name,
      toSql: varianceSql(sample, root),
      category: 'Aggregate',
      description: `${description} Nulls are ignored.`,
      example,
      exampleResult,
      signatures: [
        listAggregate('numberList', decimalOf(0), (args, ctx) => {
          const v = variance(sample)(args, ctx);
          return v && root ? v.sqrt() : v;
        }),
      ],
    }),
  ),
  {
    name: 'countunique',
    toSql: (call) =>
      overList(call, (src, sub) => {
        const key = src.item.t === 'String' ? q`lower(${src.item.f})` : src.item.f;
        return { f: sub(q`count(DISTINCT ${key})`), t: 'Int32' };
      }),
    category: 'Aggregate',
    description: 'The number of distinct non-null values (text ignoring case, records by id).',
    example: 'countunique([Order Lines].Product)',
    exampleResult: '2',
    signatures: [
      listAggregate(
        'list',
        INT32,
        ([list], ctx) => new Set(present(list ?? null, ctx).map(equalityKey)).size,
      ),
    ],
  },
  {
    name: 'any',
    notInSql: 'In-memory only, by the contract.',
    category: 'Aggregate',
    description: 'True when any value of a list of true/false values is true (in-memory calculations only).',
    example: 'any([Order Lines].[Is Backordered])',
    exampleResult: 'true',
    evaluateOnly: true,
    signatures: [
      {
        params: [{ name: 'list', accepts: 'boolList' }],
        returns: BOOL,
        keepNulls: true,
        impl: ([list], ctx) => present(list ?? null, ctx).some((v) => v === true),
      },
    ],
  },
  {
    name: 'every',
    notInSql: 'In-memory only, by the contract.',
    category: 'Aggregate',
    description: 'True when every non-null value of a list of true/false values is true (in-memory only).',
    example: 'every([Order Lines].[Is Backordered])',
    exampleResult: 'false',
    evaluateOnly: true,
    signatures: [
      {
        params: [{ name: 'list', accepts: 'boolList' }],
        returns: BOOL,
        keepNulls: true,
        impl: ([list], ctx) => present(list ?? null, ctx).every((v) => v === true),
      },
    ],
  },
];
