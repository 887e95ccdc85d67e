import type { DatePart } from '../../syntax/ast.js';
import type { BaseType } from '../../types.js';
import { sqlFragment as q, rawSql, type SqlFragment } from '../fragment.js';
import { zoneTable } from '../zone.js';
import type { ListAggregate, SqlBuilder, SqlDialect, SqlValue } from './dialect.js';

// SQLite: Decimals are doubles (compared and shown at 14 significant digits), dates and times ISO
// text, and time zones a table of offsets passed as one JSON parameter (see zone.ts).

const ISO = "'%Y-%m-%dT%H:%M:%fZ'";
const decimalType = (t: BaseType) => t === 'Decimal' || t === 'Currency';
const int32 = (f: SqlFragment) => q`CAST(${f} AS INTEGER)`;
const n = (v: number) => rawSql(String(v));

/** A wall-clock reading moved by the time zone's offset at `at` (the offset looked up in the zone table). */
function shift(timeZone: string, v: SqlFragment, sign: '+' | '-', at: SqlFragment = v): SqlFragment {
  const table = zoneTable(timeZone);
  const offset =
    table.length === 1
      ? q`${table[0]![1]}`
      : q`(SELECT json_extract(z.value, '$[1]') FROM json_each(${JSON.stringify(table)}) AS z WHERE json_extract(z.value, '$[0]') <= ${at} ORDER BY CAST(z.key AS INTEGER) DESC LIMIT 1)`;
  return q`strftime('%Y-%m-%dT%H:%M:%fZ', ${v}, ${rawSql(sign === '+' ? '' : "'-' || ")}${offset} || ' seconds')`;
}

/** Canonical ISO text of the local reading of a DateTime. */
function local(x: SqlValue, b: SqlBuilder): SqlValue {
  return b.bind([x], ([v]) => shift(b.timeZone, v, '+'), 'DateTime');
}

/** As fromLocalMs: the offset at (local − offset at local). */
function utc(l: SqlValue, b: SqlBuilder): SqlValue {
  return b.bind([l], ([v]) => shift(b.timeZone, v, '-', shift(b.timeZone, v, '-')), 'DateTime');
}

const secondsOfTime = (x: SqlFragment) => q`unixepoch('1970-01-01 ' || ${x}, 'subsec')`;

function timeFromSeconds(secs: SqlFragment): SqlValue {
  const wrapped = q`((${secs} % 86400) + 86400) % 86400`;
  return { f: q`time(${wrapped}, 'unixepoch')`, t: 'Time' };
}

function datePart(part: DatePart, x0: SqlValue, b: SqlBuilder): SqlValue {
  const x = x0.t === 'DateTime' ? local(x0, b) : x0;
  const int = (f: SqlFragment): SqlValue => ({ f: int32(f), t: 'Int32' });
  const st = (fmt: string, v: SqlFragment = x.f) => q`strftime(${rawSql(`'${fmt}'`)}, ${v})`;
  switch (part) {
    case 'year':
      return int(st('%Y'));
    case 'month':
      return int(st('%m'));
    case 'day':
      return int(st('%d'));
    case 'quarter':
      return int(q`(${st('%m')} + 2) / 3`);
    case 'dayofyear':
      return int(st('%j'));
    case 'weekday':
      return int(q`${st('%w')} + 1`);
    case 'week':
      // Excel WEEKNUM: (day of year − 1 + weekday of 1 January, Sunday = 0) / 7 + 1.
      return b.bind(
        [x],
        ([v]) =>
          q`CAST((${st('%j', v)} - 1 + ${st('%w', q`date(${v}, 'start of year')`)}) / 7 + 1 AS INTEGER)`,
        'Int32',
      );
    case 'hour':
      return int(st('%H'));
    case 'minute':
      return int(st('%M'));
    case 'second':
      return int(st('%S'));
  }
}

