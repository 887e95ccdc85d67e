import { hasAllowedLinkScheme } from '@plinth/schema';
import { fromJson, parseDate, parseNumber } from '../evaluate/convert.js';
import { dateOfInstant, startOfDate, toLocalMs } from '../evaluate/time.js';
import {
  CalcDate,
  CalcDateTime,
  CalcTime,
  DAY_MS,
  Dec,
  fromInteger,
  isDecimal,
  RecordValue,
  toDec,
  type Value,
} from '../evaluate/values.js';
import { sqlFragment as q } from '../sql/fragment.js';
import { unavailable } from '../sql/sqlCall.js';
import { type CalcType, isNumeric, listOf, STRING, scalar } from '../types.js';
import { encodeHtml } from './encoding.js';
import type { FnContext, FunctionDef, ToSql } from './registry.js';
import { sameAs } from './rules.js';

const TEXTUAL_TARGETS = new Set([
  'String',
  'Int32',
  'Decimal',
  'Currency',
  'Bool',
  'Date',
  'Time',
  'DateTime',
]);

/** Which explicit conversions `convert(Type, x)` allows (calc-language.md §3). */
export function canConvert(from: CalcType, to: CalcType): boolean {
  if (from.type === 'None') return true;
  if (from.isList) return false;
  if (from.type === to.type) return true;
  if (to.type === 'String') return true;
  if (from.type === 'String') return TEXTUAL_TARGETS.has(to.type);
  const numeric = isNumeric(from);
  if (isNumeric(to)) return numeric || from.type === 'Bool';
  if (to.type === 'Bool') return numeric;
  if (to.type === 'DateTime') return from.type === 'Date';
  if (to.type === 'Date' || to.type === 'Time') return from.type === 'DateTime';
  return false;
}

async function convertValue(v: Value, from: CalcType, to: CalcType, ctx: FnContext): Promise<Value> {
  if (v === null) return null;
  if (to.type === 'Entity') {
    if (!(v instanceof RecordValue)) return null;
    return to.entityTypeId === undefined || ctx.isOfType(v.typeId, to.entityTypeId) ? v : null;
  }
  if (to.type === 'String') return ctx.text(v, from);
  if (typeof v === 'string') {
    if (to.type === 'Bool') {
      const lower = v.trim().toLowerCase();
      return ['true', 'yes', '1'].includes(lower)
        ? true
        : ['false', 'no', '0'].includes(lower)
          ? false
          : null;
    }
    const read = to.type === 'Int32' ? parseNumber(v) : null;
    if (read) return read.isInteger() ? fromInteger(read.toNumber(), () => read) : null;
    return fromJson(v, to.type, ctx.timeZone);
  }
  if (typeof v === 'boolean') return to.type === 'Int32' ? (v ? 1 : 0) : new Dec(v ? 1 : 0);
  if (typeof v === 'number' || isDecimal(v)) {
    if (to.type === 'Bool') return !toDec(v).isZero();
    if (to.type === 'Int32') {
      const t = toDec(v).trunc();
      return fromInteger(t.toNumber(), () => t);
    }
    return toDec(v);
  }
  if (v instanceof CalcDate && to.type === 'DateTime') return startOfDate(v, ctx.timeZone);
  if (v instanceof CalcDateTime && to.type === 'Date') return dateOfInstant(v, ctx.timeZone);
  if (v instanceof CalcDateTime && to.type === 'Time') {
    const local = toLocalMs(v.ms, ctx.timeZone);
    return new CalcTime(local - Math.floor(local / DAY_MS) * DAY_MS);
  }
  return v;
}

/** `convert(Type, x)` in SQL: text, numbers, Bools and the date and time types. */
const convertSql: ToSql = ({ node, type: t, sql }, d) => {
  const source = node.args[1]!;
  const from = source.t?.type ?? 'None';
  if (t === 'String') return sql.textOfOperand(source);
  const x = sql.expr(source);
  if (from === 'None' || from === t) return { ...x, t };
  if (t === 'Int32' || t === 'Decimal' || t === 'Currency') {
    if (from === 'Bool') return d.fromBool(x, t);
    return { f: t === 'Int32' ? d.int32(q`trunc(${x.f})`) : d.decimal(x.f), t };
  }
  if (t === 'Bool') return { f: q`(${x.f} <> 0)`, t };
  if (t === 'DateTime') return sql.widen(x, 'DateTime');
  if (t === 'Date') return d.dateOf(x, sql);
  if (t === 'Time') return d.timeOf(x, sql);
  throw unavailable('convert');
};

/** A URL with an allowed scheme (the one link policy), or a relative one; anything else (javascript:, data:) is refused. */
function safeUrl(url: string): string | null {
  const hasScheme = /^\s*[a-z][a-z0-9+.-]*:/i.test(url);
  return !hasScheme || hasAllowedLinkScheme(url) ? url.trim() : null;
}

