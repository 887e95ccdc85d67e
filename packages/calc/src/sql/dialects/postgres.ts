import type { DatePart } from '../../syntax/ast.js';
import type { BaseType } from '../../types.js';
import { sqlFragment as q, rawSql, type SqlFragment } from '../fragment.js';
import type { SqlBuilder, SqlDialect, SqlValue } from './dialect.js';

// PostgreSQL: Decimals are numerics (quotients rounded to 34 significant digits, as the evaluator),
// DateTimes timestamptz, and time zones the server's own database.

const PG_TYPE: Partial<Record<BaseType, string>> = {
  String: 'text',
  Int32: 'bigint',
  Decimal: 'numeric',
  Currency: 'numeric',
  Bool: 'boolean',
  Date: 'date',
  Time: 'time',
  DateTime: 'timestamptz',
};

const typeOf = (t: BaseType) => rawSql(PG_TYPE[t] ?? 'text');
const n = (v: number) => rawSql(String(v));
const zone = (b: SqlBuilder) => q`CAST(${b.timeZone} AS text)`;
const intArg = (f: SqlFragment) => q`CAST(${f} AS integer)`;
const int32 = (f: SqlFragment) => q`CAST(${f} AS bigint)`;

/** A timestamptz on the wall clock as a timestamp, and back. */
const atZone = (x: SqlValue, b: SqlBuilder): SqlValue => ({
  f: q`(${x.f} AT TIME ZONE ${zone(b)})`,
  t: 'DateTime',
});

/** A quotient rounded to 34 significant digits, half away from zero, as the evaluator. */
function sig34(x: SqlValue, b: SqlBuilder): SqlValue {
  return b.bind(
    [x],
    ([v]) =>
      q`CASE WHEN ${v} IS NULL OR ${v} = 0 THEN ${v} ELSE trim_scale(round(${v}, CAST(33 - floor(log(abs(${v}))) AS integer))) END`,
    x.t,
  );
}

function widen(x: SqlValue, to: BaseType, b: SqlBuilder): SqlValue {
  // PostgreSQL types a bare NULL as text; give it the type it stands for.
  if (x.t === 'None' && PG_TYPE[to]) return { f: q`CAST(${x.f} AS ${typeOf(to)})`, t: to, simple: true };
  if (x.t === 'Date' && to === 'DateTime')
    return { f: q`(CAST(${x.f} AS timestamp) AT TIME ZONE ${zone(b)})`, t: 'DateTime' };
  if (x.t === 'Int32' && (to === 'Decimal' || to === 'Currency'))
    return { f: q`CAST(${x.f} AS numeric)`, t: to };
  return x;
}

function textOf(x: SqlValue, b: SqlBuilder): SqlValue {
  switch (x.t) {
    case 'Decimal':
      return { f: q`CAST(trim_scale(${x.f}) AS text)`, t: 'String' };
    case 'Currency':
      return b.bind(
        [x],
        ([v]) =>
          q`CASE WHEN scale(trim_scale(${v})) < 2 THEN CAST(round(${v}, 2) AS text) ELSE CAST(trim_scale(${v}) AS text) END`,
        'String',
      );
    case 'Date':
      return { f: q`to_char(${x.f}, 'YYYY-MM-DD')`, t: 'String' };
    case 'DateTime':
      return { f: q`to_char(${atZone(x, b).f}, 'YYYY-MM-DD HH24:MI:SS')`, t: 'String' };
    default:
      // Int32 and Time.
      return { f: q`CAST(${x.f} AS text)`, t: 'String' };
  }
}

