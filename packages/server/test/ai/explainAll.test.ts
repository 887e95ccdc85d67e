import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, functionCatalogue, runExample } from '@plinth/calc';
import { describe, expect, it } from 'vitest';
import { compileOptions } from '../../../calc/test/fixture.js';
import { explain } from '../../src/ai/explain.js';

const goldenDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../calc/test/golden');

/** The expressions of the language's golden cases (`# name`, `% directives`, expression, `==>`). */
function goldenExpressions(): Array<{ name: string; expr: string }> {
  const out: Array<{ name: string; expr: string }> = [];
  for (const file of fs.readdirSync(goldenDir).filter((f) => f.endsWith('.golden'))) {
    for (const block of fs.readFileSync(path.join(goldenDir, file), 'utf8').split(/^# /m).slice(1)) {
      const [name = '', ...rest] = block.split('\n');
      const body = rest.join('\n');
      const arrow = body.indexOf('\n==>\n');
      const head = (arrow >= 0 ? body.slice(0, arrow) : body).split('\n');
      while (head.length > 0 && /^% \w+: /.test(head[0]!)) head.shift();
      out.push({ name: `${file}: ${name.trim()}`, expr: head.join('\n') });
    }
  }
  return out;
}

describe('the built-in explainer', () => {
  const cases = goldenExpressions();

  it('finds the golden cases', () => {
    expect(cases.length).toBeGreaterThan(200);
  });

  it('describes every golden expression that compiles, with numbered steps', () => {
    let explained = 0;
    for (const c of cases) {
      const compiled = compile(c.expr, compileOptions);
      if (!compiled.ok) continue;
      const { description, steps } = explain(compiled);
      explained++;
      expect(description.length, c.name).toBeGreaterThan(10);
      expect(description, c.name).toMatch(/^[A-Z'$#(-].*The result is /s);
      expect(steps.length, c.name).toBeGreaterThan(0);
      steps.forEach((s, i) => {
        if (!s.startsWith('…')) expect(s, c.name).toMatch(new RegExp(`^Step ${i + 1}: [A-Z]`));
      });
      expect(description + steps.join(' '), c.name).not.toMatch(/undefined|\[object Object\]/);
    }
    expect(explained).toBeGreaterThan(150);
  });
});

describe('the built-in explainer on the calculation reference', () => {
  it.each(functionCatalogue.map((def) => [def.name, def.example] as const))(
    'explains the example of %s, with no AI service',
    async (_, example) => {
      const { compiled } = await runExample(example);
      const { description, steps } = explain(compiled);
      expect(description).toMatch(/The result is /);
      expect(steps.length).toBeGreaterThan(0);
      expect(steps.join(' ')).not.toMatch(/a calculated value|undefined|\[object Object\]/);
    },
  );

  it('counts one of a date part in the singular', async () => {
    const { compiled } = await runExample('dateadd(month, 1, [Due Date])');
    expect(explain(compiled).steps).toEqual(['Step 1: Add 1 month to the Due Date field.']);
    const { compiled: two } = await runExample('dateadd(day, 2, [Due Date])');
    expect(explain(two).steps).toEqual(['Step 1: Add 2 days to the Due Date field.']);
  });
});
