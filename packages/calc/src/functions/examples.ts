import { type CompileResult, compile } from '../compile.js';
import type { CalcDataSource } from '../data.js';
import { type EvaluateResult, evaluate } from '../evaluate/evaluate.js';
import type { JsonValue } from '../evaluate/text.js';
import { type MemoryRecord, type MemoryType, memoryData, memorySchema } from '../memory.js';

/**
 * The sample every function's example runs on: one order (the current record), its customer, lines
 * and tags. The calculation reference shows this record beside the examples, and its tests
 * evaluate each example here and compare the value with the one the registry states
 * (`exampleResult`), so the reference cannot drift from the engine.
 */
export const exampleTypes: readonly MemoryType[] = [
  {
    id: 'order',
    name: 'Order',
    fields: [
      { id: 'code', name: 'Code', type: 'String', isCalculated: false },
      { id: 'no', name: 'No', type: 'Int32', isCalculated: false },
      { id: 'qty', name: 'Qty', type: 'Int32', isCalculated: false },
      { id: 'unitPrice', name: 'Unit Price', type: 'Currency', isCalculated: false },
      { id: 'amount', name: 'Amount', type: 'Currency', isCalculated: false },
      { id: 'discount', name: 'Discount', type: 'Decimal', isCalculated: false },
      { id: 'balance', name: 'Balance', type: 'Currency', isCalculated: false },
      { id: 'status', name: 'Status', type: 'String', isCalculated: false },
      { id: 'firstName', name: 'First Name', type: 'String', isCalculated: false },
      { id: 'lastName', name: 'Last Name', type: 'String', isCalculated: false },
      { id: 'nickname', name: 'Nickname', type: 'String', isCalculated: false },
      { id: 'email', name: 'Email', type: 'String', isCalculated: false },
      { id: 'phone', name: 'Phone', type: 'String', isCalculated: false },
      { id: 'notes', name: 'Notes', type: 'String', isCalculated: false },
      { id: 'startDate', name: 'Start Date', type: 'Date', isCalculated: false },
      { id: 'dueDate', name: 'Due Date', type: 'Date', isCalculated: false },
      { id: 'shipDate', name: 'Ship Date', type: 'Date', isCalculated: false },
      { id: 'startsAt', name: 'Starts At', type: 'DateTime', isCalculated: false },
    ],
    relationships: [
      { id: 'customer', name: 'Customer', toType: 'customer', isList: false, reverseName: 'Orders' },
      { id: 'lines', name: 'Order Lines', toType: 'line', isList: true, reverseName: 'Order' },
      { id: 'tags', name: 'Tags', toType: 'tag', isList: true },
    ],
  },
  { id: 'customer', name: 'Customer' },
  { id: 'country', name: 'Country' },
  {
    id: 'line',
    name: 'Line',
    fields: [
      { id: 'lineNo', name: 'Line No', type: 'Int32', isCalculated: false },
      { id: 'product', name: 'Product', type: 'String', isCalculated: false },
      { id: 'lineQty', name: 'Qty', type: 'Int32', isCalculated: false },
      { id: 'lineAmount', name: 'Amount', type: 'Currency', isCalculated: false },
      { id: 'backordered', name: 'Is Backordered', type: 'Bool', isCalculated: false },
    ],
  },
  { id: 'tag', name: 'Tag' },
];

const line = (
  n: number,
  product: string,
  qty: number,
  amount: string,
  backordered: boolean,
): MemoryRecord => ({
  id: `line${n}`,
  typeId: 'line',
  name: `SO-1042/${n}`,
  fields: { lineNo: n, product, lineQty: qty, lineAmount: amount, backordered },
});

export const exampleRecords: readonly MemoryRecord[] = [
  {
    id: 'order',
    typeId: 'order',
    name: 'SO-1042',
    fields: {
      code: 'AB-1234',
      no: 42,
      qty: 12,
      unitPrice: '24.50',
      amount: '1234.50',
      discount: null,
      balance: '-120.00',
      status: 'Open',
      firstName: 'Ada',
      lastName: 'Lovelace',
      nickname: null,
      email: 'ada@example.com',
      phone: '020 7946 0018',
      notes: '',
      startDate: '2024-01-15',
      dueDate: '2024-01-31',
      shipDate: '2024-02-02',
      startsAt: '2024-01-15T09:45:30Z',
    },
    related: { customer: ['customer'], lines: ['line3', 'line1', 'line2'], tags: ['tag1', 'tag2'] },
  },
  { id: 'customer', typeId: 'customer', name: 'Analytical Engines Ltd' },
  { id: 'country1', typeId: 'country', name: 'Australia' },
  { id: 'country2', typeId: 'country', name: 'New Zealand' },
  line(1, 'Gear', 2, '100.00', false),
  line(2, 'Lever', 4, '250.50', true),
  line(3, 'Gear', 6, '99.50', false),
  { id: 'tag1', typeId: 'tag', name: 'Priority' },
  { id: 'tag2', typeId: 'tag', name: 'Export' },
];

/** The examples' clock: 15 March 2024, 10:30 UTC. */
export const EXAMPLE_NOW = Date.UTC(2024, 2, 15, 10, 30, 0);
/** The examples' time zone. */
export const EXAMPLE_TIME_ZONE = 'UTC';
/** The record the examples run on (an order). */
export const EXAMPLE_CONTEXT = { id: 'order', typeId: 'order' } as const;

export const exampleSchema = memorySchema(exampleTypes);
const memory = memoryData(exampleRecords, exampleSchema);
/** The sample data, with record links as the app runner's. */
export const exampleData: CalcDataSource = {
  ...memory,
  recordUrl: (e) => `/record/${encodeURIComponent(e.id)}`,
};

/** Compiles and evaluates an expression on the sample order, with the examples' clock and zone. */
export async function runExample(expr: string): Promise<{ compiled: CompileResult; result: EvaluateResult }> {
  const compiled = compile(expr, { schema: exampleSchema, contextTypeId: 'order', host: 'Evaluate' });
  const result = await evaluate(compiled, {
    context: EXAMPLE_CONTEXT,
    clock: () => EXAMPLE_NOW,
    timeZone: EXAMPLE_TIME_ZONE,
    data: exampleData,
  });
  return { compiled, result };
}

const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * A value as the reference shows it, in the language's own notation: text quoted, dates as
 * literals (`#2024-03-15#`), lists in parentheses, records as `record 'Name'`, null as `null`.
 */
export function exampleValueText(result: Pick<EvaluateResult, 'value' | 'resultType' | 'isList'>): string {
  const one = (v: JsonValue): string => {
    if (v === null) return 'null';
    if (Array.isArray(v)) return `(${v.map(one).join(', ')})`;
    if (typeof v === 'object') return `record ${quoted(v.name ?? '')}`;
    if (typeof v === 'boolean' || typeof v === 'number') return String(v);
    switch (result.resultType) {
      case 'String':
        return quoted(v);
      case 'Date':
        return `#${v}#`;
      case 'Time':
        return `#${v}#`;
      case 'DateTime':
        // Stored in UTC; the examples' zone is UTC, so the wall-clock time is the stored one.
        return `#${v.replace('T', ' ').replace(/(\.000)?Z$/, '')}#`;
      default:
        return v;
    }
  };
  return one(result.value);
}