function datePart(part: DatePart, x0: SqlValue, b: SqlBuilder): SqlValue {
  const x = x0.t === 'DateTime' ? atZone(x0, b) : x0;
  const int = (f: SqlFragment): SqlValue => ({ f: intArg(f), t: 'Int32' });
  const ex = (p: string, v: SqlFragment = x.f) => q`extract(${rawSql(p)} from ${v})`;
  switch (part) {
    case 'week':
      // Excel WEEKNUM: (day of year − 1 + weekday of 1 January, Sunday = 0) / 7 + 1.
      return b.bind(
        [x],
        ([v]) =>
          q`CAST(floor((${ex('doy', v)} - 1 + ${ex('dow', q`date_trunc('year', ${v})`)}) / 7) + 1 AS integer)`,
        'Int32',
      );
    case 'weekday':
      return int(q`${ex('dow')} + 1`);
    case 'dayofyear':
      return int(ex('doy'));
    case 'second':
      return int(q`floor(${ex('second')})`);
    default:
      return int(ex(part));
  }
}

function timeFromSeconds(secs: SqlFragment): SqlValue {
  const wrapped = q`mod(mod(CAST(${secs} AS bigint), 86400) + 86400, 86400)`;
  return { f: q`(TIME '00:00:00' + make_interval(secs => ${wrapped}))`, t: 'Time' };
}

const interval = (unit: 'months' | 'days', k: SqlValue, per: number) =>
  q`make_interval(${rawSql(unit)} => CAST(${k.f} AS integer) * ${n(per)})`;

function addCalendar(x: SqlValue, part: DatePart, k: SqlValue, b: SqlBuilder): SqlValue {
  const unitSeconds = { hour: 3600, minute: 60, second: 1 }[part as 'hour'];
  if (x.t === 'Time')
    return timeFromSeconds(q`${q`extract(epoch from ${x.f})`} + ${k.f} * ${n(unitSeconds ?? 0)}`);
  if (x.t === 'DateTime' && unitSeconds)
    return {
      f: q`(${x.f} + make_interval(secs => CAST(${k.f} AS double precision) * ${n(unitSeconds)}))`,
      t: 'DateTime',
    };
  const months = { year: 12, quarter: 3, month: 1 }[part as 'year'];
  const days = part === 'week' ? 7 : 1;
  if (x.t === 'DateTime') {
    const l = atZone(x, b);
    const moved = months
      ? q`(${l.f} + ${interval('months', k, months)})`
      : q`(${l.f} + ${interval('days', k, days)})`;
    return atZone({ f: moved, t: 'DateTime' }, b);
  }
  if (months) return { f: q`CAST(${x.f} + ${interval('months', k, months)} AS date)`, t: 'Date' };
  return { f: q`(${x.f} + CAST(${k.f} AS integer) * ${n(days)})`, t: 'Date' };
}

