import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineType } from './support/crmSchema.js';
import { engines, startTestApp, type TestApp } from './support/testApp.js';

describe.each(engines)('saving report definitions on %s', (engine) => {
  let t: TestApp;
  let typeId: number;
  let amount: number;
  let note: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const d = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Note', script: 'note', type: 'Text' },
    ]);
    typeId = d.typeId;
    amount = d.fieldIds.amount!;
    note = d.fieldIds.note!;
  });
  afterAll(() => t.close());

  const save = (definition: unknown) =>
    t.admin.put([
      {
        id: 'new:r',
        typeId: 'core:report',
        fields: {
          name: 'Deals',
          reportDefinition: typeof definition === 'string' ? definition : JSON.stringify(definition),
        },
      },
    ]);
  const columns = () => [
    { id: 'name', kind: 'field', fieldId: 100 },
    { id: 'amount', kind: 'field', fieldId: amount },
    { id: 'note', kind: 'field', fieldId: note },
  ];

  it('saves a valid definition, which then runs', async () => {
    const res = await save({
      version: 1,
      rootTypeId: typeId,
      columns: columns(),
      aggregates: [{ columnId: 'amount', kinds: ['Sum'] }],
    });
    expect(res.status).toBe(200);
    const run = await t.admin.post(`/spapi/data/v1/report/${res.body.ids['new:r']}`, { pageSize: 10 });
    expect(run.status).toBe(200);
    expect(run.body.total).toEqual({ aggs: { amount: [{ kind: 'Sum', value: null }] }, count: 0 });
  });

  it.each([
    ['not JSON', '{', 'The report definition is not valid JSON.'],
    [
      'the wrong shape',
      { version: 2 },
      'The report definition is not valid. At version: Invalid input: expected 1.',
    ],
    [
      'a missing field',
      { version: 1, rootTypeId: 1, columns: [{ id: 'x', kind: 'field', fieldId: 999_999 }] },
      "Column 'x': the field 999999 is not on this object.",
    ],
    [
      'an unknown sort column',
      () => ({
        version: 1,
        rootTypeId: typeId,
        columns: columns(),
        sorts: [{ columnId: 'nope', order: 'Ascending' }],
      }),
      "Unknown column 'nope'.",
    ],
    [
      'a sum of text',
      () => ({
        version: 1,
        rootTypeId: typeId,
        columns: columns(),
        aggregates: [{ columnId: 'note', kinds: ['Sum'] }],
      }),
      "'Sum' does not apply to the column 'Note'.",
    ],
  ])('refuses %s with the reason, and saves nothing', async (_what, definition, message) => {
    const res = await save(typeof definition === 'function' ? definition() : definition);
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors).toEqual([{ id: 'new:r', member: 'reportDefinition', message }]);
  });

  it('shows calculated fields in report cells, and sorts, filters and totals by them in SQL', async () => {
    const calc = await t.admin.put([
      {
        id: 'new:double',
        typeId: 'core:field',
        fields: {
          name: 'Double',
          fieldScriptName: 'double',
          fieldType: 'Calculation',
          fieldCalculation: '[amount] * 2',
        },
        relationships: { fieldIsOnType: { set: [typeId] } },
      },
    ]);
    expect(calc.status).toBe(200);
    const double = calc.body.ids['new:double'];
    await t.admin.put([
      { id: 'new:d', typeId, fields: { name: 'Calc big', amount: 21 } },
      { id: 'new:e', typeId, fields: { name: 'Calc small', amount: 5 } },
      { id: 'new:f', typeId, fields: { name: 'Calc none' } },
    ]);
    const cols = [...columns(), { id: 'double', kind: 'field', fieldId: double }];
    const saved = await save({
      version: 1,
      rootTypeId: typeId,
      columns: cols,
      conditions: [{ id: 'big', columnId: 'double', oper: 'GreaterThan', value: 5 }],
      sorts: [{ columnId: 'double', order: 'Descending' }],
      aggregates: [{ columnId: 'double', kinds: ['Sum'] }],
    });
    expect(saved.status).toBe(200);
    const run = await t.admin.post(`/spapi/data/v1/report/${saved.body.ids['new:r']}`, {
      pageSize: 10,
      quickSearch: 'Calc',
    });
    expect(run.body.error).toBeUndefined();
    expect(
      run.body.gdata.map((r: { values: Array<{ val: unknown }> }) => [r.values[0]!.val, r.values[3]!.val]),
    ).toEqual([
      ['Calc big', 42],
      ['Calc small', 10],
    ]);
    expect(Number(run.body.total.aggs.double[0].value)).toBe(52);
  });

  it('refuses to sort by a calculation that cannot run in a report', async () => {
    const calc = await t.admin.put([
      {
        id: 'new:link',
        typeId: 'core:field',
        fields: {
          name: 'Link text',
          fieldScriptName: 'linkText',
          fieldType: 'Calculation',
          fieldCalculation: 'encodeurl([note])',
        },
        relationships: { fieldIsOnType: { set: [typeId] } },
      },
    ]);
    expect(calc.status).toBe(200);
    const cols = [...columns(), { id: 'link', kind: 'field', fieldId: calc.body.ids['new:link'] }];
    const sorted = await save({
      version: 1,
      rootTypeId: typeId,
      columns: cols,
      sorts: [{ columnId: 'link', order: 'Ascending' }],
    });
    expect(sorted.status).toBe(400);
    expect(sorted.body.error.details.errors[0].message).toBe(
      "'Link text': 'encodeurl' is unavailable in reports.",
    );
  });
});
