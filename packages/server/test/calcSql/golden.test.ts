import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CalcHost, type CompileOptions, compile, type EvaluateResult, evaluate } from '@plinth/calc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOptions, evaluateOptions } from '../../../calc/test/fixture.js';
import { type Engine, normalise, postgresEngine, sqliteEngine } from './harness.js';

// Every golden case of the calc package that compiles in the Report host is evaluated in memory and
// through SQL, for each person of the fixture as the context record, and the results must agree.

const dir = join(import.meta.dirname, '../../../calc/test/golden');

interface Case {
  file: string;
  name: string;
  directives: Record<string, string>;
  expr: string;
}

function parseGolden(file: string, text: string): Case[] {
  return text
    .split(/^# /m)
    .slice(1)
    .map((block) => {
      const [nameLine = '', ...rest] = block.split('\n');
      const body = rest.join('\n');
      const arrow = body.indexOf('\n==>\n');
      const head = arrow >= 0 ? body.slice(0, arrow) : body;
      const directives: Record<string, string> = {};
      const lines: string[] = [];
      for (const line of head.split('\n')) {
        const d = lines.length === 0 ? /^% (\w+): (.*)$/.exec(line) : null;
        if (d) directives[d[1]!] = d[2]!;
        else lines.push(line);
      }
      return { file, name: nameLine.trim(), directives, expr: lines.join('\n') };
    });
}

const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.golden') && f !== 'hostile.golden')
  .flatMap((f) => parseGolden(f, readFileSync(join(dir, f), 'utf8')));

function options(c: Case): CompileOptions {
  return {
    ...compileOptions,
    host: 'Report' as CalcHost,
    ...(c.directives.context === 'none' ? { contextTypeId: undefined } : {}),
  };
}

const CONTEXTS = ['p1', 'p2', 'p3'];

/** Cases that compile in the Report host but stay in memory: list results are not report values. */
const isListResult = (c: Case) => compile(c.expr, options(c)).isList;

const engines: [string, () => Promise<Engine>][] = [['sqlite', sqliteEngine]];
const url = process.env.TEST_DATABASE_URL;
if (url) engines.push(['postgres', () => postgresEngine(url)]);

for (const [label, open] of engines) {
  describe(`calc golden cases through SQL on ${label}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await open();
    });
    afterAll(async () => {
      await engine?.close();
    });

    const runnable = cases.filter((c) => {
      const compiled = compile(c.expr, options(c));
      return compiled.ok && !isListResult(c);
    });

    it('translates a good share of the golden cases', () => {
      expect(runnable.length).toBeGreaterThan(150);
    });

    for (const c of runnable) {
      it(`${c.file}: ${c.name}`, async () => {
        const compiled = compile(c.expr, options(c));
        for (const contextId of CONTEXTS) {
          const evaluated: EvaluateResult = await evaluate(compiled, {
            ...evaluateOptions,
            context: { id: contextId, typeId: contextId === 'p2' ? 'employee' : 'person' },
          });
          if (evaluated.error !== undefined) continue;
          const viaSql = await engine.run(compiled, contextId, { ...evaluateOptions.params });
          if ('error' in viaSql) throw new Error(`${c.expr}\n${viaSql.error}`);
          const type = evaluated.resultType === 'None' ? compiled.resultType : evaluated.resultType;
          expect({ expr: c.expr, context: contextId, value: normalise(viaSql.value, type) }).toEqual({
            expr: c.expr,
            context: contextId,
            value: normalise(evaluated.value, type),
          });
        }
      });
    }
  });
}
