import { checkTextLength, MAX_TEXT, type Value } from '../evaluate/values.js';
import type { SqlDialect } from '../sql/dialects/dialect.js';
import { joinSql, sqlFragment as q, rawSql, type SqlFragment } from '../sql/fragment.js';
import { BOOL, INT32, STRING } from '../types.js';
import type { FnContext, FunctionDef, ParamSpec, ToSql } from './registry.js';

// Text functions count Unicode code points, so an emoji is one character.
const chars = (s: Value | undefined): string[] => Array.from(String(s));
const s1 = (name = 's'): ParamSpec => ({ name, accepts: 'text' });
const n = (name = 'n', optional = false): ParamSpec => ({ name, accepts: 'int', optional });

const text1 = (
  name: string,
  description: string,
  [example, exampleResult]: readonly [string, string],
  impl: (s: string) => Value,
  sql: (s: SqlFragment, d: SqlDialect) => SqlFragment,
  aliases?: string[],
): FunctionDef => ({
  name,
  ...(aliases ? { aliases } : {}),
  category: 'Text',
  description,
  example,
  exampleResult,
  signatures: [{ params: [s1()], returns: STRING, impl: ([s]) => impl(String(s)) }],
  toSql: ({ arg }, d) => ({ f: sql(arg(0).f, d), t: 'String' }),
});

const matchExamples = {
  contains: { example: "contains([Email], '@EXAMPLE')", exampleResult: 'true' },
  startswith: { example: "startswith([Email], 'ADA')", exampleResult: 'true' },
  endswith: { example: "endswith([Email], '.com')", exampleResult: 'true' },
} as const;

/** Whether s contains, starts with or ends with x, ignoring case. */
const matchSql =
  (name: 'contains' | 'startswith' | 'endswith'): ToSql =>
  ({ arg, sql }, d) => {
    const s = arg(0);
    const x = arg(1);
    if (name === 'contains')
      return { f: q`(${d.position(q`lower(${s.f})`, q`lower(${x.f})`)} > 0)`, t: 'Bool' };
    return sql.bind(
      [s, x],
      ([a, b]) =>
        name === 'startswith'
          ? q`(lower(substr(${a}, 1, length(${b}))) = lower(${b}))`
          : q`(CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL WHEN length(${b}) > length(${a}) THEN ${sql.bool(false)} ELSE lower(substr(${a}, ${d.intArg(q`length(${a}) - length(${b}) + 1`)})) = lower(${b}) END)`,
      'Bool',
    );
  };

/** `padleft` / `padright` to n characters with ch (a space by default). */
const padSql =
  (side: 'left' | 'right'): ToSql =>
  ({ node, arg, sql }, d) => {
    const ch = node.args[2] ? arg(2) : sql.value(' ', 'String');
    return sql.bind(
      [arg(0), arg(1), ch],
      ([str, n, c]) => {
        const fill = d.fill(c, q`${n} - length(${str})`);
        const padded = side === 'left' ? q`${fill} || ${str}` : q`${str} || ${fill}`;
        return q`CASE WHEN ${str} IS NULL OR ${n} IS NULL OR ${c} IS NULL THEN NULL WHEN ${n} <= length(${str}) OR ${c} = '' THEN ${str} WHEN ${n} > ${rawSql(String(MAX_TEXT))} THEN NULL ELSE ${padded} END`;
      },
      'String',
    );
  };

