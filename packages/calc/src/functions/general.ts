import { joinSql, sqlFragment as q } from '../sql/fragment.js';
import { BOOL } from '../types.js';
import { isEmptySql, isListArg } from './list.js';
import type { FunctionDef } from './registry.js';
import { sameAs, unifyFrom } from './rules.js';

export const generalFunctions: FunctionDef[] = [
  {
    name: 'iif',
    aliases: ['if'],
    category: 'General',
    description:
      'The second value when the condition is true, else the third (a null condition counts as false).',
    example: "iif([Qty] > 10, 'Bulk', 'Single')",
    exampleResult: "'Bulk'",
    signatures: [
      {
        params: [
          { name: 'condition', accepts: 'condition' },
          { name: 'then', accepts: 'any' },
          { name: 'else', accepts: 'any' },
        ],
        returns: unifyFrom(1),
        returnsHelp: 'Any',
        lazy: async ([cond, a, b]) => ((await cond!()) === true ? a!() : b!()),
      },
    ],
    toSql: ({ arg, type: t, sql }) => {
      const c = arg(0);
      return {
        f: q`(CASE WHEN ${c.f} THEN ${sql.widen(arg(1), t).f} ELSE ${sql.widen(arg(2), t).f} END)`,
        t,
      };
    },
  },
  {
    name: 'isnull',
    category: 'General',
    description: 'The value, or the default when the value is null.',
    example: 'isnull([Discount], 0)',
    exampleResult: '0',
    signatures: [
      {
        params: [
          { name: 'value', accepts: 'any' },
          { name: 'default', accepts: 'any' },
        ],
        returns: unifyFrom(0),
        returnsHelp: 'Any',
        lazy: async ([value, fallback]) => {
          const v = await value!();
          return v === null ? fallback!() : v;
        },
      },
    ],
    toSql: ({ arg, type: t, sql }) => ({
      f: q`coalesce(${sql.widen(arg(0), t).f}, ${sql.widen(arg(1), t).f})`,
      t,
    }),
  },
  {
    name: 'coalesce',
    category: 'General',
    description: "The first value that is neither null nor ''.",
    example: "coalesce([Nickname], [First Name], 'n/a')",
    exampleResult: "'Ada'",
    signatures: [
      {
        params: [{ name: 'value', accepts: 'any', variadic: true }],
        returns: unifyFrom(0),
        returnsHelp: 'Any',
        lazy: async (args) => {
          for (const arg of args) {
            const v = await arg();
            if (v !== null && v !== '') return v;
          }
          return null;
        },
      },
    ],
    toSql: ({ node, type: t, sql }) => {
      const parts = node.args.map((a) => {
        const x = sql.widen(sql.expr(a), t);
        return x.t === 'String' ? q`NULLIF(${x.f}, '')` : x.f;
      });
      return { f: parts.length === 1 ? parts[0]! : q`coalesce(${joinSql(parts)})`, t };
    },
  },
  {
    name: 'isblank',
    category: 'General',
    description: "True when the value is null, '' or an empty list.",
    example: 'isblank([Notes])',
    exampleResult: 'true',
    signatures: [
      {
        params: [{ name: 'value', accepts: 'any' }],
        returns: BOOL,
        keepNulls: true,
        impl: ([v]) => v === null || v === '' || (Array.isArray(v) && v.length === 0),
      },
    ],
    toSql: (call) => {
      if (isListArg(call)) return isEmptySql(call);
      const x = call.arg(0);
      return x.t === 'String'
        ? call.sql.bind([x], ([v]) => q`(${v} IS NULL OR ${v} = '')`, 'Bool')
        : { f: q`(${x.f} IS NULL)`, t: 'Bool' };
    },
  },
  {
    name: 'nullif',
    category: 'General',
    description: 'Null when the two values are equal, else the first.',
    example: "nullif([Status], 'Unknown')",
    exampleResult: "'Open'",
    signatures: [
      {
        params: [
          { name: 'value', accepts: 'scalar' },
          { name: 'other', accepts: 'scalar' },
        ],
        returns: (args) => (unifyFrom(0)(args) ? sameAs(0)(args) : undefined),
        returnsHelp: 'Any',
        keepNulls: true,
        impl: async ([a, b], ctx) => {
          if (a === null || a === undefined) return null;
          return (await ctx.equals(a, b ?? null, ctx.argTypes[0]!)) === true ? null : a;
        },
      },
    ],
    toSql: ({ node, arg, type: t, sql }) => {
      const [value, other] = [node.args[0]!, node.args[1]!];
      return sql.withFixed(
        value,
        () => {
          const a = sql.isRecord(value) ? sql.recordIdOf(value) : arg(0);
          const eq = sql.compare('=', value, other);
          return { f: q`(CASE WHEN ${eq.f} THEN NULL ELSE ${a.f} END)`, t };
        },
        t,
      );
    },
  },
  {
    name: 'exact',
    category: 'General',
    description: 'Compares two texts exactly, case included.',
    example: "exact([Code], 'AB')",
    exampleResult: 'false',
    signatures: [
      {
        params: [
          { name: 'a', accepts: 'text' },
          { name: 'b', accepts: 'text' },
        ],
        returns: BOOL,
        impl: ([a, b]) => a === b,
      },
    ],
    toSql: ({ arg }, d) => ({ f: q`(${d.collate(arg(0).f)} = ${d.collate(arg(1).f)})`, t: 'Bool' }),
  },
];
