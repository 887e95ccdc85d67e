import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, evaluate, functionCatalogue, parse, print } from '../src/index.js';
import { compileOptions, evaluateOptions } from './fixture.js';

const leaves = [
  '0',
  '7',
  '2147483647',
  '1.50',
  "'it''s'",
  "''",
  'null',
  'true',
  'false',
  'Age',
  '[First Name]',
  'Active',
  '[Order]',
  'Manager',
  'Status',
  'Rating',
  'Salary',
  '[Birth Date]',
  '[Starts At]',
  'Lunch',
  'Phone',
  '@Count',
  '[SelectedRecords]',
  '[Amounts]',
  'Tags',
  '#2024-01-31#',
  '#13:30#',
  '#2024-01-31 10:00#',
  'x',
];
const ops = ['+', '-', '*', '/', '%', '&', '=', '<>', '<', '<=', '>', '>=', 'and', 'or', '||', '&&', '!='];
const functionNames = functionCatalogue.map((f) => f.name);
const parts = ['day', 'month', 'hour', 'weekday', 'fortnight'];

/** Sources from the grammar's shapes, deliberately mixing types so most do not type-check. */
const source = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...leaves),
    fc.tuple(tie('expr'), fc.constantFrom(...ops), tie('expr')).map(([a, op, b]) => `${a} ${op} ${b}`),
    tie('expr').map((e) => `(${e})`),
    tie('expr').map((e) => `-${e}`),
    tie('expr').map((e) => `not ${e}`),
    fc
      .tuple(fc.constantFrom(...functionNames), fc.array(tie('expr'), { maxLength: 3 }))
      .map(([f, args]) => `${f}(${args.join(', ')})`),
    fc.tuple(fc.constantFrom(...parts), tie('expr')).map(([p, e]) => `datediff(${p}, ${e}, getdate())`),
    tie('expr').map((e) => `(${e}).Name`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `${a} like ${b}`),
    tie('expr').map((e) => `${e} is not null`),
    fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([a, b, c]) => `${a} not in (${b}, ${c})`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `${a} in ${b}`),
    fc
      .tuple(tie('expr'), tie('expr'), tie('expr'))
      .map(([a, b, c]) => `case when ${a} then ${b} else ${c} end`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `case ${a} when ${b} then 1 end`),
    tie('expr').map((e) => `$'a{{${e.length}}}{${e}}'`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `let x = ${a} select ${b}`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `(${a} where ${b})`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `(${a} order by ${b} desc, Age)`),
  ),
})).expr;

/** The tree without locations and checker annotations. */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (
      [
        'span',
        'opSpan',
        'nameSpan',
        'keywordSpan',
        't',
        'resolved',
        'mode',
        'projects',
        'fn',
        'signature',
        'single',
      ].includes(k)
    )
      continue;
    out[k] = shape(v);
  }
  return out;
}

describe('properties', () => {
  it('compile never throws on arbitrary text, and every location is inside the source', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 60 }), source),
        (expr) => {
          const result = compile(expr, compileOptions);
          const lines = expr.split(/\r\n|\r|\n/);
          for (const m of result.messages) {
            expect(m.location.line).toBeGreaterThanOrEqual(1);
            expect(m.location.line).toBeLessThanOrEqual(lines.length);
            expect(m.location.col).toBeGreaterThanOrEqual(1);
            expect(m.location.col - 1 + m.location.length).toBeLessThanOrEqual(
              lines[m.location.line - 1]!.length + 1,
            );
          }
          expect(result.ok).toBe(!result.messages.some((m) => m.type === 'Error'));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('print then parse gives the same tree, and printing is stable', () => {
    fc.assert(
      fc.property(source, (expr) => {
        const first = parse(expr);
        fc.pre(first.ast !== undefined);
        const printed = print(first.ast!);
        const second = parse(printed);
        expect(second.ast, printed).toBeDefined();
        expect(shape(second.ast)).toEqual(shape(first.ast));
        expect(print(second.ast!)).toBe(printed);
      }),
      { numRuns: 1500 },
    );
  });

  it('evaluate never throws, and returns a value or an error', async () => {
    await fc.assert(
      fc.asyncProperty(source, async (expr) => {
        const compiled = compile(expr, { ...compileOptions, host: 'Evaluate' });
        const result = await evaluate(compiled, evaluateOptions);
        expect(result.error === undefined || result.value === null).toBe(true);
        if (compiled.ok) expect(result.error).toBeUndefined();
      }),
      { numRuns: 800 },
    );
  });
});