/** `charindex(find, s[, start])`: 0 for an empty find, positions counted from 1 in s. */
const charindexSql: ToSql = ({ node, arg, sql }, d) => {
  const find = arg(0);
  const s = arg(1);
  if (!node.args[2])
    return sql.bind(
      [find, s],
      ([f, h]) =>
        q`CASE WHEN ${f} IS NULL OR ${h} IS NULL THEN NULL WHEN ${f} = '' THEN 0 ELSE ${d.position(h, f)} END`,
      'Int32',
    );
  return sql.bind(
    [find, s, arg(2)],
    ([f, h, st]) => {
      const from = q`CASE WHEN ${st} < 1 THEN 1 ELSE ${st} END`;
      const found = d.position(q`substr(${h}, ${d.intArg(from)})`, f);
      return q`CASE WHEN ${f} = '' OR ${st} IS NULL THEN CASE WHEN ${f} IS NULL OR ${h} IS NULL OR ${st} IS NULL THEN NULL ELSE 0 END WHEN ${found} = 0 THEN 0 ELSE ${found} + ${from} - 1 END`;
    },
    'Int32',
  );
};

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
    toSql: ({ arg }) => ({ f: q`length(${arg(0).f})`, t: 'Int32' }),
    category: 'Text',
    description: 'The number of characters.',
    example: 'len([Name])',
    exampleResult: '7',
    signatures: [{ params: [s1()], returns: INT32, impl: ([s]) => chars(s).length }],
  },
  {
    name: 'left',
    toSql: ({ arg, sql }, d) => {
      const s = arg(0);
      return sql.bind(
        [arg(1)],
        ([k]) => q`substr(${s.f}, 1, ${d.intArg(q`CASE WHEN ${k} < 0 THEN 0 ELSE ${k} END`)})`,
        'String',
      );
    },
    category: 'Text',
    description: "The first n characters ('' when n < 0).",
    example: 'left([Code], 3)',
    exampleResult: "'AB-'",
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
    toSql: ({ arg, sql }, d) =>
      sql.bind(
        [arg(0), arg(1)],
        ([s, k]) =>
          q`CASE WHEN ${s} IS NULL OR ${k} IS NULL THEN NULL WHEN ${k} <= 0 THEN '' WHEN ${k} >= length(${s}) THEN ${s} ELSE substr(${s}, ${d.intArg(q`length(${s}) - ${k} + 1`)}) END`,
        'String',
      ),
    category: 'Text',
    description: "The last n characters ('' when n < 0).",
    example: 'right([Code], 2)',
    exampleResult: "'34'",
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
    toSql: ({ arg, sql }, d) =>
      sql.bind(
        [arg(1), arg(2)],
        ([st, ln]) =>
          q`CASE WHEN ${st} < 1 OR ${ln} < 1 THEN NULL ELSE substr(${arg(0).f}, ${d.intArg(st)}, ${d.intArg(ln)}) END`,
        'String',
      ),
    aliases: ['mid'],
    category: 'Text',
    description: 'length characters from start (1-based); null when start or length is below 1.',
    example: 'substring([Code], 2, 3)',
    exampleResult: "'B-1'",
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
    toSql: charindexSql,
    category: 'Text',
    description: 'Where find first occurs in s (1-based, case-sensitive), from start; 0 when absent.',
    example: "charindex('-', [Code])",
    exampleResult: '3',
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
    // SQLite's replace() with an empty pattern returns the text even when the replacement is null.
    toSql: ({ arg, sql }) =>
      sql.bind(
        [arg(1), arg(2)],
        ([f, w]) =>
          q`CASE WHEN ${f} IS NULL OR ${w} IS NULL THEN NULL ELSE replace(${arg(0).f}, ${f}, ${w}) END`,
        'String',
      ),
    aliases: ['substitute'],
    category: 'Text',
    description: 'Replaces every occurrence of find (case-sensitive).',
    example: "replace([Phone], ' ', '')",
    exampleResult: "'02079460018'",
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
  text1(
    'toupper',
    'Upper case.',
    ['toupper([First Name])', "'ADA'"],
    (s) => s.toUpperCase(),
    (s) => q`upper(${s})`,
    ['upper'],
  ),
  text1(
    'tolower',
    'Lower case.',
    ['tolower([Code])', "'ab-1234'"],
    (s) => s.toLowerCase(),
    (s) => q`lower(${s})`,
    ['lower'],
  ),
  text1(
    'trim',
    'Removes spaces at both ends and turns inner runs of spaces into one.',
    ["trim('  a   b ')", "'a b'"],
    (s) => s.trim().replace(/ {2,}/g, ' '),
    (s, d) => d.squeezeSpaces(s),
  ),
  text1(
    'trimends',
    'Removes spaces at both ends only.',
    ["trimends('  a   b ')", "'a   b'"],
    (s) => s.trim(),
    (s, d) => d.trimSpaces(s),
  ),
  ...(['contains', 'startswith', 'endswith'] as const).map(
    (name): FunctionDef => ({
      name,
      toSql: matchSql(name),
      category: 'Text',
      description: `Whether s ${name === 'contains' ? 'contains' : name === 'startswith' ? 'starts with' : 'ends with'} x, ignoring case.`,
      ...matchExamples[name],
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
    toSql: ({ node, sql }) => ({
      f: q`(${joinSql(
        node.args.map((a) => q`coalesce(${sql.textOfOperand(a).f}, '')`),
        ' || ',
      )})`,
      t: 'String',
    }),
    category: 'Text',
    description: 'Joins values as text; nulls are skipped.',
    example: "concat([First Name], ' ', [Last Name])",
    exampleResult: "'Ada Lovelace'",
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
    toSql: padSql('left'),
    category: 'Text',
    description: 'Pads on the left to n characters with ch (a space by default).',
    example: "padleft(totext([No]), 5, '0')",
    exampleResult: "'00042'",
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
    toSql: padSql('right'),
    category: 'Text',
    description: 'Pads on the right to n characters with ch (a space by default).',
    example: "padright([Code], 8, '.')",
    exampleResult: "'AB-1234.'",
    signatures: [
      {
        params: [s1(), n(), { name: 'ch', accepts: 'text', optional: true }],
        returns: STRING,
        impl: pad('right'),
      },
    ],
  },
];
