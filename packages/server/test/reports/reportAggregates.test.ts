import { sysType } from '@plinth/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';
import {
  createReport,
  fieldColumn,
  putRecords,
  relColumn,
  rowIds,
  runOk,
  runReport,
  writeRawField,
} from './reportSupport.js';

// Each test makes many HTTP calls, on a machine other suites share.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** The records the tests insert; every expectation below is computed from this table, in the test. */
interface Deal {
  k: string;
  amount: number | null;
  qty: number | null;
  region: string | null;
  /** '' is written raw below: a blank that is not null. */
  tag: string | null;
  close: string | null;
  stage: 'Lost' | 'Open' | 'Won' | null;
}
const deals: Deal[] = [
  { k: 'd1', amount: 100, qty: 1, region: 'North', tag: 'a', close: '2025-01-10', stage: 'Won' },
  { k: 'd2', amount: 250.5, qty: 3, region: 'North', tag: 'a', close: '2025-03-01', stage: 'Won' },
  { k: 'd3', amount: 75.25, qty: 2, region: 'South', tag: 'b', close: '2025-02-15', stage: 'Lost' },
  { k: 'd4', amount: null, qty: 5, region: 'South', tag: null, close: null, stage: 'Won' },
  { k: 'd5', amount: 1000, qty: null, region: null, tag: '', close: '2024-12-31', stage: null },
  { k: 'd6', amount: 40, qty: 2, region: 'East', tag: 'c', close: '2025-06-30', stage: 'Open' },
  { k: 'd7', amount: 40, qty: 7, region: 'North', tag: 'b', close: '2025-05-05', stage: 'Open' },
  { k: 'd8', amount: 333.33, qty: 4, region: 'East', tag: null, close: '2025-04-01', stage: 'Lost' },
];

const numericKinds = [
  'Count',
  'CountUnique',
  'CountAll',
  'Sum',
  'Average',
  'Max',
  'Min',
  'CountUniqueNoBlanks',
  'StandardDeviation',
  'PopulationStandardDeviation',
  'Variance',
  'PopulationVariance',
] as const;
const textKinds = ['Count', 'CountUnique', 'CountAll', 'CountUniqueNoBlanks', 'List'] as const;
const dateKinds = ['Count', 'Max', 'Min'] as const;

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const isBlank = (v: unknown) => v === null || v === '';

/** One aggregate over a column's values, written out from the definitions of spec 02 §9. */
function expected(kind: string, values: Array<string | number | null>): string | number | null {
  const present = values.filter((v) => !isBlank(v));
  const nums = present.map(Number);
  const n = nums.length;
  const sum = nums.reduce((a, b) => a + b, 0);
  const mean = sum / n;
  const squares = nums.reduce((a, b) => a + (b - mean) ** 2, 0);
  switch (kind) {
    case 'Count':
      return present.length;
    case 'CountAll':
      return values.length;
    case 'CountUnique':
      // Blanks count as one value of their own; CountUniqueNoBlanks leaves them out.
      return new Set(values.map((v) => (isBlank(v) ? '\u0000blank' : v))).size;
    case 'CountUniqueNoBlanks':
      return new Set(present).size;
    case 'Sum':
      return n === 0 ? null : round3(sum);
    case 'Average':
      return n === 0 ? null : round3(mean);
    case 'Max':
    case 'Min': {
      if (present.length === 0) return null;
      const sortedValues = [...present].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0));
      return (kind === 'Max' ? sortedValues.at(-1) : sortedValues[0]) as string | number;
    }
    case 'StandardDeviation':
      return n < 2 ? null : round3(Math.sqrt(squares / (n - 1)));
    case 'PopulationStandardDeviation':
      return n < 1 ? null : round3(Math.sqrt(squares / n));
    case 'Variance':
      return n < 2 ? null : round3(squares / (n - 1));
    case 'PopulationVariance':
      return n < 1 ? null : round3(squares / n);
    case 'List':
      return present.length === 0 ? null : present.map(String).sort().join(', ');
    default:
      throw new Error(kind);
  }
}

