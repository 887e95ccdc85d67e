import { compile, evaluate } from '@plinth/calc';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOptions, evaluateOptions } from '../../../calc/test/fixture.js';
import { type Engine, normalise, postgresEngine, sqliteEngine } from './harness.js';

// Random well-typed Report expressions over the fixture's fields: the evaluator and SQL agree.

type Kind = 'num' | 'str' | 'bool' | 'date' | 'dt';

const leaf: Record<Kind, string[]> = {
  num: ['[Age]', '[Rating]', '[Salary]', '[Order]', '0', '3', '-2', '1.5', '0.25', 'null'],
  str: [
    '[First Name]',
    '[Email]',
    '[Nickname]',
    '[Phone]',
    "'Abc'",
    "''",
    "'a b  c'",
    '[Manager].[First Name]',
  ],
  bool: ['[Active]', 'true', 'false', '[Manager].Active'],
  date: ['[Birth Date]', '#2024-02-29#', '#2023-12-31#', 'getdate()'],
  dt: ['[Starts At]', '#2024-04-07 02:30#', '#2024-10-06T01:59:00Z#', 'getdatetime()'],
};

const parts = ['year', 'quarter', 'month', 'week', 'day'];
const timeParts = [...parts, 'hour', 'minute', 'second'];

const gen = fc.letrec<Record<Kind, string>>((tie) => ({
  num: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...leaf.num),
    fc
      .tuple(tie('num'), fc.constantFrom('+', '-', '*', '/', '%'), tie('num'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(fc.constantFrom('abs', 'floor', 'ceiling', 'sign'), tie('num')).map(([f, a]) => `${f}(${a})`),
    fc.tuple(tie('num'), fc.integer({ min: -2, max: 3 })).map(([a, d]) => `round(${a}, ${d})`),
    fc.tuple(tie('num'), tie('num')).map(([a, b]) => `mod(${a}, ${b})`),
    fc.tuple(tie('num'), tie('num')).map(([a, b]) => `max(${a}, ${b})`),
    fc.tuple(tie('bool'), tie('num'), tie('num')).map(([c, a, b]) => `iif(${c}, ${a}, ${b})`),
    fc.tuple(tie('num'), tie('num')).map(([a, b]) => `isnull(${a}, ${b})`),
    tie('str').map((s) => `len(${s})`),
    fc.tuple(tie('str'), tie('str')).map(([a, b]) => `charindex(${a}, ${b})`),
    fc.tuple(fc.constantFrom(...parts), tie('date')).map(([p, d]) => `${p}(${d})`),
    fc.tuple(fc.constantFrom(...timeParts), tie('dt')).map(([p, d]) => `${p}(${d})`),
    fc
      .tuple(fc.constantFrom(...timeParts), tie('dt'), tie('dt'))
      .map(([p, a, b]) => `datediff(${p}, ${a}, ${b})`),
    fc
      .tuple(fc.constantFrom(...parts), tie('date'), tie('date'))
      .map(([p, a, b]) => `datediff(${p}, ${a}, ${b})`),
    fc.constantFrom(
      'count([Reports])',
      'sum([Tags].Weight)',
      'avg([Reports].Age)',
      'count([Tags] where Weight > 5)',
    ),
  ),
  str: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...leaf.str),
    fc.tuple(tie('str'), fc.constantFrom('+', '&'), tie('str')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    // Decimals as text: SQLite has 14 significant digits, so only rounded ones are made text.
    fc.tuple(tie('str'), tie('num')).map(([a, b]) => `(${a} + round(${b}, 2))`),
    fc
      .tuple(fc.constantFrom('left', 'right'), tie('str'), fc.integer({ min: -1, max: 4 }))
      .map(([f, s, n]) => `${f}(${s}, ${n})`),
    fc
      .tuple(tie('str'), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }))
      .map(([s, a, b]) => `substring(${s}, ${a}, ${b})`),
    fc.tuple(tie('str'), tie('str'), tie('str')).map(([a, b, c]) => `replace(${a}, ${b}, ${c})`),
    fc
      .tuple(fc.constantFrom('toupper', 'tolower', 'trim', 'trimends'), tie('str'))
      .map(([f, s]) => `${f}(${s})`),
    fc.tuple(tie('num'), tie('date'), tie('bool')).map(([n, d, b]) => `$'{round(${n}, 4)}|{${d}}|{${b}}'`),
    tie('dt').map((d) => `totext(${d})`),
    fc.tuple(tie('str'), tie('str')).map(([a, b]) => `coalesce(${a}, ${b}, 'none')`),
    fc.tuple(tie('str'), tie('str')).map(([a, b]) => `nullif(${a}, ${b})`),
    fc.tuple(tie('str'), fc.integer({ min: 0, max: 6 })).map(([s, n]) => `padleft(${s}, ${n}, '*')`),
    fc.tuple(fc.constantFrom('month', 'weekday', 'day'), tie('date')).map(([p, d]) => `datename(${p}, ${d})`),
    fc.constantFrom('totext([Status])', '[Manager].[Manager].Name', 'max([Reports].[First Name])'),
    fc
      .tuple(tie('bool'), tie('str'), tie('str'))
      .map(([c, a, b]) => `case when ${c} then ${a} else ${b} end`),
  ),
  bool: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...leaf.bool),
    fc
      .tuple(tie('num'), fc.constantFrom('=', '<>', '<', '>='), tie('num'))
      .map(([a, op, b]) => `${a} ${op} ${b}`),
    fc
      .tuple(tie('str'), fc.constantFrom('=', '<>', '<', '>='), tie('str'))
      .map(([a, op, b]) => `${a} ${op} ${b}`),
    fc.tuple(tie('date'), fc.constantFrom('=', '<', '>='), tie('dt')).map(([a, op, b]) => `${a} ${op} ${b}`),
    fc
      .tuple(tie('str'), fc.constantFrom("'%a%'", "'_l%'", "''", "'%'", "'A_C'"))
      .map(([a, p]) => `${a} like ${p}`),
    fc.tuple(tie('str'), tie('str')).map(([a, b]) => `${a} not like ${b}`),
    fc
      .tuple(fc.constantFrom('str', 'num', 'date', 'dt') as fc.Arbitrary<Kind>, fc.boolean())
      .chain(([k, neg]) => tie(k).map((e) => `${e} is ${neg ? 'not ' : ''}null`)),
    fc.tuple(tie('num'), tie('num'), tie('num')).map(([a, b, c]) => `${a} in (${b}, ${c}, null)`),
    fc.tuple(tie('bool'), fc.constantFrom('and', 'or'), tie('bool')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    tie('bool').map((b) => `not (${b})`),
    fc
      .tuple(fc.constantFrom('contains', 'startswith', 'endswith', 'exact'), tie('str'), tie('str'))
      .map(([f, a, b]) => `${f}(${a}, ${b})`),
    tie('str').map((s) => `isblank(${s})`),
    fc.constantFrom(
      "[Status] = 'open'",
      '[Status] < [Manager].[Status]',
      "'vip' in [Tags].Name",
      'isempty([Reports])',
    ),
  ),
  date: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...leaf.date),
    fc
      .tuple(fc.constantFrom(...parts), fc.integer({ min: -30, max: 30 }), tie('date'))
      .map(([p, n, d]) => `dateadd(${p}, ${n}, ${d})`),
    fc.tuple(tie('date'), fc.integer({ min: -400, max: 400 })).map(([d, n]) => `(${d} + ${n})`),
    tie('dt').map((d) => `convert(Date, ${d})`),
    fc
      .tuple(
        fc.integer({ min: 1990, max: 2030 }),
        fc.integer({ min: -3, max: 14 }),
        fc.integer({ min: -3, max: 33 }),
      )
      .map(([y, m, d]) => `datefromparts(${y}, ${m}, ${d})`),
  ),
  dt: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...leaf.dt),
    fc
      .tuple(fc.constantFrom(...timeParts), fc.integer({ min: -50, max: 50 }), tie('dt'))
      .map(([p, n, d]) => `dateadd(${p}, ${n}, ${d})`),
    fc.tuple(tie('dt'), fc.integer({ min: -200, max: 200 })).map(([d, n]) => `(${d} + ${n})`),
    tie('date').map((d) => `convert(DateTime, ${d})`),
  ),
}));

