import { compile, evaluate } from '@plinth/calc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOptions, evaluateOptions } from '../../../calc/test/fixture.js';
import { type Engine, postgresEngine, sqliteEngine } from './harness.js';

// Conditions as a report or an access rule uses them: `output: 'raw'` in a WHERE clause selects
// exactly the records for which the evaluator says true (null counts as false).

const conditions = [
  '[Age] > 40',
  '[Rating] >= 3.5',
  '[Salary] / 2 > 100',
  "[First Name] like 'b%' or [First Name] = 'CAROL'",
  '[Phone] is null',
  'not [Active]',
  '[Active] and [Age] < 50',
  "[Status] in ('open', 'closed')",
  '[Status] < [Manager].[Status]',
  "[Manager].[First Name] = 'bob'",
  'count([Reports]) > 0',
  "'vip' in [Tags].Name",
  'isempty([Tags])',
  'year([Starts At]) = 2024',
  'hour([Starts At]) = 9',
  'datediff(year, [Birth Date], getdate()) > 30',
  "coalesce([Nickname], 'x') = 'x'",
  'iif([Age] > 40, [Active], not [Active])',
  '[Age] in (34, 45) and not ([Age] in (1, null))',
  'context() in @SelectedRecords',
  "contains(@PageInput, 'ell') and [Age] % 2 = 0",
];

const engines: [string, () => Promise<Engine>][] = [['sqlite', sqliteEngine]];
const url = process.env.TEST_DATABASE_URL;
if (url) engines.push(['postgres', () => postgresEngine(url)]);

for (const [label, open] of engines) {
  describe(`report conditions through SQL on ${label}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await open();
    });
    afterAll(async () => {
      await engine?.close();
    });

    it.each(conditions)('%s', async (expr) => {
      const compiled = compile(expr, {
        ...compileOptions,
        host: 'Report',
        expectedResultType: { type: 'Bool' },
      });
      expect(compiled.messages.filter((m) => m.type === 'Error')).toEqual([]);
      const expected: string[] = [];
      for (const id of ['p1', 'p2', 'p3']) {
        const r = await evaluate(compiled, {
          ...evaluateOptions,
          context: { id, typeId: id === 'p2' ? 'employee' : 'person' },
        });
        if (r.value === true) expected.push(id);
      }
      expect(await engine.filter(compiled, { ...evaluateOptions.params })).toEqual(expected);
    });
  });
}
