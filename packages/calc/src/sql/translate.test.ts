import { describe, expect, it } from 'vitest';
import { compileOptions, NOW, TIME_ZONE } from '../../test/fixture.js';
import { type CompileOptions, compile } from '../compile.js';
import { functionCatalogue, lookupFunction } from '../functions/catalogue.js';
import type { Accept } from '../functions/registry.js';
import { sqlFragment as q, rawSql, renderSql, type SqlDialectName } from './fragment.js';
import { NOT_IN_REPORTS } from './support.js';
import { type SqlHooks, toSql, toSqlText } from './translate.js';
import { zoneTable } from './zone.js';

const report: CompileOptions = { ...compileOptions, host: 'Report' };

/** Hooks that name what they were asked for, so tests can see every identifier comes from them. */
const hooks: SqlHooks = {
  field: (row, path, fieldId) =>
    q`FIELD(${rawSql(row)}, ${rawSql(path.map((s) => s.relationshipId).join('/') || '-')}, ${fieldId})`,
  recordId: (row, path) => rawSql(`ID(${row}:${path.map((s) => s.relationshipId).join('/')})`),
  recordName: (row, path) => rawSql(`NAME(${row}:${path.map((s) => s.relationshipId).join('/')})`),
  choiceOrder: (row, path) => rawSql(`ORDER(${row}:${path.map((s) => s.relationshipId).join('/')})`),
  related: (row, _path, step) => ({
    from: rawSql(`FROM REL(${step.relationshipId}) AS x`),
    where: rawSql(`x.owner = ${row}.id`),
    row: 'x',
  }),
  records: (ids) => ({ from: rawSql('FROM RECORDS AS r'), where: q`r.id IN (${ids.join(',')})`, row: 'r' }),
};

const translate = (expr: string, dialect: SqlDialectName = 'sqlite', params: Record<string, unknown> = {}) =>
  toSqlText(compile(expr, report), { dialect, row: 'e0', hooks, timeZone: TIME_ZONE, now: NOW, params });

describe('toSql', () => {
  it('binds every value as a parameter, so text never reaches the SQL', () => {
    const evil = "x'); DROP TABLE entities; --";
    const r = translate(`[First Name] = '${evil.replaceAll("'", "''")}' or [Email] like '%DROP%'`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.sql).not.toContain('DROP');
    expect(r.params).toContain(evil);
    expect(r.params).toContain('%DROP%');
  });

  it('takes field and relationship identifiers only from the hooks', () => {
    const r = translate('[Manager].[Manager].[First Name] & [Status]');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.sql).toContain('FIELD(e0, r-manager/r-manager, ?)');
    expect(r.sql).toContain('NAME(e0:r-status)');
    expect(r.params).toContain('f-first');
  });

  it('reads to-many relationships through the related hook', () => {
    const r = translate("count([Reports] where [First Name] like 'a%')");
    expect(r.ok && r.sql).toContain('FROM REL(r-manager) AS x WHERE x.owner = e0.id AND');
    expect(r.ok && r.sql).toContain('FIELD(x, -, ?)');
  });

  it('numbers placeholders for PostgreSQL and casts bound values', () => {
    const r = translate("iif([Age] > 40, 'old', 'young') & @PageInput", 'postgres', { PageInput: '!' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const placeholders = [...r.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    expect(placeholders).toEqual(r.params.map((_, i) => i + 1));
    expect(r.sql).toContain('CAST($2 AS bigint)');
    expect(r.sql).not.toContain('?');
  });

  it('renders fragments with as many placeholders as values', () => {
    const f = q`a = ${1} AND b IN (${q`${'x'}, ${'y'}`})`;
    expect(renderSql(f, 'sqlite')).toEqual({ sql: 'a = ? AND b IN (?, ?)', params: [1, 'x', 'y'] });
    expect(renderSql(f, 'postgres', 4).sql).toBe('a = $4 AND b IN ($5, $6)');
  });

  it('computes the clock into parameters', () => {
    const r = translate('getdate()');
    expect(r.ok && r.params).toEqual(['2024-03-15']);
    const t = translate('getdatetime()');
    expect(t.ok && t.params).toEqual(['2024-03-15T10:30:00.000Z']);
  });

  it('turns wall-clock literals into UTC with the time zone', () => {
    const r = translate('[Starts At] = #2024-03-15 09:00#');
    expect(r.ok && r.params).toContain('2024-03-14T22:00:00.000Z');
  });

  it('refuses what is not a compiled Report expression', () => {
    const opts = { dialect: 'sqlite' as const, row: 'e0', hooks, timeZone: TIME_ZONE, now: NOW };
    expect(toSql(compile('[Age] +', report), opts)).toEqual({
      ok: false,
      error: 'The expression does not compile.',
    });
    expect(toSql(compile('[Age]', { ...compileOptions, host: 'Evaluate' }), opts).ok).toBe(false);
    expect(toSql(compile('[Tags].Name', report), opts)).toEqual({
      ok: false,
      error: 'A list cannot be a report value.',
    });
  });

  it('returns the result type', () => {
    const r = translate('[Salary] / 2');
    expect(r.ok && r.type).toEqual({ type: 'Currency', isList: false });
  });
});

describe('SQL size', () => {
  const depth = 24;
  let lets = 'let v0 = [Age] + 1';
  for (let i = 1; i < depth; i++) lets += ` let v${i} = v${i - 1} * v${i - 1}`;
  let nullifs = "[First Name] + 'a'";
  for (let i = 0; i < depth; i++) nullifs = `nullif(${nullifs} + 'b', 'x')`;
  let cases = '[Age] + 1';
  for (let i = 0; i < depth; i++) cases = `case ${cases} when 1 then 2 when 3 then 4 else 5 end`;
  let tuples = '[Age] * 2';
  for (let i = 0; i < depth; i++) tuples = `iif(${tuples} in (1, 2, 3), 1, 0)`;
  let texts = '[First Name]';
  for (let i = 0; i < depth; i++) texts = `iif(right(${texts} + 'x', 3) like 'a%', 'y', 'z')`;
  it.each([
    ['let', `${lets} select v${depth - 1} + v${depth - 1}`],
    ['nullif', nullifs],
    ['case', cases],
    ['in', tuples],
    ['text', texts],
  ])('stays linear in the nesting of %s', (_, expr) => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const r = translate(expr, dialect);
      expect(r.ok ? r.sql.length : r.error).toBeLessThan(40_000);
    }
  });
});