/** Adds months, clamping the day to the target month's last day (31 Jan + 1 month = 29 Feb). */
function addMonths(
  d: SqlFragment,
  k: SqlFragment,
  months: number,
  keepTime: boolean,
  b: SqlBuilder,
): SqlFragment {
  const bound = b.bind(
    [
      { f: d, t: 'Date' },
      { f: q`(${k} * ${n(months)})`, t: 'Int32' },
    ],
    ([v, count]) => {
      const first = q`date(${v}, 'start of month', ${count} || ' months')`;
      const last = q`CAST(strftime('%d', ${first}, '+1 month', '-1 day') AS INTEGER)`;
      const day = q`CAST(strftime('%d', ${v}) AS INTEGER)`;
      const clamped = q`(CASE WHEN ${day} < ${last} THEN ${day} ELSE ${last} END - 1) || ' days'`;
      return keepTime
        ? q`strftime('%Y-%m-%dT', ${first}, ${clamped}) || strftime('%H:%M:%fZ', ${v})`
        : q`date(${first}, ${clamped})`;
    },
    'Date',
  );
  return bound.f;
}

function addCalendar(x: SqlValue, part: DatePart, k: SqlValue, b: SqlBuilder): SqlValue {
  const unitSeconds = { hour: 3600, minute: 60, second: 1 }[part as 'hour'];
  if (x.t === 'Time') return timeFromSeconds(q`${secondsOfTime(x.f)} + ${k.f} * ${n(unitSeconds ?? 0)}`);
  if (x.t === 'DateTime' && unitSeconds)
    return {
      f: q`strftime(${rawSql(ISO)}, ${x.f}, (${k.f} * ${n(unitSeconds)}) || ' seconds')`,
      t: 'DateTime',
    };
  const months = { year: 12, quarter: 3, month: 1 }[part as 'year'];
  const days = part === 'week' ? 7 : 1;
  if (x.t === 'DateTime') {
    const l = local(x, b);
    const moved = months
      ? addMonths(l.f, k.f, months, true, b)
      : q`strftime(${rawSql(ISO)}, ${l.f}, (${k.f} * ${n(days)}) || ' days')`;
    return utc({ f: moved, t: 'DateTime' }, b);
  }
  if (months) return { f: addMonths(x.f, k.f, months, false, b), t: 'Date' };
  return { f: q`date(${x.f}, (${k.f} * ${n(days)}) || ' days')`, t: 'Date' };
}

function dateDiff(part: DatePart, a0: SqlValue, b0: SqlValue, bld: SqlBuilder): SqlValue {
  const unit = { hour: 3600, minute: 60, second: 1 }[part as 'hour'];
  const a = a0.t === 'DateTime' ? local(a0, bld) : a0;
  const b = b0.t === 'DateTime' ? local(b0, bld) : b0;
  const int = (f: SqlFragment): SqlValue => ({ f: int32(f), t: 'Int32' });
  if (unit) {
    const secs =
      a.t === 'Time' || b.t === 'Time' ? secondsOfTime : (v: SqlFragment) => q`(unixepoch(${v}, 'subsec'))`;
    return int(q`floor(${secs(b.f)} / ${n(unit)}) - floor(${secs(a.f)} / ${n(unit)})`);
  }
  // Whole days since the epoch of each side's (local) date.
  const day = (v: SqlFragment) => q`CAST(julianday(date(${v})) - 2440587.5 AS INTEGER)`;
  const ym = (v: SqlFragment, per: number) =>
    q`(CAST(strftime('%Y', ${v}) AS INTEGER) * ${n(per)} + (CAST(strftime('%m', ${v}) AS INTEGER) - 1) * ${n(per)} / 12)`;
  const per = { year: 1, quarter: 4, month: 12 }[part as 'year'];
  if (per) return bld.bind([a, b], ([x, y]) => int(q`${ym(y, per)} - ${ym(x, per)}`).f, 'Int32');
  if (part === 'week')
    // Sundays crossed: day numbers shifted so weeks start on Sunday (1970-01-01 was a Thursday).
    return bld.bind(
      [a, b],
      ([x, y]) => int(q`floor((${day(y)} + 4) / 7.0) - floor((${day(x)} + 4) / 7.0)`).f,
      'Int32',
    );
  return bld.bind([a, b], ([x, y]) => int(q`${day(y)} - ${day(x)}`).f, 'Int32');
}