export const dataFunctions: FunctionDef[] = [
  {
    name: 'context',
    toSql: ({ node, sql }) => sql.recordOf(node),
    category: 'Data',
    description: 'The current record.',
    example: 'context().Name',
    exampleResult: "'SO-1042'",
    signatures: [
      { params: [], returns: scalar('Entity'), returnsHelp: 'Record', impl: (_, ctx) => ctx.context },
    ],
  },
  {
    name: 'all',
    notInSql: 'In-memory only, by the contract.',
    category: 'Data',
    description: 'Every record of a type that you can read (in-memory calculations only).',
    example: 'count(all(Line) where Amount > 100)',
    exampleResult: '1',
    evaluateOnly: true,
    signatures: [
      {
        params: [{ name: 'type', accepts: 'typeName' }],
        returns: (args) => (args[0]?.type === 'Entity' ? listOf(args[0]) : undefined),
        returnsHelp: 'List of Record',
        impl: async (_, ctx) => {
          const records = await ctx.data.all(ctx.resultType.entityTypeId!);
          ctx.step(records.length);
          return records.map((r) => new RecordValue(r.id, r.typeId));
        },
      },
    ],
  },
  {
    name: 'resource',
    notInSql: 'It reads another record by name.',
    category: 'Data',
    description: 'One record of a type by its name, or null.',
    example: "resource(Country, 'Australia')",
    exampleResult: "record 'Australia'",
    signatures: [
      {
        params: [
          { name: 'type', accepts: 'typeName' },
          { name: 'name', accepts: 'text' },
        ],
        returns: (args) => (args[0]?.type === 'Entity' ? args[0] : undefined),
        returnsHelp: 'Record',
        impl: async ([, name], ctx) => {
          const r = await ctx.data.byName(ctx.resultType.entityTypeId!, String(name));
          return r ? new RecordValue(r.id, r.typeId) : null;
        },
      },
    ],
  },
  {
    name: 'convert',
    toSql: convertSql,
    // Text to anything but text parses; a record cast needs the type hierarchy.
    toSqlRefuses: ([to, from]) => to?.type === 'Entity' || (from?.type === 'String' && to?.type !== 'String'),
    category: 'Data',
    description:
      'Converts a value to a type; to a record type it is a checked cast that gives null when the record is not of that type.',
    example: 'convert(Decimal, [Qty])',
    exampleResult: '12',
    signatures: [
      {
        params: [
          { name: 'type', accepts: 'typeName' },
          { name: 'value', accepts: 'scalar' },
        ],
        returns: sameAs(0),
        returnsHelp: 'Type',
        keepNulls: true,
        impl: ([, v], ctx) => convertValue(v ?? null, ctx.argTypes[1]!, ctx.resultType, ctx),
      },
    ],
  },
  {
    name: 'totext',
    toSql: ({ node, sql }) => sql.textOfOperand(node.args[0]!),
    // A format (N2, #,##0.00, dd MMM yyyy…) needs the evaluator's formatter.
    toSqlRefuses: (argTypes) => argTypes.length > 1,
    category: 'Data',
    description:
      'A value as text; numbers take N2, F2, P1 or #,##0.00 formats, dates yyyy-MM-dd HH:mm style ones.',
    example: "totext([Amount], 'N2')",
    exampleResult: "'1,234.50'",
    signatures: [
      {
        params: [
          { name: 'value', accepts: 'scalar' },
          { name: 'format', accepts: 'text', optional: true },
        ],
        returns: STRING,
        impl: ([v, format], ctx) => ctx.text(v ?? null, ctx.argTypes[0]!, format as string | undefined),
      },
    ],
  },
  {
    name: 'tonumber',
    notInSql:
      'It parses text, which the engines do differently (PostgreSQL raises errors where the evaluator gives null).',
    category: 'Data',
    description: 'Text to a Decimal, or null when it is not a plain number.',
    example: "tonumber('12.50')",
    exampleResult: '12.5',
    signatures: [
      {
        params: [{ name: 'text', accepts: 'text' }],
        returns: scalar('Decimal'),
        impl: ([s]) => parseNumber(String(s)),
      },
    ],
  },
  {
    name: 'todate',
    notInSql:
      'It parses text, which the engines do differently (PostgreSQL raises errors where the evaluator gives null).',
    category: 'Data',
    description: 'Text in yyyy-mm-dd form to a Date, or null.',
    example: "todate('2024-01-31')",
    exampleResult: '#2024-01-31#',
    signatures: [
      {
        params: [{ name: 'text', accepts: 'text' }],
        returns: scalar('Date'),
        impl: ([s]) => parseDate(String(s)),
      },
    ],
  },
  {
    name: 'link',
    notInSql: "It needs the app runner's URLs.",
    category: 'Data',
    description:
      "A record's URL in the app runner; or for a URL, the URL (unsafe schemes give null), with a label an HTML link.",
    example: 'link([Customer])',
    exampleResult: "'/record/customer'",
    signatures: [
      {
        params: [{ name: 'record', accepts: 'record' }],
        returns: STRING,
        impl: ([r], ctx) => {
          const record = r as RecordValue;
          return ctx.data.recordUrl?.({ id: record.id, typeId: record.typeId }) ?? null;
        },
      },
      {
        params: [
          { name: 'url', accepts: 'text' },
          { name: 'label', accepts: 'text', optional: true },
        ],
        returns: STRING,
        impl: ([url, label]) => {
          const safe = safeUrl(String(url));
          if (label === undefined) return safe;
          return safe === null
            ? encodeHtml(String(label))
            : `<a href="${encodeHtml(safe)}">${encodeHtml(String(label))}</a>`;
        },
      },
    ],
  },
];