const anyExpr = fc.oneof(gen.num, gen.str, gen.bool, gen.date, gen.dt);

const engines: [string, () => Promise<Engine>][] = [['sqlite', sqliteEngine]];
const url = process.env.TEST_DATABASE_URL;
if (url) engines.push(['postgres', () => postgresEngine(url)]);

for (const [label, open] of engines) {
  describe(`random report expressions through SQL on ${label}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await open();
    });
    afterAll(async () => {
      await engine?.close();
    });

    it('agree with the evaluator', async () => {
      let compiled = 0;
      await fc.assert(
        fc.asyncProperty(anyExpr, async (expr) => {
          const c = compile(expr, { ...compileOptions, host: 'Report' });
          if (!c.ok) return;
          compiled++;
          for (const id of ['p1', 'p2', 'p3']) {
            const evaluated = await evaluate(c, {
              ...evaluateOptions,
              context: { id, typeId: id === 'p2' ? 'employee' : 'person' },
            });
            if (evaluated.error !== undefined) continue;
            const viaSql = await engine.run(c, id, {});
            const type = evaluated.resultType === 'None' ? c.resultType : evaluated.resultType;
            const sql = 'error' in viaSql ? viaSql.error : normalise(viaSql.value, type);
            expect({ expr, id, value: sql }).toEqual({ expr, id, value: normalise(evaluated.value, type) });
          }
        }),
        { numRuns: Number(process.env.CALC_SQL_RUNS ?? 300), seed: 20261122 },
      );
      expect(compiled).toBeGreaterThan(100);
    }, 300_000);
  });
}