function round(fn: 'round' | 'trunc', x: SqlValue, digits: SqlValue, t: BaseType, b: SqlBuilder): SqlValue {
  // round() is half away from zero on the double; a nudge of one part in 10^15 makes 2.675 (stored as
  // 2.67499…) round as the decimal it stands for. Negative digits scale first.
  return b.bind(
    [x, digits],
    ([v, d]) => {
      const nudged = fn === 'round' ? q`(${v} * (1 + 1e-15))` : v;
      const scale = q`power(10, ${d})`;
      const body =
        fn === 'round'
          ? q`CASE WHEN ${d} >= 0 THEN round(${nudged}, ${d}) ELSE round(${nudged} * ${scale}) / ${scale} END`
          : q`trunc(${v} * ${scale}) / ${scale}`;
      return q`CASE WHEN ${v} IS NULL OR ${d} IS NULL THEN NULL ELSE ${t === 'Int32' ? int32(body) : body} END`;
    },
    t,
  );
}

/** SQLite has no variance: (Σx² − (Σx)²/n) / (n − 1 or n), on doubles. */
function variance(list: ListAggregate, sample: boolean, root: boolean, t: BaseType): SqlValue {
  const count = q`count(${list.item.f})`;
  const x = q`CAST(${list.item.f} AS REAL)`;
  const v = q`(sum(${x} * ${x}) - sum(${x}) * sum(${x}) / ${count}) / (${count}${rawSql(sample ? ' - 1' : '')})`;
  const body = q`CASE WHEN ${count} < ${rawSql(sample ? '2' : '1')} THEN NULL ELSE ${root ? q`sqrt(max(${v}, 0))` : q`max(${v}, 0)`} END`;
  return { f: list.sub(body), t };
}

