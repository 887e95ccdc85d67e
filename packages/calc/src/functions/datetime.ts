import { dateAdd, dateDiff, partName, partOf, type Temporal } from '../evaluate/dateMath.js';
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
import type { DatePart } from '../syntax/ast.js';
import { DATE, DATETIME, INT32, STRING, TIME } from '../types.js';
import type { FnContext, FunctionDef, ParamSpec } from './registry.js';

const partArg = (ctx: FnContext): DatePart => {
  const arg = ctx.node.args[0];
  return arg?.kind === 'Name' && arg.resolved?.kind === 'datePart' ? arg.resolved.part : 'day';
};
const int = (name: string): ParamSpec => ({ name, accepts: 'int' });
const part: ParamSpec = { name: 'part', accepts: 'part' };

const today = (ctx: FnContext) => new CalcDate(Math.floor(toLocalMs(ctx.now, ctx.timeZone) / DAY_MS));

const partFunction = (
  name: DatePart,
  description: string,
  example: string,
  onTime: boolean,
): FunctionDef => ({
  name,
  category: 'Date and time',
  description,
  example,
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
    aliases: ['today'],
    category: 'Date and time',
    description: "Today's date in your time zone.",
    example: 'getdate()',
    usesClock: true,
    signatures: [{ params: [], returns: DATE, impl: (_, ctx) => today(ctx) }],
  },
  {
    name: 'getdatetime',
    aliases: ['now'],
    category: 'Date and time',
    description: 'The current date and time.',
    example: 'getdatetime()',
    usesClock: true,
    signatures: [{ params: [], returns: DATETIME, impl: (_, ctx) => new CalcDateTime(ctx.now) }],
  },
  {
    name: 'gettime',
    category: 'Date and time',
    description: 'The current time of day in your time zone.',
    example: 'gettime()',
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
    category: 'Date and time',
    description:
      'A date from year, month and day; out-of-range months and days roll over (2024-02-30 is 1 March).',
    example: 'datefromparts(2024, 2, 30)',
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
    category: 'Date and time',
    description: 'A time of day from hours, minutes and seconds (wrapping past midnight).',
    example: 'timefromparts(13, 30, 0)',
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
    category: 'Date and time',
    description: 'A date and time from its parts, read in your time zone.',
    example: 'datetimefromparts(2024, 1, 31, 17, 0, 0)',
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
  partFunction('year', 'The year.', 'year([Start Date])', false),
  partFunction('month', 'The month, 1 to 12.', 'month([Start Date])', false),
  partFunction('day', 'The day of the month.', 'day([Start Date])', false),
  partFunction('quarter', 'The quarter, 1 to 4.', 'quarter([Start Date])', false),
  partFunction(
    'week',
    'The week of the year (the week of 1 January is week 1; weeks start on Sunday).',
    'week([Start Date])',
    false,
  ),
  partFunction('weekday', 'The day of the week, Sunday = 1.', 'weekday([Start Date])', false),
  partFunction('dayofyear', 'The day of the year, 1 to 366.', 'dayofyear([Start Date])', false),
  partFunction('hour', 'The hour, 0 to 23.', 'hour([Starts At])', true),
  partFunction('minute', 'The minute.', 'minute([Starts At])', true),
  partFunction('second', 'The second.', 'second([Starts At])', true),
  {
    name: 'datename',
    category: 'Date and time',
    description: 'A part as text: month and weekday by name, other parts as numbers.',
    example: 'datename(weekday, [Ship Date])',
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
    category: 'Date and time',
    description: 'Adds n parts; months clamp to the month end (31 Jan + 1 month = 29 Feb 2024).',
    example: 'dateadd(month, 1, [Due Date])',
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
    category: 'Date and time',
    description: 'Part boundaries crossed from start to end: 31 Dec 2023 to 1 Jan 2024 is 1 year.',
    example: 'datediff(day, [Start Date], getdate())',
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
