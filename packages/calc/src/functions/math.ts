import type { Decimal } from 'decimal.js';
import { Dec, fromInteger, isDecimal, remainder, toDec, type Value } from '../evaluate/values.js';
import { sqlFragment as q, rawSql } from '../sql/fragment.js';
import { type CalcType, DECIMAL, INT32, isNumeric } from '../types.js';
import type { FunctionDef, Signature, ToSql } from './registry.js';
import { sameAs, unifyFrom } from './rules.js';

type Num = number | Decimal;

/** Keeps an Int32 argument's result Int32 (promoting past ±2^31), a decimal one Decimal. */
const like = (arg: Value, d: Decimal): Num =>
  typeof arg === 'number' ? fromInteger(d.toNumber(), () => d) : d;
const asInt = (d: Decimal): Num => fromInteger(d.toNumber(), () => d);
const finite = (d: Decimal): Decimal | null => (d.isFinite() ? d : null);

function roundTo(x: Decimal, digits: number, mode: Decimal.Rounding): Decimal {
  if (digits >= 0) return x.toDecimalPlaces(Math.min(digits, 1000), mode);
  const scale = new Dec(10).pow(-digits);
  return x.div(scale).toDecimalPlaces(0, mode).times(scale);
}

const numeric1 = (returns: Signature['returns'], impl: (x: Decimal, raw: Num) => Value): Signature => ({
  params: [{ name: 'x', accepts: 'number' }],
  returns,
  returnsHelp: 'Number',
  impl: ([x]) => impl(toDec(x as Num), x as Num),
});
const decimal1 = (impl: (x: Decimal) => Value): Signature => ({
  params: [{ name: 'x', accepts: 'number' }],
  returns: DECIMAL,
  impl: ([x]) => impl(toDec(x as Num)),
});
const numberArgs = (args: readonly CalcType[]) => args.every((a) => a.type === 'None' || isNumeric(a));

/** `f(x[, digits])` rounding x to digits places (0 by default; negative digits round to tens…). */
function roundingSignature(mode: Decimal.Rounding): Signature {
  return {
    params: [
      { name: 'x', accepts: 'number' },
      { name: 'digits', accepts: 'int', optional: true },
    ],
    returns: sameAs(0),
    returnsHelp: 'Number',
    impl: ([x, digits]) =>
      like(x as Num, roundTo(toDec(x as Num), (digits as number | undefined) ?? 0, mode)),
  };
}

/** `round` / `trunc`: the dialect's, digits 0 by default. */
const roundSql =
  (fn: 'round' | 'trunc'): ToSql =>
  ({ node, arg, type, sql }, d) =>
    d.round(fn, arg(0), node.args[1] ? arg(1) : sql.value(0, 'Int32'), type, sql);

/** `floor` / `ceiling` as an Int32. */
const wholeSql =
  (fn: 'floor' | 'ceil'): ToSql =>
  ({ arg }, d) => ({ f: d.int32(q`${rawSql(fn)}(${arg(0).f})`), t: 'Int32' });

/** A Decimal function of x that is null where `invalid` holds. */
const guarded =
  (invalid: string, fn: string): ToSql =>
  ({ arg, sql }) =>
    sql.bind(
      [sql.widen(arg(0), 'Decimal')],
      ([a]) => q`CASE WHEN ${a} ${rawSql(invalid)} THEN NULL ELSE ${rawSql(fn)}(${a}) END`,
      'Decimal',
    );