function textOf(x: SqlValue, b: SqlBuilder): SqlValue {
  switch (x.t) {
    case 'Int32':
      return { f: q`CAST(${x.f} AS TEXT)`, t: 'String' };
    case 'Decimal':
      return b.bind(
        [x],
        ([v]) => q`CASE WHEN ${v} IS NULL THEN NULL ELSE printf('%.14g', ${v}) END`,
        'String',
      );
    case 'Currency':
      return b.bind(
        [x],
        ([v]) =>
          q`CASE WHEN ${v} IS NULL THEN NULL WHEN round(${v}, 2) = CAST(printf('%.14g', ${v}) AS REAL) THEN printf('%.2f', ${v}) ELSE printf('%.14g', ${v}) END`,
        'String',
      );
    case 'DateTime':
      return { f: q`strftime('%Y-%m-%d %H:%M:%S', ${local(x, b).f})`, t: 'String' };
    default:
      // Dates and times are ISO text already.
      return { ...x, t: 'String' };
  }
}

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  bool: (v) => rawSql(v ? '1' : '0'),
  value(v, t) {
    if (t === 'Bool') return rawSql(v ? '1' : '0');
    if (decimalType(t)) return q`${Number(v)}`;
    // A JavaScript number binds as a double; Int32 must stay an integer.
    if (t === 'Int32') return q`CAST(${v} AS INTEGER)`;
    return q`${v}`;
  },
  stored(f, t) {
    if (decimalType(t)) return q`CAST(${f} AS REAL)`;
    if (t === 'DateTime') return q`strftime(${rawSql(ISO)}, ${f})`;
    return t === 'Time' ? q`time(${f})` : f;
  },
  output(x, b) {
    if (!decimalType(x.t)) return x.f;
    // Doubles to 14 significant digits, so `0.1 + 0.2` reads 0.3. Null stays null.
    return b.bind(
      [x],
      ([v]) => q`CASE WHEN ${v} IS NULL THEN NULL ELSE CAST(printf('%.14g', ${v}) AS REAL) END`,
      x.t,
    ).f;
  },
  widen(x, to, b) {
    if (x.t === 'Date' && to === 'DateTime')
      return utc({ f: q`strftime(${rawSql(ISO)}, ${x.f})`, t: 'DateTime' }, b);
    return x;
  },
  textOf,
  intArg: (f) => f,
  int32,
  decimal: (f) => q`CAST(${f} AS REAL)`,
  // Bools are 1 and 0 already.
  fromBool: (x, to) => (to === 'Int32' ? { ...x, t: to } : { f: q`CAST(${x.f} AS REAL)`, t: to }),
  collate: (f) => f,
  like: (a, p) => q`${a} LIKE ${p}`,
  position: (hay, needle) => q`instr(${hay}, ${needle})`,
  trimSpaces: (f) => q`trim(${f}, ' ')`,
  // Runs of spaces to one: ' ' → ' \x01', drop '\x01 ', drop '\x01'. (Text holding U+0001 differs.)
  squeezeSpaces: (f) =>
    q`replace(replace(replace(trim(${f}, ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), '')`,
  fill: (ch, need) => q`substr(replace(hex(zeroblob(${need})), '00', ${ch}), 1, ${need})`,
  arithmetic(op, l, r, t) {
    if (op === '/') return { f: q`(CAST(${l.f} AS REAL) / NULLIF(${r.f}, 0))`, t };
    // % works on integers only; mod() keeps the dividend's sign for doubles too.
    if (op === '%')
      return decimalType(t)
        ? { f: q`mod(${l.f}, NULLIF(${r.f}, 0))`, t }
        : { f: q`(${l.f} % NULLIF(${r.f}, 0))`, t };
    return { f: q`(${l.f} ${rawSql(op)} ${r.f})`, t };
  },
  compare(op, a, c, b) {
    if (!decimalType(a.t) && !decimalType(c.t)) return { f: q`(${a.f} ${rawSql(op)} ${c.f})`, t: 'Bool' };
    // Doubles compare at 14 significant digits, so 0.1 + 0.2 = 0.3 holds.
    return b.bind(
      [a, c],
      ([x, y]) =>
        q`CASE WHEN ${x} IS NULL OR ${y} IS NULL THEN NULL ELSE CAST(printf('%.14g', ${x}) AS REAL) ${rawSql(op)} CAST(printf('%.14g', ${y}) AS REAL) END`,
      'Bool',
    );
  },
  round,
  avg: (list, t) => ({ f: list.sub(q`avg(${list.item.f})`), t }),
  variance,
  extremeAggregate: (fn) => fn,
  local,
  utc,
  dateOf: (x, b) => (x.t === 'DateTime' ? { f: q`date(${local(x, b).f})`, t: 'Date' } : x),
  timeOf: (x, b) => ({ f: q`time(${local(x, b).f})`, t: 'Time' }),
  datePart,
  daysBetween: (l, r) => ({
    f: q`CAST(round(julianday(${l.f}) - julianday(${r.f})) AS INTEGER)`,
    t: 'Int32',
  }),
  dateFromParts: (y, m, d) => ({
    f: q`date(printf('%04d-01-01', ${y.f}), (${m.f} - 1) || ' months', (${d.f} - 1) || ' days')`,
    t: 'Date',
  }),
  dateTimeFromParts(date, secs, b) {
    const l = q`strftime(${rawSql(ISO)}, ${date.f}, ${secs} || ' seconds')`;
    return b.bind(
      [utc({ f: l, t: 'DateTime' }, b)],
      ([v]) => q`CASE WHEN ${v} BETWEEN '0001' AND '9999-12-31T23:59:59.999Z' THEN ${v} END`,
      'DateTime',
    );
  },
  timeFromSeconds,
  addCalendar,
  dateDiff,
};