function dateDiff(part: DatePart, a0: SqlValue, b0: SqlValue, bld: SqlBuilder): SqlValue {
  const unit = { hour: 3600, minute: 60, second: 1 }[part as 'hour'];
  const a = a0.t === 'DateTime' ? atZone(a0, bld) : a0;
  const b = b0.t === 'DateTime' ? atZone(b0, bld) : b0;
  const int = (f: SqlFragment): SqlValue => ({ f: int32(f), t: 'Int32' });
  if (unit) {
    const secs = (v: SqlFragment) => q`extract(epoch from ${v})`;
    return int(q`floor(${secs(b.f)} / ${n(unit)}) - floor(${secs(a.f)} / ${n(unit)})`);
  }
  // Whole days since the epoch of each side's (local) date.
  const day = (v: SqlFragment) => q`(CAST(${v} AS date) - DATE '1970-01-01')`;
  const ym = (v: SqlFragment, per: number) =>
    q`(extract(year from ${v}) * ${n(per)} + floor((extract(month from ${v}) - 1) * ${n(per)} / 12))`;
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

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  bool: (v) => rawSql(v ? 'TRUE' : 'FALSE'),
  value: (v, t) => (t === 'Bool' ? rawSql(v ? 'TRUE' : 'FALSE') : q`CAST(${v} AS ${typeOf(t)})`),
  stored: (f, t) => q`CAST(${f} AS ${typeOf(t)})`,
  output(x) {
    switch (x.t) {
      case 'Date':
        return q`to_char(${x.f}, 'YYYY-MM-DD')`;
      case 'DateTime':
        return q`to_char(${x.f} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      case 'Time':
        return q`CAST(${x.f} AS text)`;
      case 'Decimal':
      case 'Currency':
        return q`trim_scale(${x.f})`;
      default:
        return x.f;
    }
  },
  widen,
  textOf,
  intArg,
  int32,
  decimal: (f) => q`CAST(${f} AS numeric)`,
  fromBool: (x, to) => ({ f: to === 'Int32' ? intArg(x.f) : q`CAST(${intArg(x.f)} AS numeric)`, t: to }),
  collate: (f) => q`${f} COLLATE "C"`,
  like: (a, p) => q`${a} ILIKE ${p} ESCAPE ''`,
  position: (hay, needle) => q`strpos(${hay}, ${needle})`,
  trimSpaces: (f) => q`btrim(${f}, ' ')`,
  squeezeSpaces: (f) => q`regexp_replace(btrim(${f}, ' '), ' {2,}', ' ', 'g')`,
  fill: (ch, need) => q`substr(repeat(${ch}, ${intArg(need)}), 1, ${intArg(need)})`,
  arithmetic(op, l, r, t, b) {
    if (op === '/') return sig34({ f: q`(CAST(${l.f} AS numeric(1000, 60)) / NULLIF(${r.f}, 0))`, t }, b);
    const x = widen(l, t, b);
    const y = widen(r, t, b);
    if (op === '%') return { f: q`mod(${x.f}, NULLIF(${y.f}, 0))`, t };
    return { f: q`(${x.f} ${rawSql(op)} ${y.f})`, t };
  },
  compare: (op, a, c) => ({ f: q`(${a.f} ${rawSql(op)} ${c.f})`, t: 'Bool' }),
  round(fn, x, digits, t) {
    const v = t === 'Int32' ? q`CAST(${x.f} AS numeric)` : x.f;
    const body = q`${rawSql(fn)}(${v}, CAST(${digits.f} AS integer))`;
    return { f: t === 'Int32' ? int32(body) : body, t };
  },
  avg: (list, t, b) => sig34({ f: list.sub(q`avg(CAST(${list.item.f} AS numeric(1000, 60)))`), t }, b),
  variance(list, sample, root, t) {
    const agg = `${root ? 'stddev' : 'var'}_${sample ? 'samp' : 'pop'}`;
    return { f: list.sub(q`${rawSql(agg)}(CAST(${list.item.f} AS numeric))`), t };
  },
  extremeAggregate: (fn, t) => (t === 'Bool' ? (fn === 'min' ? 'bool_and' : 'bool_or') : fn),
  local: atZone,
  utc: atZone,
  dateOf: (x, b) => (x.t === 'DateTime' ? { f: q`CAST(${atZone(x, b).f} AS date)`, t: 'Date' } : x),
  timeOf: (x, b) => ({ f: q`CAST(${atZone(x, b).f} AS time)`, t: 'Time' }),
  datePart,
  daysBetween: (l, r) => ({ f: q`(${l.f} - ${r.f})`, t: 'Int32' }),
  dateFromParts: (y, m, d) => ({
    f: q`CAST(make_date(CAST(${y.f} AS integer), 1, 1) + make_interval(months => CAST(${m.f} AS integer) - 1) + make_interval(days => CAST(${d.f} AS integer) - 1) AS date)`,
    t: 'Date',
  }),
  dateTimeFromParts(date, secs, b) {
    const l = q`(CAST(${date.f} AS timestamp) + make_interval(secs => CAST(${secs} AS double precision)))`;
    return b.bind(
      [atZone({ f: l, t: 'DateTime' }, b)],
      ([v]) => q`CASE WHEN extract(year from ${v}) BETWEEN 1 AND 9999 THEN ${v} END`,
      'DateTime',
    );
  },
  timeFromSeconds,
  addCalendar,
  dateDiff,
};
