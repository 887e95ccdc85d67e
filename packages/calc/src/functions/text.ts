import { checkTextLength, type Value } from '../evaluate/values.js';
import { BOOL, INT32, STRING } from '../types.js';
import type { FnContext, FunctionDef, ParamSpec } from './registry.js';

// Text functions count Unicode code points, so an emoji is one character.
const chars = (s: Value | undefined): string[] => Array.from(String(s));
const s1 = (name = 's'): ParamSpec => ({ name, accepts: 'text' });
const n = (name = 'n', optional = false): ParamSpec => ({ name, accepts: 'int', optional });

const text1 = (
  name: string,
  description: string,
  example: string,
  impl: (s: string) => Value,
  aliases?: string[],
): FunctionDef => ({
  name,
  ...(aliases ? { aliases } : {}),
  category: 'Text',
  description,
  example,
  signatures: [{ params: [s1()], returns: STRING, impl: ([s]) => impl(String(s)) }],
});

const pad =
  (side: 'left' | 'right') =>
  ([s, width, ch]: Value[]) => {
    const fill = ch === undefined ? ' ' : String(ch);
    const have = chars(s).length;
    const need = (width as number) - have;
    if (need <= 0 || fill === '') return String(s);
    checkTextLength(width as number);
    const filler = Array.from(fill.repeat(need)).slice(0, need).join('');
    return side === 'left' ? filler + String(s) : String(s) + filler;
  };

async function concatAll(args: Value[], ctx: FnContext): Promise<string> {
  let out = '';
  for (const [i, v] of args.entries()) {
    if (v !== null) out += await ctx.text(v, ctx.argTypes[i]!);
    checkTextLength(out.length);
  }
  return out;
}

export const textFunctions: FunctionDef[] = [
  {
    name: 'len',
    category: 'Text',
    description: 'The number of characters.',
    example: 'len([Name])',
    signatures: [{ params: [s1()], returns: INT32, impl: ([s]) => chars(s).length }],
  },
  {
    name: 'left',
    category: 'Text',
    description: "The first n characters ('' when n < 0).",
    example: 'left([Code], 3)',
    signatures: [
      {
        params: [s1(), n()],
        returns: STRING,
        impl: ([s, k]) =>
          chars(s)
            .slice(0, Math.max(0, k as number))
            .join(''),
      },
    ],
  },
  {
    name: 'right',
    category: 'Text',
    description: "The last n characters ('' when n < 0).",
    example: 'right([Code], 2)',
    signatures: [
      {
        params: [s1(), n()],
        returns: STRING,
        impl: ([s, k]) => {
          const c = chars(s);
          return (k as number) <= 0 ? '' : c.slice(Math.max(0, c.length - (k as number))).join('');
        },
      },
    ],
  },
  {
    name: 'substring',
    aliases: ['mid'],
    category: 'Text',
    description: 'length characters from start (1-based); null when start or length is below 1.',
    example: 'substring([Code], 2, 3)',
    signatures: [
      {
        params: [s1(), n('start'), n('length')],
        returns: STRING,
        impl: ([s, start, length]) =>
          (start as number) < 1 || (length as number) < 1
            ? null
            : chars(s)
                .slice((start as number) - 1, (start as number) - 1 + (length as number))
                .join(''),
      },
    ],
  },
  {
    name: 'charindex',
    category: 'Text',
    description: 'Where find first occurs in s (1-based, case-sensitive), from start; 0 when absent.',
    example: "charindex('-', [Code])",
    signatures: [
      {
        params: [s1('find'), s1(), n('start', true)],
        returns: INT32,
        impl: ([find, s, start]) => {
          const hay = chars(s);
          const needle = chars(find);
          if (needle.length === 0) return 0;
          for (
            let i = Math.max(0, ((start as number | undefined) ?? 1) - 1);
            i + needle.length <= hay.length;
            i++
          ) {
            if (needle.every((c, j) => hay[i + j] === c)) return i + 1;
          }
          return 0;
        },
      },
    ],
  },
  {
    name: 'replace',
    aliases: ['substitute'],
    category: 'Text',
    description: 'Replaces every occurrence of find (case-sensitive).',
    example: "replace([Phone], ' ', '')",
    signatures: [
      {
        params: [s1(), s1('find'), s1('with')],
        returns: STRING,
        impl: ([s, find, by]) => {
          const [text, f, w] = [String(s), String(find), String(by)];
          if (f === '') return text;
          checkTextLength(text.length + (text.split(f).length - 1) * (w.length - f.length));
          return text.replaceAll(f, w);
        },
      },
    ],
  },
  text1('toupper', 'Upper case.', 'toupper([Code])', (s) => s.toUpperCase(), ['upper']),
  text1('tolower', 'Lower case.', 'tolower([Email])', (s) => s.toLowerCase(), ['lower']),
  text1(
    'trim',
    'Removes spaces at both ends and turns inner runs of spaces into one.',
    "trim('  a   b ')",
    (s) => s.trim().replace(/ {2,}/g, ' '),
  ),
  text1('trimends', 'Removes spaces at both ends only.', "trimends('  a   b ')", (s) => s.trim()),
  ...(['contains', 'startswith', 'endswith'] as const).map(
    (name): FunctionDef => ({
      name,
      category: 'Text',
      description: `Whether s ${name === 'contains' ? 'contains' : name === 'startswith' ? 'starts with' : 'ends with'} x, ignoring case.`,
      example: `${name}([Email], '@example.com')`,
      signatures: [
        {
          params: [s1(), s1('x')],
          returns: BOOL,
          impl: ([s, x]) => {
            const a = String(s).toLowerCase();
            const b = String(x).toLowerCase();
            return name === 'contains'
              ? a.includes(b)
              : name === 'startswith'
                ? a.startsWith(b)
                : a.endsWith(b);
          },
        },
      ],
    }),
  ),
  {
    name: 'concat',
    category: 'Text',
    description: 'Joins values as text; nulls are skipped.',
    example: "concat([First Name], ' ', [Last Name])",
    signatures: [
      {
        params: [{ name: 'value', accepts: 'scalar', variadic: true }],
        returns: STRING,
        keepNulls: true,
        impl: concatAll,
      },
    ],
  },
  {
    name: 'padleft',
    category: 'Text',
    description: 'Pads on the left to n characters with ch (a space by default).',
    example: "padleft(totext([No]), 5, '0')",
    signatures: [
      {
        params: [s1(), n(), { name: 'ch', accepts: 'text', optional: true }],
        returns: STRING,
        impl: pad('left'),
      },
    ],
  },
  {
    name: 'padright',
    category: 'Text',
    description: 'Pads on the right to n characters with ch (a space by default).',
    example: "padright([Code], 8, '.')",
    signatures: [
      {
        params: [s1(), n(), { name: 'ch', accepts: 'text', optional: true }],
        returns: STRING,
        impl: pad('right'),
      },
    ],
  },
];
