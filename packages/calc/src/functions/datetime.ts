import {
  DAY_NAMES,
  dateAdd,
  dateDiff,
  MONTH_NAMES,
  partName,
  partOf,
  type Temporal,
} from '../evaluate/dateMath.js';
import { civilToDays, fromLocalMs, toLocalMs } from '../evaluate/time.js';
import {
  CalcDate,
  CalcDateTime,
  CalcTime,
  DAY_MS,
  Dec,
  fromInteger,
  type Value,
} from '../evaluate/values.js';
import { joinSql, sqlFragment as q } from '../sql/fragment.js';
import type { CallNode, DatePart } from '../syntax/ast.js';
import { DATE, DATETIME, INT32, STRING, TIME } from '../types.js';
import type { FnContext, FunctionDef, ParamSpec, ToSql } from './registry.js';

/** The date part a call's first argument names. */
const partIn = (node: CallNode): DatePart => {
  const arg = node.args[0];
  return arg?.kind === 'Name' && arg.resolved?.kind === 'datePart' ? arg.resolved.part : 'day';
};
const partArg = (ctx: FnContext): DatePart => partIn(ctx.node);
const utcIso = (ms: number) => new Date(ms).toISOString();

/** `datename`: month and weekday by name (a CASE over the part's number), other parts as numbers. */
const datenameSql: ToSql = ({ node, arg, sql }, d) => {
  const part = partIn(node);
  const n = d.datePart(part, arg(1), sql);
  if (part !== 'month' && part !== 'weekday') return sql.textOf(n);
  const names = part === 'month' ? MONTH_NAMES : DAY_NAMES;
  const whens = names.map((name, i) => q`WHEN ${i + 1} THEN ${sql.value(name, 'String').f}`);
  return { f: q`(CASE ${n.f} ${joinSql(whens, ' ')} END)`, t: 'String' };
};

/** Seconds from hour, minute and second arguments from `first` on. */
const secondsFrom = ({ arg }: Parameters<ToSql>[0], first: number) =>
  q`(${arg(first).f} * 3600 + ${arg(first + 1).f} * 60 + ${arg(first + 2).f})`;
const int = (name: string): ParamSpec => ({ name, accepts: 'int' });
const part: ParamSpec = { name: 'part', accepts: 'part' };

const today = (ctx: FnContext) => new CalcDate(Math.floor(toLocalMs(ctx.now, ctx.timeZone) / DAY_MS));

const partFunction = (
  name: DatePart,
  description: string,
  [example, exampleResult]: readonly [string, string],
  onTime: boolean,
): FunctionDef => ({
  name,
  category: 'Date and time',
  description,
  example,
  exampleResult,
  toSql: ({ arg, sql }, d) => d.datePart(name, arg(0), sql),
  signatures: [
    {
      params: [{ name: 'value', accepts: onTime ? 'timeOrDateTime' : 'dateOrDateTime' }],
      returns: INT32,
      impl: ([v], ctx) => partOf(name, v as Temporal, ctx.timeZone),
    },
  ],
});

const validYear = (y: number) => y >= 1 && y <= 9999;

