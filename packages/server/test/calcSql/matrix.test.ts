import { compile, evaluate } from '@plinth/calc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOptions, evaluateOptions } from '../../../calc/test/fixture.js';
import { type Engine, normalise, postgresEngine, sqliteEngine } from './harness.js';

// Operators and date functions over every combination of the fixture's fields and parts, for each
// person: the evaluator and SQL agree, nulls included (Bob and Carol leave many fields empty).

const numbers = ['[Age]', '[Rating]', '[Salary]', '[Order]', '-[Age]', '0', '2.5', 'null'];
const texts = ['[First Name]', '[Email]', '[Nickname]', '[Phone]', "'ALICE'", "'%e_'", "''"];
const temporals = ['[Birth Date]', '[Starts At]', '#2024-04-07#', '#2024-10-06T02:30:00#'];
const parts = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'];

const exprs: string[] = [];
for (const a of numbers) {
  for (const b of numbers) {
    for (const op of ['+', '-', '*', '/', '%', '=', '<', '>=']) exprs.push(`${a} ${op} ${b}`);
    exprs.push(`mod(${a}, ${b})`, `max(${a}, ${b})`, `round(${a}, ${b === '[Order]' ? -1 : 1})`);
  }
}
for (const a of texts) {
  for (const b of texts) {
    for (const op of ['=', '<>', '<', '>', 'like', 'not like', '+', '&']) exprs.push(`${a} ${op} ${b}`);
    exprs.push(
      `charindex(${b}, ${a})`,
      `contains(${a}, ${b})`,
      `endswith(${a}, ${b})`,
      `replace(${a}, 'e', ${b})`,
    );
  }
}
for (const v of temporals) {
  for (const part of parts) {
    exprs.push(`dateadd(${part}, 5, ${v})`, `dateadd(${part}, -40, ${v})`, `datename(${part}, ${v})`);
    for (const w of temporals) exprs.push(`datediff(${part}, ${v}, ${w})`);
  }
  for (const w of temporals) exprs.push(`${v} < ${w}`, `${v} = ${w}`);
  exprs.push(`weekday(${v})`, `dayofyear(${v})`, `${v} + 40`, `totext(${v})`);
}

const runnable = exprs.filter((e) => {
  const c = compile(e, { ...compileOptions, host: 'Report' });
  return c.ok && !c.isList;
});

const engines: [string, () => Promise<Engine>][] = [['sqlite', sqliteEngine]];
const url = process.env.TEST_DATABASE_URL;
if (url) engines.push(['postgres', () => postgresEngine(url)]);

for (const [label, open] of engines) {
  describe(`operator and date matrix through SQL on ${label}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await open();
    });
    afterAll(async () => {
      await engine?.close();
    });

    it('compiles most of the matrix', () => {
      expect(runnable.length).toBeGreaterThan(exprs.length / 2);
    });

    it('agrees with the evaluator', async () => {
      const mismatches: unknown[] = [];
      for (const expr of runnable) {
        const compiled = compile(expr, { ...compileOptions, host: 'Report' });
        for (const id of ['p1', 'p2', 'p3']) {
          const evaluated = await evaluate(compiled, {
            ...evaluateOptions,
            context: { id, typeId: id === 'p2' ? 'employee' : 'person' },
          });
          if (evaluated.error !== undefined) continue;
          const viaSql = await engine.run(compiled, id, {});
          const type = evaluated.resultType === 'None' ? compiled.resultType : evaluated.resultType;
          const sql = 'error' in viaSql ? viaSql.error : normalise(viaSql.value, type);
          const mem = normalise(evaluated.value, type);
          if (JSON.stringify(sql) !== JSON.stringify(mem)) mismatches.push({ expr, id, sql, mem });
        }
      }
      expect(mismatches).toEqual([]);
    }, 120_000);
  });
}