describe('unavailable in reports', () => {
  it('names real functions', () => {
    for (const name of NOT_IN_REPORTS) expect(lookupFunction(name)?.def.name).toBe(name);
  });

  it.each([
    ['tonumber([First Name])', "'tonumber' is unavailable in reports."],
    ["todate('2024-01-01')", "'todate' is unavailable in reports."],
    ['encodeurl([Email])', "'encodeurl' is unavailable in reports."],
    ['link([Manager])', "'link' is unavailable in reports."],
    ["resource(Status, 'Open')", "'resource' is unavailable in reports."],
    ['first([Tags]).Name', "'first' is unavailable in reports."],
    ["totext([Birth Date], 'dd MMM')", "'totext' is unavailable in reports."],
    ["convert(Decimal, '1.5')", "'convert' is unavailable in reports."],
    ['convert(Employee, [Manager])', "'convert' is unavailable in reports."],
  ])('%s', (expr, text) => {
    const compiled = compile(expr, report);
    expect(compiled.ok).toBe(false);
    expect(compiled.messages.map((m) => m.text)).toContain(text);
  });

  it('leaves the other hosts alone', () => {
    expect(compile('tonumber([First Name])', { ...compileOptions, host: 'Any' }).ok).toBe(true);
    expect(compile("totext([Age], 'N2')", { ...compileOptions, host: 'Evaluate' }).ok).toBe(true);
  });
});

// Every function that compiles in the Report host must translate, on both engines: the checker
// and the translator agree on what reports can run.
const sample: Partial<Record<Accept, string>> = {
  any: '1',
  scalar: '2',
  condition: '[Active]',
  bool: '[Active]',
  number: '[Rating]',
  int: '[Age]',
  text: '[First Name]',
  date: '[Birth Date]',
  dateOrDateTime: '[Starts At]',
  time: '[Lunch]',
  timeOrDateTime: '[Lunch]',
  record: '[Manager]',
  list: '[Tags]',
  numberList: '[Reports].Age',
  orderedList: '[Reports].[Birth Date]',
  boolList: '[Reports].Active',
  typeName: 'Decimal',
  part: 'day',
};

describe('every function that compiles in a report translates', () => {
  const calls: string[] = [];
  for (const def of functionCatalogue) {
    for (const sig of def.signatures) {
      const args = sig.params.filter((p) => !p.optional).map((p) => sample[p.accepts] ?? 'null');
      calls.push(`${def.name}(${args.join(', ')})`);
      const all = sig.params.map((p) => sample[p.accepts] ?? 'null');
      if (all.length !== args.length) calls.push(`${def.name}(${all.join(', ')})`);
    }
  }
  const parts = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'];
  for (const v of ['[Birth Date]', '[Starts At]', '[Lunch]']) {
    for (const part of [...parts, 'dayofyear', 'weekday']) calls.push(`datename(${part}, ${v})`);
    for (const part of parts) calls.push(`dateadd(${part}, -3, ${v})`, `datediff(${part}, ${v}, ${v})`);
  }
  calls.push(
    'datediff(day, [Birth Date], [Starts At])',
    'convert(Time, [Starts At])',
    'convert(Bool, [Age])',
  );
  const translated = new Set<string>();
  it.each(calls)('%s', (expr) => {
    const compiled = compile(expr, report);
    if (!compiled.ok || compiled.isList) return;
    translated.add(expr.slice(0, expr.indexOf('(')));
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const r = toSql(compiled, { dialect, row: 'e0', hooks, timeZone: TIME_ZONE, now: NOW });
      expect(r.ok ? 'ok' : r.error).toBe('ok');
    }
  });
  it('tried nearly every function', () => {
    const missing = functionCatalogue
      .map((d) => d.name)
      .filter((n) => !translated.has(n) && !NOT_IN_REPORTS.has(n));
    expect(missing).toEqual([]);
  });
});

describe('zoneTable', () => {
  it('is one entry for a zone without daylight saving', () => {
    expect(zoneTable('UTC')).toEqual([['0000-01-01T00:00:00.000Z', 0]]);
  });

  it("holds Sydney's changes to the second", () => {
    const table = zoneTable('Australia/Sydney');
    expect(table).toContainEqual(['2024-04-06T16:00:00.000Z', 36000]);
    expect(table).toContainEqual(['2024-10-05T16:00:00.000Z', 39600]);
  });
});
