import { equalityKey } from '../evaluate/compare.js';
import { checkTextLength, type Value } from '../evaluate/values.js';
import { BOOL, elementOf, STRING } from '../types.js';
import type { FunctionDef } from './registry.js';
import { elementOfArg, sameAs } from './rules.js';

const items = (v: Value | undefined): Value[] => (Array.isArray(v) ? (v as Value[]) : []);

export const listFunctions: FunctionDef[] = [
  {
    name: 'join',
    category: 'List',
    description: "The values of a list as text, separated by ', ' or the separator given; nulls are skipped.",
    example: "join([Tags].Name, '; ')",
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
    category: 'List',
    description: 'The first value of a list, or null when it is empty.',
    example: 'first([Order Lines] order by [Line No])',
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
    category: 'List',
    description: 'The last value of a list, or null when it is empty.',
    example: 'last([Order Lines])',
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
    category: 'List',
    description: 'The list without repeats (text ignoring case, records by id), first occurrences kept.',
    example: 'distinct([Orders].Customer)',
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
    category: 'List',
    description: 'True when the list has no values.',
    example: 'isempty([Order Lines])',
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
