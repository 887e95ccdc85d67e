import { equalityKey } from '../evaluate/compare.js';
import { checkTextLength, type Value } from '../evaluate/values.js';
import type { SqlValue } from '../sql/dialects/dialect.js';
import { sqlFragment as q, type SqlFragment } from '../sql/fragment.js';
import { type ListSource, type SqlCall, unavailable } from '../sql/sqlCall.js';
import { BOOL, elementOf, STRING } from '../types.js';
import type { FunctionDef } from './registry.js';
import { elementOfArg, sameAs } from './rules.js';

const items = (v: Value | undefined): Value[] => (Array.isArray(v) ? (v as Value[]) : []);

/** Whether the first argument is a list (for functions taking a list or a value). */
export const isListArg = (call: SqlCall) => call.node.args[0]?.t?.isList === true;

/**
 * An aggregate of the first argument's rows, `sub` selecting over them. A value that is not a list
 * (a null, say) has no rows to read: no translation.
 */
export function overList(
  call: SqlCall,
  body: (src: ListSource, sub: (select: SqlFragment) => SqlFragment) => SqlValue,
): SqlValue {
  if (!isListArg(call)) throw unavailable(call.node.fn ?? call.node.name.toLowerCase());
  const src = call.sql.list(call.node.args[0]!);
  return body(src, (select) => q`(SELECT ${select} ${src.from} WHERE ${src.where})`);
}

/** `isempty` of the first argument's rows. */
export const isEmptySql = (call: SqlCall): SqlValue =>
  overList(call, (src) => ({ f: q`(NOT EXISTS (SELECT 1 ${src.from} WHERE ${src.where}))`, t: 'Bool' }));

const ORDER = 'It depends on list order, which SQL does not keep.';

export const listFunctions: FunctionDef[] = [
  {
    name: 'join',
    notInSql: ORDER,
    category: 'List',
    description: "The values of a list as text, separated by ', ' or the separator given; nulls are skipped.",
    example: "join([Tags].Name, '; ')",
    exampleResult: "'Priority; Export'",
    signatures: [
      {
        params: [
          { name: 'list', accepts: 'list' },
          { name: 'separator', accepts: 'text', optional: true },
        ],
        returns: STRING,
        keepNulls: true,
        impl: async ([list, separator], ctx) => {
          const parts: string[] = [];
          const element = elementOf(ctx.argTypes[0]!);
          for (const v of items(list)) {
            ctx.step();
            if (v !== null) parts.push(await ctx.text(v, element));
          }
          const joined = parts.join(separator === undefined || separator === null ? ', ' : String(separator));
          checkTextLength(joined.length);
          return joined;
        },
      },
    ],
  },
  {
    name: 'first',
    notInSql: ORDER,
    category: 'List',
    description: 'The first value of a list, or null when it is empty.',
    example: 'first([Order Lines] order by [Line No])',
    exampleResult: "record 'SO-1042/1'",
    signatures: [
      {
        params: [{ name: 'list', accepts: 'list' }],
        returns: elementOfArg(0),
        returnsHelp: 'Element',
        keepNulls: true,
        impl: ([l]) => items(l)[0] ?? null,
      },
    ],
  },
  {
    name: 'last',
    notInSql: ORDER,
    category: 'List',
    description: 'The last value of a list, or null when it is empty.',
    example: 'last([Order Lines] order by Amount).Product',
    exampleResult: "'Lever'",
    signatures: [
      {
        params: [{ name: 'list', accepts: 'list' }],
        returns: elementOfArg(0),
        returnsHelp: 'Element',
        keepNulls: true,
        impl: ([l]) => items(l).at(-1) ?? null,
      },
    ],
  },
  {
    name: 'distinct',
    notInSql: ORDER,
    category: 'List',
    description: 'The list without repeats (text ignoring case, records by id), first occurrences kept.',
    example: 'distinct([Order Lines].Product)',
    exampleResult: "('Gear', 'Lever')",
    signatures: [
      {
        params: [{ name: 'list', accepts: 'list' }],
        returns: sameAs(0),
        returnsHelp: 'List',
        keepNulls: true,
        impl: ([l], ctx) => {
          const seen = new Set<string>();
          const out: Value[] = [];
          for (const v of items(l)) {
            ctx.step();
            const key = equalityKey(v);
            if (!seen.has(key)) {
              seen.add(key);
              out.push(v);
            }
          }
          return out;
        },
      },
    ],
  },
  {
    name: 'isempty',
    toSql: isEmptySql,
    category: 'List',
    description: 'True when the list has no values.',
    example: 'isempty([Order Lines])',
    exampleResult: 'false',
    signatures: [
      {
        params: [{ name: 'list', accepts: 'list' }],
        returns: BOOL,
        keepNulls: true,
        impl: ([l]) => items(l).length === 0,
      },
    ],
  },
];
