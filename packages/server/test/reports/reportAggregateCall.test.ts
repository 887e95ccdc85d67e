import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';
import { createReport, expectError, fieldColumn, putRecords, relColumn } from './reportSupport.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** The deals the tests put: name, amount, stage (a choice) and region. */
const deals: Array<[string, number | null, 'Won' | 'Open' | null, string | null]> = [
  ['d1', 100, 'Won', 'North'],
  ['d2', 250, 'Won', 'South'],
  ['d3', 75, 'Open', 'North'],
  ['d4', null, 'Open', null],
  ['d5', 40, null, 'South'],
];

/**
 * The aggregate call of page charts and hero counters (decision 0069): a report's aggregate per
 * value of a column or in total, under its conditions and a master filter's, on both engines.
 */
describe.each(engines)('report aggregates for charts and counters, on %s', (engine) => {
  let t: TestApp;
  let report: number;
  const stageIds: Record<string, number> = {};
  const call = (body: Record<string, unknown>, id: number | string = report) =>
    t.admin.post(`/spapi/data/v1/report/${id}/aggregate`, body);

  beforeAll(async () => {
    t = await startTestApp(engine);
    const deal = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Region', script: 'region', type: 'Text' },
    ]);
    const stage = await defineType(t.admin, 'Stage', [], sysType.enumValue);
    const stageRel = await defineRelationship(
      t.admin,
      'choiceField',
      deal.typeId,
      stage.typeId,
      'stage',
      'deals',
    );
    Object.assign(
      stageIds,
      await putRecords(
        t.admin,
        // Won is the first choice: the chart follows the choices' order, not their names.
        ['Won', 'Open'].map((name, i) => ({
          id: `new:${name}`,
          typeId: stage.typeId,
          fields: { name, enumOrder: i + 1 },
        })),
      ),
    );
    await putRecords(
      t.admin,
      deals.map(([name, amount, st, region]) => ({
        id: `new:${name}`,
        typeId: deal.typeId,
        fields: { name, amount, region },
        relationships: (st ? { stage: { set: [stageIds[st]!] } } : {}) as Record<string, { set: number[] }>,
      })),
    );
    report = await createReport(
      t.admin,
      {
        rootTypeId: deal.typeId,
        columns: [
          fieldColumn('name', 100),
          fieldColumn('amount', deal.fieldIds.amount!),
          fieldColumn('region', deal.fieldIds.region!),
          relColumn('stage', stageRel),
        ],
        // The report's own groups are not what a chart groups by.
        groups: [{ columnId: 'region', order: 'Ascending' }],
        conditions: [{ id: 'region', columnId: 'region', oper: 'Equal' }],
      },
      'Pipeline',
    );
  });
  afterAll(() => t.close());

  it('sums a column per value of another, blanks first then in the choices’ order, with the total', async () => {
    const res = await call({ groupColumnId: 'stage', valueColumnId: 'amount', aggregate: 'Sum' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.title).toBe('Pipeline');
    expect(
      res.body.groups.map((g: { label: string | null; value: unknown; count: number }) => [
        g.label,
        g.value,
        g.count,
      ]),
    ).toEqual([
      [null, 40, 1],
      ['Won', 350, 2],
      ['Open', 75, 2],
    ]);
    expect(res.body.groups[1].recordId).toBe(stageIds.Won);
    expect(res.body.total).toMatchObject({ value: 465, count: 5 });
    expect(res.body.valueColumn).toMatchObject({ title: 'Amount', type: 'Currency' });
    expect(res.body.groupColumn).toMatchObject({ title: 'stage' });
    expect(res.body.hasMoreGroups).toBe(false);
  });

  it('counts records without a value column, in total and per group', async () => {
    const total = await call({});
    expect(total.body.total).toEqual({ value: 5, count: 5 });
    expect(total.body.groups).toEqual([]);
    const byRegion = await call({ groupColumnId: 'region' });
    expect(
      byRegion.body.groups.map((g: { label: string | null; value: number }) => [g.label, g.value]),
    ).toEqual([
      [null, 1],
      ['North', 2],
      ['South', 2],
    ]);
  });

  it('applies a master filter condition over the report’s own', async () => {
    const res = await call({
      valueColumnId: 'amount',
      aggregate: 'Average',
      conds: [{ expid: 'region', oper: 'Equal', value: 'North' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toMatchObject({ value: 87.5, count: 2 });
  });

  it('refuses an unknown column (400) and an unknown report (404)', async () => {
    expectError(await call({ groupColumnId: 'nope' }), 400);
    expectError(await call({}, 999_999_999), 404);
    expectError(await call({ aggregate: 'Bogus' }), 400);
  });
});
