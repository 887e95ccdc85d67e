import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { compile, evaluate, type MemoryRecord, memoryData, memorySchema } from '@plinth/calc';

/** Typical calculations: field arithmetic, text, dates, conditions, relationships, lists, templates. */
export const typicalExpressions = [
  '[Qty] * [Unit Price]',
  "iif([Amount] > 1000, 'Large', 'Small')",
  "case when [Score] >= 80 then 'High' when [Score] >= 50 then 'Medium' else 'Low' end",
  "[First Name] & ' ' & upper([Last Name])",
  'datediff(day, [Start], [End])',
  'dateadd(month, 1, [Start])',
  '[Customer].Name',
  'sum([Lines].Amount)',
  "$'Dear {[First Name]}, you owe {[Amount]}'",
  'let total = [Qty] * [Unit Price] select iif(total > 1000, total * 0.9, total)',
  "[Email] like '%@example.com'",
  "coalesce([Nickname], [First Name], 'n/a')",
];

const schema = memorySchema([
  {
    id: 'order',
    name: 'Order',
    fields: [
      { id: 'qty', name: 'Qty', type: 'Int32', isCalculated: false },
      { id: 'price', name: 'Unit Price', type: 'Currency', isCalculated: false },
      { id: 'amount', name: 'Amount', type: 'Currency', isCalculated: false },
      { id: 'score', name: 'Score', type: 'Int32', isCalculated: false },
      { id: 'first', name: 'First Name', type: 'String', isCalculated: false },
      { id: 'last', name: 'Last Name', type: 'String', isCalculated: false },
      { id: 'nick', name: 'Nickname', type: 'String', isCalculated: false },
      { id: 'email', name: 'Email', type: 'String', isCalculated: false },
      { id: 'start', name: 'Start', type: 'Date', isCalculated: false },
      { id: 'end', name: 'End', type: 'Date', isCalculated: false },
    ],
    relationships: [
      { id: 'customer', name: 'Customer', toType: 'customer', isList: false },
      { id: 'lines', name: 'Lines', toType: 'line', isList: true },
    ],
  },
  { id: 'customer', name: 'Customer' },
  {
    id: 'line',
    name: 'Line',
    fields: [{ id: 'lineAmount', name: 'Amount', type: 'Currency', isCalculated: false }],
  },
]);

const records: MemoryRecord[] = [
  {
    id: 'o1',
    typeId: 'order',
    name: 'Order 1',
    fields: {
      qty: 12,
      price: '99.95',
      amount: '1199.40',
      score: 72,
      first: 'Ada',
      last: 'Lovelace',
      email: 'ada@example.com',
      start: '2026-01-31',
      end: '2026-03-15',
    },
    related: { customer: ['c1'], lines: ['l1', 'l2', 'l3'] },
  },
  { id: 'c1', typeId: 'customer', name: 'Analytical Engines Ltd' },
  ...['l1', 'l2', 'l3'].map((id, i) => ({
    id,
    typeId: 'line',
    name: id,
    fields: { lineAmount: String(100 * (i + 1)) },
  })),
];

/** Compile and evaluate times of the typical expressions, written to bench-results/calc.json. */
export async function calcBench(iterations: number) {
  const data = memoryData(records, schema);
  const results = [];
  for (const expr of typicalExpressions) {
    const options = { schema, contextTypeId: 'order', host: 'Evaluate' as const };
    const first = compile(expr, options);
    if (!first.ok) throw new Error(`${expr}: ${first.messages.map((m) => m.text).join('; ')}`);
    const compileTimes: number[] = [];
    const evalTimes: number[] = [];
    for (let i = 0; i < iterations; i++) {
      let t = performance.now();
      const compiled = compile(expr, options);
      compileTimes.push(performance.now() - t);
      t = performance.now();
      await evaluate(compiled, {
        context: { id: 'o1', typeId: 'order' },
        clock: () => Date.UTC(2026, 2, 15),
        timeZone: 'Australia/Sydney',
        data,
      });
      evalTimes.push(performance.now() - t);
    }
    const p50 = (xs: number[]) => Number(xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(4));
    results.push({ expression: expr, compile_p50_ms: p50(compileTimes), evaluate_p50_ms: p50(evalTimes) });
  }
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(path.join('bench-results', 'calc.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\n| expression | compile p50 ms | evaluate p50 ms |\n|---|---|---|');
  for (const r of results)
    console.log(`| \`${r.expression.replace(/\|/g, '\\|')}\` | ${r.compile_p50_ms} | ${r.evaluate_p50_ms} |`);
  console.log('\nwritten to bench-results/calc.json');
}