export const dateTimeFunctions: FunctionDef[] = [
  {
    name: 'getdate',
    toSql: ({ sql }) => {
      const local = toLocalMs(sql.now, sql.timeZone);
      return sql.value(utcIso(Math.floor(local / DAY_MS) * DAY_MS).slice(0, 10), 'Date');
    },
    aliases: ['today'],
    category: 'Date and time',
    description: "Today's date in your time zone.",
    example: 'getdate()',
    exampleResult: '#2024-03-15#',
    usesClock: true,
    signatures: [{ params: [], returns: DATE, impl: (_, ctx) => today(ctx) }],
  },
  {
    name: 'getdatetime',
    toSql: ({ sql }) => sql.value(utcIso(sql.now), 'DateTime'),
    aliases: ['now'],
    category: 'Date and time',
    description: 'The current date and time.',
    example: 'getdatetime()',
    exampleResult: '#2024-03-15 10:30:00#',
    usesClock: true,
    signatures: [{ params: [], returns: DATETIME, impl: (_, ctx) => new CalcDateTime(ctx.now) }],
  },
  {
    name: 'gettime',
    toSql: ({ sql }) => sql.value(utcIso(toLocalMs(sql.now, sql.timeZone)).slice(11, 19), 'Time'),
    category: 'Date and time',
    description: 'The current time of day in your time zone.',
    example: 'gettime()',
    exampleResult: '#10:30:00#',
    usesClock: true,
    signatures: [
      {
        params: [],
        returns: TIME,
        impl: (_, ctx) => {
          const local = toLocalMs(ctx.now, ctx.timeZone);
          return new CalcTime(local - Math.floor(local / DAY_MS) * DAY_MS);
        },
      },
    ],
  },
  {
    name: 'datefromparts',
    toSql: ({ arg }, d) => d.dateFromParts(arg(0), arg(1), arg(2)),
    category: 'Date and time',
    description:
      'A date from year, month and day; out-of-range months and days roll over (2024-02-30 is 1 March).',
    example: 'datefromparts(2024, 2, 30)',
    exampleResult: '#2024-03-01#',
    signatures: [
      {
        params: [int('year'), int('month'), int('day')],
        returns: DATE,
        impl: ([y, m, d]) => {
          const days = civilToDays(y as number, m as number, d as number);
          return Number.isFinite(days) && validYear(new Date(days * DAY_MS).getUTCFullYear())
            ? new CalcDate(days)
            : null;
        },
      },
    ],
  },
  {
    name: 'timefromparts',
    toSql: (call, d) => d.timeFromSeconds(secondsFrom(call, 0)),
    category: 'Date and time',
    description: 'A time of day from hours, minutes and seconds (wrapping past midnight).',
    example: 'timefromparts(13, 30, 0)',
    exampleResult: '#13:30:00#',
    signatures: [
      {
        params: [int('hour'), int('minute'), int('second')],
        returns: TIME,
        impl: ([h, m, s]) => {
          const ms = ((h as number) * 3600 + (m as number) * 60 + (s as number)) * 1000;
          return new CalcTime(((ms % DAY_MS) + DAY_MS) % DAY_MS);
        },
      },
    ],
  },
  {
    name: 'datetimefromparts',
    // The date rolls over as datefromparts; the time of day is added as elapsed seconds, on the wall
    // clock, and the reading is turned into an instant in the time zone.
    toSql: (call, d) => {
      const date = d.dateFromParts(call.arg(0), call.arg(1), call.arg(2));
      return d.dateTimeFromParts(date, secondsFrom(call, 3), call.sql);
    },
    category: 'Date and time',
    description: 'A date and time from its parts, read in your time zone.',
    example: 'datetimefromparts(2024, 1, 31, 17, 0, 0)',
    exampleResult: '#2024-01-31 17:00:00#',
    signatures: [
      {
        params: [int('year'), int('month'), int('day'), int('hour'), int('minute'), int('second')],
        returns: DATETIME,
        impl: ([y, mo, d, h, mi, s], ctx) => {
          const days = civilToDays(y as number, mo as number, d as number);
          if (!Number.isFinite(days) || !validYear(new Date(days * DAY_MS).getUTCFullYear())) return null;
          const local = days * DAY_MS + ((h as number) * 3600 + (mi as number) * 60 + (s as number)) * 1000;
          return new CalcDateTime(fromLocalMs(local, ctx.timeZone));
        },
      },
    ],
  },
  partFunction('year', 'The year.', ['year([Start Date])', '2024'], false),
  partFunction('month', 'The month, 1 to 12.', ['month([Start Date])', '1'], false),
  partFunction('day', 'The day of the month.', ['day([Start Date])', '15'], false),
  partFunction('quarter', 'The quarter, 1 to 4.', ['quarter([Start Date])', '1'], false),
  partFunction(
    'week',
    'The week of the year (the week of 1 January is week 1; weeks start on Sunday).',
    ['week([Start Date])', '3'],
    false,
  ),
  partFunction('weekday', 'The day of the week, Sunday = 1.', ['weekday([Start Date])', '2'], false),
  partFunction('dayofyear', 'The day of the year, 1 to 366.', ['dayofyear([Start Date])', '15'], false),
  partFunction('hour', 'The hour, 0 to 23.', ['hour([Starts At])', '9'], true),
  partFunction('minute', 'The minute.', ['minute([Starts At])', '45'], true),
  partFunction('second', 'The second.', ['second([Starts At])', '30'], true),
  {
    name: 'datename',
    toSql: datenameSql,
    category: 'Date and time',
    description: 'A part as text: month and weekday by name, other parts as numbers.',
    example: 'datename(weekday, [Ship Date])',
    exampleResult: "'Friday'",
    signatures: [
      {
        params: [part, { name: 'value', accepts: 'any' }],
        returns: (args) =>
          args[1] && ['Date', 'DateTime', 'Time', 'None'].includes(args[1].type) && !args[1].isList
            ? STRING
            : undefined,
        returnsHelp: 'String',
        impl: ([, v], ctx) => partName(partArg(ctx), v as Temporal, ctx.timeZone),
      },
    ],
  },
  {
    name: 'dateadd',
    toSql: ({ node, arg, sql }, d) => d.addCalendar(arg(2), partIn(node), arg(1), sql),
    category: 'Date and time',
    description: 'Adds n parts; months clamp to the month end (31 Jan + 1 month = 29 Feb 2024).',
    example: 'dateadd(month, 1, [Due Date])',
    exampleResult: '#2024-02-29#',
    signatures: [
      {
        params: [part, int('n'), { name: 'value', accepts: 'any' }],
        returns: (args) =>
          args[2] && ['Date', 'DateTime', 'Time', 'None'].includes(args[2].type) && !args[2].isList
            ? args[2]
            : undefined,
        returnsHelp: 'Date | DateTime | Time',
        impl: ([, k, v], ctx) => dateAdd(partArg(ctx), k as number, v as Temporal, ctx.timeZone),
      },
    ],
  },
  {
    name: 'datediff',
    toSql: ({ node, arg, sql }, d) => d.dateDiff(partIn(node), arg(1), arg(2), sql),
    category: 'Date and time',
    description: 'Part boundaries crossed from start to end: 31 Dec 2023 to 1 Jan 2024 is 1 year.',
    example: 'datediff(day, [Start Date], getdate())',
    exampleResult: '60',
    signatures: [
      {
        params: [part, { name: 'start', accepts: 'any' }, { name: 'end', accepts: 'any' }],
        returns: (args) => {
          const kinds = [args[1], args[2]].map((t) => (t && !t.isList ? t.type : 'List'));
          const time = kinds.every((k) => k === 'Time' || k === 'None');
          const date = kinds.every((k) => k === 'Date' || k === 'DateTime' || k === 'None');
          return time || date ? INT32 : undefined;
        },
        returnsHelp: 'Int32',
        impl: ([, a, b], ctx) => {
          const n = dateDiff(partArg(ctx), a as Temporal, b as Temporal, ctx.timeZone);
          return fromInteger(n, () => new Dec(n)) as Value;
        },
      },
    ],
  },
];