export const mathFunctions: FunctionDef[] = [
  {
    name: 'abs',
    toSql: ({ arg, type }) => ({ f: q`abs(${arg(0).f})`, t: type }),
    category: 'Math',
    description: 'The absolute value.',
    example: 'abs(-5)',
    exampleResult: '5',
    signatures: [numeric1(sameAs(0), (x, raw) => like(raw, x.abs()))],
  },
  {
    name: 'sign',
    toSql: ({ arg }, d) => ({ f: d.intArg(q`sign(${arg(0).f})`), t: 'Int32' }),
    category: 'Math',
    description: '-1, 0 or 1 by the sign of the number.',
    example: 'sign([Balance])',
    exampleResult: '-1',
    signatures: [numeric1(INT32, (x) => (x.isZero() ? 0 : x.isNegative() ? -1 : 1))],
  },
  {
    name: 'round',
    toSql: roundSql('round'),
    category: 'Math',
    description: 'Rounds half away from zero; negative digits round to tens, hundreds and so on.',
    example: 'round(2.345, 2)',
    exampleResult: '2.35',
    signatures: [roundingSignature(Dec.ROUND_HALF_UP)],
  },
  {
    name: 'floor',
    toSql: wholeSql('floor'),
    category: 'Math',
    description: 'The largest whole number not above x.',
    example: 'floor(2.7)',
    exampleResult: '2',
    signatures: [numeric1(INT32, (x) => asInt(x.floor()))],
  },
  {
    name: 'ceiling',
    toSql: wholeSql('ceil'),
    category: 'Math',
    description: 'The smallest whole number not below x.',
    example: 'ceiling(2.1)',
    exampleResult: '3',
    signatures: [numeric1(INT32, (x) => asInt(x.ceil()))],
  },
  {
    name: 'trunc',
    toSql: roundSql('trunc'),
    category: 'Math',
    description: 'Cuts off digits towards zero (to whole numbers unless digits is given).',
    example: 'trunc(-2.7)',
    exampleResult: '-2',
    signatures: [roundingSignature(Dec.ROUND_DOWN)],
  },
  {
    name: 'power',
    toSql: ({ arg, sql }) => {
      const x = sql.widen(arg(0), 'Decimal');
      const y = sql.widen(arg(1), 'Decimal');
      // A negative base with a fractional exponent (and 0 to a negative power) has no value: null.
      return sql.bind(
        [x, y],
        ([a, b]) =>
          q`CASE WHEN ${a} < 0 AND ${b} <> trunc(${b}) THEN NULL WHEN ${a} = 0 AND ${b} < 0 THEN NULL ELSE power(${a}, ${b}) END`,
        'Decimal',
      );
    },
    category: 'Math',
    description: 'x raised to the power y (there is no ^ operator).',
    example: 'power(2, 10)',
    exampleResult: '1024',
    signatures: [
      {
        params: [
          { name: 'x', accepts: 'number' },
          { name: 'y', accepts: 'number' },
        ],
        returns: DECIMAL,
        impl: ([x, y]) => finite(toDec(x as Num).pow(toDec(y as Num))),
      },
    ],
  },
  {
    name: 'sqrt',
    toSql: guarded('< 0', 'sqrt'),
    category: 'Math',
    description: 'The square root; null for a negative number.',
    example: 'sqrt(16)',
    exampleResult: '4',
    signatures: [decimal1((x) => (x.isNegative() && !x.isZero() ? null : x.sqrt()))],
  },
  {
    name: 'square',
    toSql: ({ arg, type, sql }) => sql.bind([arg(0)], ([a]) => q`${a} * ${a}`, type),
    category: 'Math',
    description: 'x times x.',
    example: 'square(3)',
    exampleResult: '9',
    signatures: [numeric1(sameAs(0), (x, raw) => like(raw, x.times(x)))],
  },
  {
    name: 'exp',
    toSql: ({ arg, sql }) => ({ f: q`exp(${sql.widen(arg(0), 'Decimal').f})`, t: 'Decimal' }),
    category: 'Math',
    description: 'e raised to the power x.',
    example: 'round(exp(1), 4)',
    exampleResult: '2.7183',
    signatures: [decimal1((x) => finite(x.exp()))],
  },
  {
    name: 'log',
    toSql: (call) => {
      const { node, arg, sql } = call;
      if (!node.args[1]) return guarded('<= 0', 'ln')(call, sql.dialect);
      const x = sql.widen(arg(0), 'Decimal');
      const b = sql.widen(arg(1), 'Decimal');
      return sql.bind(
        [x, b],
        ([a, base]) =>
          q`CASE WHEN ${a} <= 0 OR ${base} <= 0 OR ${base} = 1 THEN NULL ELSE log(${base}, ${a}) END`,
        'Decimal',
      );
    },
    category: 'Math',
    description: 'The natural logarithm, or the logarithm to a base; null for x ≤ 0.',
    example: 'log(8, 2)',
    exampleResult: '3',
    signatures: [
      {
        params: [
          { name: 'x', accepts: 'number' },
          { name: 'base', accepts: 'number', optional: true },
        ],
        returns: DECIMAL,
        impl: ([x, base]) => {
          const d = toDec(x as Num);
          if (d.lte(0)) return null;
          if (base === undefined) return d.ln();
          const b = toDec(base as Num);
          return b.lte(0) || b.eq(1) ? null : d.log(b);
        },
      },
    ],
  },
  {
    name: 'log10',
    toSql: ({ arg, sql }) =>
      sql.bind(
        [sql.widen(arg(0), 'Decimal')],
        ([a]) => q`CASE WHEN ${a} <= 0 THEN NULL ELSE log(10, ${a}) END`,
        'Decimal',
      ),
    category: 'Math',
    description: 'The base-10 logarithm; null for x ≤ 0.',
    example: 'log10(1000)',
    exampleResult: '3',
    signatures: [decimal1((x) => (x.lte(0) ? null : x.log(10)))],
  },
  {
    name: 'mod',
    toSql: ({ arg, type: t, sql }, d) => {
      // Excel: the sign of the divisor. a − b·floor(a / b); null when b is 0.
      const a = sql.widen(arg(0), t);
      const b = sql.widen(arg(1), t);
      return sql.bind(
        [a, b],
        ([x, y]) => {
          const body = q`${x} - ${y} * floor(${d.decimal(x)} / ${y})`;
          return q`CASE WHEN ${y} = 0 THEN NULL ELSE ${t === 'Int32' ? d.int32(body) : body} END`;
        },
        t,
      );
    },
    category: 'Math',
    description: 'The remainder with the sign of the divisor, as Excel: mod(-7, 3) = 2. Null when b is 0.',
    example: 'mod(-7, 3)',
    exampleResult: '2',
    signatures: [
      {
        params: [
          { name: 'a', accepts: 'number' },
          { name: 'b', accepts: 'number' },
        ],
        returns: (args) => (numberArgs(args) ? unifyFrom(0)(args) : undefined),
        returnsHelp: 'Number',
        impl: ([a, b]) => {
          const r = remainder(a as Num, b as Num);
          if (r === null || toDec(r).isZero()) return r;
          const negative = (v: Num) => (isDecimal(v) ? v.isNegative() : v < 0);
          if (negative(r) === negative(b as Num)) return r;
          return typeof r === 'number' && typeof b === 'number' ? r + b : toDec(r).plus(toDec(b as Num));
        },
      },
    ],
  },
];
