import { describe, expect, it } from 'vitest';
import { functionCatalogue, functionHelp } from './catalogue.js';
import { exampleValueText, runExample } from './examples.js';

// The calculation reference shows each function's example with the value it gives on the sample
// order; these run every example through the real compiler and evaluator.

describe('the examples of the function registry', () => {
  it.each(functionCatalogue.map((def) => [def.name, def] as const))(
    '%s has an example that gives the value it states',
    async (_, def) => {
      expect(def.example.length).toBeGreaterThan(0);
      expect(def.exampleResult.length).toBeGreaterThan(0);
      const { compiled, result } = await runExample(def.example);
      expect(compiled.messages.filter((m) => m.type === 'Error')).toEqual([]);
      expect(result.error).toBeUndefined();
      expect(exampleValueText(result)).toBe(def.exampleResult);
    },
  );

  it('uses the function it illustrates', () => {
    for (const def of functionCatalogue) {
      const called = new RegExp(`(^|[^a-z])${def.name}\\s*\\(`, 'i');
      expect(called.test(def.example), def.example).toBe(true);
    }
  });

  it('reaches the editor’s help with its value', () => {
    const iif = functionHelp().find((h) => h.name === 'iif')!;
    expect(iif).toMatchObject({ example: "iif([Qty] > 10, 'Bulk', 'Single')", exampleResult: "'Bulk'" });
  });
});

describe('values as the reference shows them', () => {
  it.each([
    ["'it''s'", "'it''s'"],
    ['12', '12'],
    ['1.25', '1.25'],
    ['true', 'true'],
    ['null', 'null'],
    ['#2024-01-31#', '#2024-01-31#'],
    ['#2024-01-31 17:05#', '#2024-01-31 17:05:00#'],
    ['#17:05#', '#17:05:00#'],
    ['[Tags].Name', "('Priority', 'Export')"],
    ['[Customer]', "record 'Analytical Engines Ltd'"],
    ['[Nickname]', 'null'],
  ])('%s shows as %s', async (expr, shown) => {
    const { result } = await runExample(expr);
    expect(exampleValueText(result)).toBe(shown);
  });
});