/** The aggregates the answer should hold for a set of records. */
function expectedAggs(rows: Deal[]) {
  return {
    amount: numericKinds.map((kind) => ({
      kind,
      value: expected(
        kind,
        rows.map((d) => d.amount),
      ),
    })),
    qty: numericKinds.map((kind) => ({
      kind,
      value: expected(
        kind,
        rows.map((d) => d.qty),
      ),
    })),
    tag: textKinds.map((kind) => ({
      kind,
      value: expected(
        kind,
        rows.map((d) => d.tag),
      ),
    })),
    close: dateKinds.map((kind) => ({
      kind,
      value: expected(
        kind,
        rows.map((d) => d.close),
      ),
    })),
  };
}

/** List answers the non-blank values joined with ', '; their order is not specified, so compare sorted. */
function normaliseLists(aggs: Record<string, Array<{ kind: string; value: unknown }>>) {
  return Object.fromEntries(
    Object.entries(aggs).map(([col, list]) => [
      col,
      list.map((a) =>
        a.kind === 'List' && typeof a.value === 'string'
          ? { ...a, value: a.value.split(', ').sort().join(', ') }
          : a,
      ),
    ]),
  );
}

describe.each(engines)('report groups and aggregates on %s', (engine) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const stageIds: Record<string, number> = {};
  let byRegion: number;
  let byStage: number;
  let flat: number;
  let dealTypeId: number;
  const of = (keys: string[]) => keys.map((k) => ids[k]!);
  const dealsOf = (keys: string[]) => keys.map((k) => deals.find((d) => d.k === k)!);

  beforeAll(async () => {
    t = await startTestApp(engine);
    const deal = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Qty', script: 'qty', type: 'Number' },
      { name: 'Region', script: 'region', type: 'Text' },
      { name: 'Tag', script: 'tag', type: 'Text' },
      { name: 'Close', script: 'close', type: 'Date' },
    ]);
    dealTypeId = deal.typeId;
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
        ['Won', 'Lost', 'Open'].map((name) => ({
          id: `new:${name}`,
          typeId: stage.typeId,
          fields: { name },
        })),
      ),
    );
    Object.assign(
      ids,
      await putRecords(
        t.admin,
        deals.map((d) => ({
          id: `new:${d.k}`,
          typeId: deal.typeId,
          fields: {
            name: d.k,
            amount: d.amount,
            qty: d.qty,
            region: d.region,
            tag: d.tag === '' ? null : d.tag,
            close: d.close,
          },
          relationships: (d.stage ? { stage: { set: [stageIds[d.stage]!] } } : {}) as Record<
            string,
            { set: number[] }
          >,
        })),
      ),
    );
    for (const d of deals) if (d.tag === '') await writeRawField(t, ids[d.k]!, deal.fieldIds.tag!, '');

    const columns = [
      fieldColumn('name', 100),
      fieldColumn('amount', deal.fieldIds.amount!),
      fieldColumn('qty', deal.fieldIds.qty!),
      fieldColumn('region', deal.fieldIds.region!),
      fieldColumn('tag', deal.fieldIds.tag!),
      fieldColumn('close', deal.fieldIds.close!),
      relColumn('stage', stageRel),
    ];
    const aggregates = [
      { columnId: 'amount', kinds: numericKinds },
      { columnId: 'qty', kinds: numericKinds },
      { columnId: 'tag', kinds: textKinds },
      { columnId: 'close', kinds: dateKinds },
    ];
    byRegion = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      groups: [{ columnId: 'region', order: 'Ascending' }],
      sorts: [{ columnId: 'amount', order: 'Descending' }],
      aggregates,
      showGrandTotals: true,
    });
    byStage = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      groups: [{ columnId: 'stage', order: 'Ascending' }],
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates,
      showGrandTotals: true,
    });
    flat = await createReport(t.admin, {
      rootTypeId: deal.typeId,
      columns,
      sorts: [{ columnId: 'amount', order: 'Descending' }],
      aggregates,
    });
  });
  afterAll(() => t.close());

  // Region groups in order (blank first), and within each the amount from high to low, blanks last.
  const regionGroups: Array<[string | null, string[]]> = [
    [null, ['d5']],
    ['East', ['d8', 'd6']],
    ['North', ['d2', 'd1', 'd7']],
    ['South', ['d3', 'd4']],
  ];
  const regionOrder = regionGroups.flatMap(([, keys]) => keys);

  it('groups by a text field: headers, counts and every aggregate per group, and grand totals', async () => {
    const body = await runOk(t.admin, byRegion, { pageSize: 100 });
    expect(rowIds(body)).toEqual(of(regionOrder));
    expect(body.rdata.map((g: { hdrs: unknown }) => g.hdrs)).toEqual(regionGroups.map(([r]) => [{ val: r }]));
    expect(body.rdata.map((g: { count: number }) => g.count)).toEqual(
      regionGroups.map(([, keys]) => keys.length),
    );
    for (const [i, [, keys]] of regionGroups.entries()) {
      const rows = dealsOf(keys);
      expect(normaliseLists(body.rdata[i].aggs), `group ${i}`).toEqual(expectedAggs(rows));
    }
    expect(body.total.count).toBe(deals.length);
    expect(normaliseLists(body.total.aggs)).toEqual(expectedAggs(deals));
    expect(body.meta.rmeta).toMatchObject({
      groups: [{ colid: 'region', order: 'Ascending' }],
      showgt: true,
      aggs: { amount: [...numericKinds], qty: [...numericKinds], tag: [...textKinds], close: [...dateKinds] },
    });
  });

  it('answers aggregates to at most 3 decimals', async () => {
    const body = await runOk(t.admin, flat, { pageSize: 1 });
    const avg = body.total.aggs.amount.find((a: { kind: string }) => a.kind === 'Average').value;
    // (100 + 250.5 + 75.25 + 1000 + 40 + 40 + 333.33) / 7 = 262.725714…
    expect(avg).toBe(262.726);
    const sd = body.total.aggs.qty.find((a: { kind: string }) => a.kind === 'StandardDeviation').value;
    expect(String(sd).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(3);
  });

  it('groups by a choice relationship: headers carry the choice id and name, blanks first', async () => {
    const body = await runOk(t.admin, byStage, { pageSize: 100 });
    const stageGroups: Array<[string | null, string[]]> = [
      [null, ['d5']],
      ['Lost', ['d3', 'd8']],
      ['Open', ['d6', 'd7']],
      ['Won', ['d1', 'd2', 'd4']],
    ];
    expect(body.rdata.map((g: { hdrs: unknown }) => g.hdrs)).toEqual(
      stageGroups.map(([s]) => [{ vals: s === null ? [] : [{ eid: stageIds[s], val: s }] }]),
    );
    expect(body.rdata.map((g: { count: number }) => g.count)).toEqual([1, 2, 2, 3]);
    for (const [i, [, keys]] of stageGroups.entries()) {
      const rows = dealsOf(keys);
      expect(body.rdata[i].aggs.amount, `group ${i}`).toEqual(expectedAggs(rows).amount);
      expect(body.rdata[i].aggs.qty, `group ${i}`).toEqual(expectedAggs(rows).qty);
    }
    // Rows in group order, then by name.
    expect(rowIds(body)).toEqual(of(stageGroups.flatMap(([, keys]) => keys)));
    // The stage cell of each row is the choice.
    const stageCell = body.gdata.find((r: { eid: number }) => r.eid === ids.d3).values[6];
    expect(stageCell).toEqual({ vals: [{ eid: stageIds.Lost, val: 'Lost' }] });
    expect(body.total.count).toBe(8);
  });

  it('pages through grouped rows in group order, with every group on every page', async () => {
    const seen: number[] = [];
    for (let start = 0; start < deals.length + 3; start += 3) {
      const body = await runOk(t.admin, byRegion, { startIndex: start, pageSize: 3, metadata: 'none' });
      seen.push(...rowIds(body));
      expect(body.rdata).toHaveLength(4);
      expect(body.pageSize).toBe(3);
    }
    expect(seen).toEqual(of(regionOrder));
  });

  it('a query sort keeps the group order and sorts within groups by one column', async () => {
    const body = await runOk(t.admin, byRegion, {
      sort: [
        { colid: 'qty', order: 'Ascending' },
        { colid: 'name', order: 'Descending' },
      ],
    });
    // qty within groups: East d6 2, d8 4; North d1 1, d2 3, d7 7; South d3 2, d4 5.
    expect(rowIds(body)).toEqual(of(['d5', 'd6', 'd8', 'd1', 'd2', 'd7', 'd3', 'd4']));
  });

  it('a query sort on the grouped column changes only the direction of the groups (spec 02 §4)', async () => {
    const body = await runOk(t.admin, byRegion, {
      sort: [
        { colid: 'region', order: 'Descending' },
        { colid: 'qty', order: 'Ascending' },
      ],
    });
    expect(rowIds(body)).toEqual(of(['d3', 'd4', 'd1', 'd2', 'd7', 'd6', 'd8', 'd5']));
    expect(body.meta.sort).toEqual([
      { colid: 'region', order: 'Descending' },
      { colid: 'qty', order: 'Ascending' },
    ]);
  });

  it('aggregates of an ungrouped report come as totals', async () => {
    const body = await runOk(t.admin, flat, {});
    expect(body.rdata).toBeUndefined();
    expect(body.total.count).toBe(8);
    expect(body.total.aggs.amount).toEqual(expectedAggs(deals).amount);
    expect(body.total.aggs.close).toEqual(expectedAggs(deals).close);
  });

  describe('group keys of every kind', () => {
    let fruit: { typeId: number; fieldIds: Record<string, number> };
    let tagRel: number;
    const f: Record<string, number> = {};
    const tags: Record<string, number> = {};
    let report: (def: Record<string, unknown>) => Promise<number>;

    beforeAll(async () => {
      fruit = await defineType(t.admin, 'Fruit', [
        { name: 'Kind', script: 'kind', type: 'Text' },
        { name: 'Ripe', script: 'ripe', type: 'Boolean' },
        { name: 'Count', script: 'count', type: 'Number' },
        { name: 'Picked', script: 'picked', type: 'Date' },
      ]);
      const tag = await defineType(t.admin, 'FruitTag', []);
      tagRel = await defineRelationship(t.admin, 'manyToMany', fruit.typeId, tag.typeId, 'tags', 'fruits');
      Object.assign(
        tags,
        await putRecords(t.admin, [
          { id: 'new:sweet', typeId: tag.typeId, fields: { name: 'sweet' } },
          { id: 'new:Sour', typeId: tag.typeId, fields: { name: 'Sour' } },
        ]),
      );
      const rows: Array<[string, string | null, boolean | null, number | null, string | null, string[]]> = [
        ['f1', 'apple', true, 3, '2025-01-02', ['sweet']],
        ['f2', 'Banana', false, 1, '2025-01-01', ['sweet', 'Sour']],
        ['f3', 'cherry', null, 3, null, []],
        ['f4', 'Apple', true, null, '2025-01-02', ['Sour']],
        ['f5', 'banana', true, 1, '2025-01-03', []],
        ['f6', null, false, 2, '2025-01-01', ['Sour']],
      ];
      Object.assign(
        f,
        await putRecords(
          t.admin,
          rows.map(([k, kind, ripe, count, picked, tagNames]) => ({
            id: `new:${k}`,
            typeId: fruit.typeId,
            fields: { name: k, kind, ripe, count, picked },
            relationships: (tagNames.length
              ? { tags: { set: tagNames.map((n) => tags[n]!) } }
              : {}) as Record<string, { set: number[] }>,
          })),
        ),
      );
      report = (def) =>
        createReport(t.admin, {
          rootTypeId: fruit.typeId,
          columns: [
            fieldColumn('name', 100),
            fieldColumn('kind', fruit.fieldIds.kind!),
            fieldColumn('ripe', fruit.fieldIds.ripe!),
            fieldColumn('count', fruit.fieldIds.count!),
            fieldColumn('picked', fruit.fieldIds.picked!),
            relColumn('tags', tagRel),
          ],
          sorts: [{ columnId: 'name', order: 'Ascending' }],
          ...def,
        });
    });
    const fo = (keys: string[]) => keys.map((k) => f[k]!);
    const headers = (body: { rdata: Array<{ hdrs: Array<{ val?: unknown }>; count: number }> }) =>
      body.rdata.map((g) => [...g.hdrs.map((h) => h.val), g.count]);

    it('text groups in case-insensitive order, rows in the same order as the groups', async () => {
      const id = await report({ groups: [{ columnId: 'kind', order: 'Ascending' }] });
      const body = await runOk(t.admin, id, {});
      const hdrs = headers(body);
      // Blank first, then apple/Apple, Banana/banana, cherry: each spelling is its own group.
      expect(hdrs[0]).toEqual([null, 1]);
      expect(hdrs.slice(1, 3).map((h) => String(h[0]).toLowerCase())).toEqual(['apple', 'apple']);
      expect(hdrs.slice(3, 5).map((h) => String(h[0]).toLowerCase())).toEqual(['banana', 'banana']);
      expect(hdrs[5]).toEqual(['cherry', 1]);
      // Each row lies in the group shown at its position.
      const kindOf = new Map([
        [f.f1, 'apple'],
        [f.f2, 'Banana'],
        [f.f3, 'cherry'],
        [f.f4, 'Apple'],
        [f.f5, 'banana'],
        [f.f6, null],
      ]);
      expect(rowIds(body).map((r) => kindOf.get(r))).toEqual(hdrs.map((h) => h[0]));
      const desc = await runOk(
        t.admin,
        await report({ groups: [{ columnId: 'kind', order: 'Descending' }] }),
        {},
      );
      expect(rowIds(desc).map((r) => kindOf.get(r))).toEqual(headers(desc).map((h) => h[0]));
      expect(headers(desc).at(-1)).toEqual([null, 1]);
      expect(headers(desc)[0]).toEqual(['cherry', 1]);
    });

    it('yes/no, number and date groups answer JSON values', async () => {
      const ripe = await runOk(
        t.admin,
        await report({ groups: [{ columnId: 'ripe', order: 'Ascending' }] }),
        {},
      );
      expect(headers(ripe)).toEqual([
        [null, 1],
        [false, 2],
        [true, 3],
      ]);
      expect(rowIds(ripe)).toEqual(fo(['f3', 'f2', 'f6', 'f1', 'f4', 'f5']));
      const count = await runOk(
        t.admin,
        await report({ groups: [{ columnId: 'count', order: 'Descending' }] }),
        {},
      );
      expect(headers(count)).toEqual([
        [3, 2],
        [2, 1],
        [1, 2],
        [null, 1],
      ]);
      expect(rowIds(count)).toEqual(fo(['f1', 'f3', 'f6', 'f2', 'f5', 'f4']));
      const picked = await runOk(
        t.admin,
        await report({ groups: [{ columnId: 'picked', order: 'Ascending' }] }),
        {},
      );
      expect(headers(picked)).toEqual([
        [null, 1],
        ['2025-01-01', 2],
        ['2025-01-02', 2],
        ['2025-01-03', 1],
      ]);
    });

    it('two levels of groups, rows ordered by both', async () => {
      const body = await runOk(
        t.admin,
        await report({
          groups: [
            { columnId: 'ripe', order: 'Descending' },
            { columnId: 'count', order: 'Ascending' },
          ],
          aggregates: [{ columnId: 'count', kinds: ['Sum'] }],
        }),
        {},
      );
      expect(headers(body)).toEqual([
        [true, null, 1],
        [true, 1, 1],
        [true, 3, 1],
        [false, 1, 1],
        [false, 2, 1],
        [null, 3, 1],
      ]);
      expect(rowIds(body)).toEqual(fo(['f4', 'f5', 'f1', 'f2', 'f6', 'f3']));
      expect(
        body.rdata.map((g: { aggs: { count: Array<{ value: unknown }> } }) => g.aggs.count[0]!.value),
      ).toEqual([null, 1, 3, 1, 2, 3]);
    });

    it('answers 400 for a group by a relationship to many records', async () => {
      const res = await runReport(
        t.admin,
        await report({ groups: [{ columnId: 'tags', order: 'Ascending' }] }),
        {},
      );
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    });

    it('counts and sorts by a relationship to many records', async () => {
      const body = await runOk(
        t.admin,
        await report({ aggregates: [{ columnId: 'tags', kinds: ['Count', 'CountAll'] }] }),
        {
          sort: [
            { colid: 'tags', order: 'Ascending' },
            { colid: 'name', order: 'Ascending' },
          ],
        },
      );
      // By the first tag name, case-insensitively: none (f3, f5), Sour (f4, f6), sweet (f1, and f2 whose
      // first name is Sour).
      expect(rowIds(body)).toEqual(fo(['f3', 'f5', 'f2', 'f4', 'f6', 'f1']));
      expect(body.total.aggs.tags).toEqual([
        { kind: 'Count', value: 4 },
        { kind: 'CountAll', value: 6 },
      ]);
      const f2 = body.gdata.find((r: { eid: number }) => r.eid === f.f2);
      expect(f2.values[5]).toEqual({
        vals: [
          { eid: tags.Sour, val: 'Sour' },
          { eid: tags.sweet, val: 'sweet' },
        ],
      });
    });
  });

  describe('result limit (top N)', () => {
    // By amount, high to low, blanks last: d5 1000, d8 333.33, d2 250.5, d1 100, d3 75.25, d6 40, d7 40, d4.
    it('limits rows and totals to the top N', async () => {
      const body = await runOk(t.admin, flat, { limitOperator: 'ResultLimit', limitValue: 3 });
      expect(rowIds(body)).toEqual(of(['d5', 'd8', 'd2']));
      expect(body.total.count).toBe(3);
      expect(body.total.aggs.amount).toEqual(expectedAggs(dealsOf(['d5', 'd8', 'd2'])).amount);
      expect(body.meta.limit).toBe(3);
    });

    it('pages within the top N', async () => {
      const page2 = await runOk(t.admin, flat, {
        limitOperator: 'ResultLimit',
        limitValue: 3,
        startIndex: 2,
        pageSize: 2,
      });
      expect(rowIds(page2)).toEqual(of(['d2']));
      const page3 = await runOk(t.admin, flat, {
        limitOperator: 'ResultLimit',
        limitValue: 3,
        startIndex: 4,
        pageSize: 2,
      });
      expect(rowIds(page3)).toEqual([]);
      expect(page3.total.count).toBe(3);
    });

    it('coerces a limit of zero or less to 1 (spec 02 §5)', async () => {
      for (const limitValue of [0, -5]) {
        const body = await runOk(t.admin, flat, { limitOperator: 'ResultLimit', limitValue });
        expect(rowIds(body)).toEqual(of(['d5']));
        expect(body.total.count).toBe(1);
      }
    });

    it('limits groups and their aggregates to the top N rows as shown', async () => {
      const body = await runOk(t.admin, byRegion, { limitOperator: 'ResultLimit', limitValue: 4 });
      // The first four rows in group order: d5 | d8 d6 | d2.
      expect(rowIds(body)).toEqual(of(['d5', 'd8', 'd6', 'd2']));
      expect(
        body.rdata.map((g: { hdrs: Array<{ val: unknown }>; count: number }) => [g.hdrs[0]!.val, g.count]),
      ).toEqual([
        [null, 1],
        ['East', 2],
        ['North', 1],
      ]);
      expect(body.rdata[1].aggs.amount).toEqual(expectedAggs(dealsOf(['d8', 'd6'])).amount);
      expect(body.total.count).toBe(4);
      expect(body.total.aggs.qty).toEqual(expectedAggs(dealsOf(['d5', 'd8', 'd6', 'd2'])).qty);
    });

    it('uses the stored limit unless the query gives one, and isReset restores it', async () => {
      const limited = await createReport(t.admin, {
        rootTypeId: dealTypeId,
        columns: [fieldColumn('name', 100)],
        sorts: [{ columnId: 'name', order: 'Descending' }],
        limit: 2,
      });
      expect(rowIds(await runOk(t.admin, limited, {}))).toEqual(of(['d8', 'd7']));
      expect(rowIds(await runOk(t.admin, limited, { limitOperator: 'ResultLimit', limitValue: 3 }))).toEqual(
        of(['d8', 'd7', 'd6']),
      );
      expect(
        rowIds(await runOk(t.admin, limited, { limitOperator: 'ResultLimit', limitValue: 3, isReset: true })),
      ).toEqual(of(['d8', 'd7']));
    });
  });
});
