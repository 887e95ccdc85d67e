import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRelationship, defineType } from '../support/crmSchema.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';
import { createReport, fieldColumn, putRecords, rowIds, runOk } from './reportSupport.js';

// Many calls per engine, on a machine other suites share.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const NAME = 100;

/** The deals the tests put: name, amount, account (by key) and tier. */
const deals: Array<[string, number, string | null, string | null]> = [
  ['d01', 10, 'gamma', 'Gold'],
  ['d02', 20, 'alpha', 'Silver'],
  ['d03', 30, null, 'Gold'],
  ['d04', 40, 'beta', null],
  ['d05', 50, 'alpha', 'Gold'],
  ['d06', 60, 'gamma', 'Gold'],
  ['d07', 70, 'beta', 'Silver'],
  ['d08', 80, 'alpha', 'Gold'],
  ['d09', 90, null, null],
  ['d10', 100, 'gamma', 'Silver'],
  ['d11', 110, 'alpha', 'Silver'],
];
const accounts: Record<string, { name: string; size: number }> = {
  // Lowercase: groups order case-insensitively, not by code point.
  alpha: { name: 'alpha', size: 3 },
  beta: { name: 'Beta', size: 1 },
  gamma: { name: 'Gamma', size: 2 },
};

/** Calculations that read through the link (and a literal each: bound as parameters in SQL). */
const calcs = {
  accountName: "[account].[name] & ''",
  accountSize: '[account].[size] * 10',
  tierTag: "[tier] & '-'",
};

type Value = string | number | null;

/** Compares group values as the report orders them: blanks lowest, text case-insensitively. */
function compareValues(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a).toLowerCase(), String(b).toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Grouping by a calculated field that reads through a link, on both engines: the groups, their
 * counts and totals, the grand total, a result limit and each group's Load more, compared with
 * what the calculations give record by record on the server (the calculation engine, not SQL).
 */
describe.each(engines)('groups by a calculation through a link, on %s', (engine) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  /** Per deal: its amount and each calculation's value, as the calculation engine gives them. */
  const values = new Map<string, { amount: number } & Record<keyof typeof calcs, Value>>();
  const reports: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(engine);
    const account = await defineType(t.admin, 'Account', [{ name: 'Size', script: 'size', type: 'Number' }]);
    const deal = await defineType(t.admin, 'Deal', [
      { name: 'Amount', script: 'amount', type: 'Currency' },
      { name: 'Tier', script: 'tier', type: 'Text' },
    ]);
    await defineRelationship(t.admin, 'lookup', deal.typeId, account.typeId, 'account', 'deals');
    const fields = await putRecords(
      t.admin,
      Object.entries(calcs).map(([script, calculation]) => ({
        id: `new:${script}`,
        typeId: 'core:field',
        fields: {
          name: script,
          fieldScriptName: script,
          fieldType: 'Calculation',
          fieldCalculation: calculation,
        },
        relationships: { fieldIsOnType: { set: [deal.typeId] } },
      })),
    );
    Object.assign(
      ids,
      await putRecords(
        t.admin,
        Object.entries(accounts).map(([key, a]) => ({
          id: `new:${key}`,
          typeId: account.typeId,
          fields: { name: a.name, size: a.size },
        })),
      ),
    );
    for (const [name, amount, acct, tier] of deals) {
      Object.assign(
        ids,
        await putRecords(t.admin, [
          {
            id: `new:${name}`,
            typeId: deal.typeId,
            fields: { name, amount, tier },
            relationships: acct ? { account: { set: [ids[acct]!] } } : {},
          },
        ]),
      );
    }
    for (const [name, amount] of deals) {
      const row = { amount } as { amount: number } & Record<keyof typeof calcs, Value>;
      for (const [script, expr] of Object.entries(calcs)) {
        const res = await t.admin.post('/spapi/data/v1/calceditor/eval', { expr, context: ids[name] });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        row[script as keyof typeof calcs] = (res.body.value ?? null) as Value;
      }
      values.set(name, row);
    }

    const columns = [
      fieldColumn('name', NAME),
      fieldColumn('amount', deal.fieldIds.amount!),
      ...Object.keys(calcs).map((script) => fieldColumn(script, fields[script]!)),
    ];
    const base = {
      rootTypeId: deal.typeId,
      columns,
      sorts: [{ columnId: 'name', order: 'Ascending' }],
      aggregates: [
        { columnId: 'amount', kinds: ['Sum', 'Max', 'Count'] },
        { columnId: 'accountName', kinds: ['Count', 'CountUnique'] },
        { columnId: 'accountSize', kinds: ['Sum'] },
      ],
      showGrandTotals: true,
      showCount: true,
    };
    reports.byName = await createReport(t.admin, {
      ...base,
      groups: [{ columnId: 'accountName', order: 'Ascending' }],
    });
    reports.byNameDesc = await createReport(t.admin, {
      ...base,
      groups: [{ columnId: 'accountName', order: 'Descending' }],
    });
    reports.bySizeAndTier = await createReport(t.admin, {
      ...base,
      groups: [
        { columnId: 'accountSize', order: 'Descending' },
        { columnId: 'tierTag', order: 'Ascending' },
      ],
    });
  });
  afterAll(() => t?.close());

  /** The groups a report of `keys` should answer: values, deals (by name) and totals, in order. */
  const expectedGroups = (
    keys: ReadonlyArray<readonly [keyof typeof calcs, 'Ascending' | 'Descending']>,
    only?: string[],
  ) => {
    const names = (only ?? deals.map((d) => d[0])).slice().sort();
    const byKey = new Map<string, { vals: Value[]; names: string[] }>();
    for (const name of names) {
      const v = values.get(name)!;
      const vals = keys.map(([k]) => v[k]);
      const id = JSON.stringify(vals);
      if (!byKey.has(id)) byKey.set(id, { vals, names: [] });
      byKey.get(id)!.names.push(name);
    }
    return [...byKey.values()].sort((a, b) => {
      for (const [i, [, order]] of keys.entries()) {
        const c = compareValues(a.vals[i]!, b.vals[i]!);
        // Blanks are lowest ascending, last descending (NULLS FIRST / NULLS LAST).
        if (c !== 0) return order === 'Ascending' ? c : a.vals[i] === null ? 1 : b.vals[i] === null ? -1 : -c;
      }
      return 0;
    });
  };

  const aggsOf = (names: string[]) => {
    const rows = names.map((n) => values.get(n)!);
    const present = (k: keyof typeof calcs) =>
      rows.map((r) => r[k]).filter((v): v is string | number => v !== null && v !== '');
    const sizes = present('accountSize').map(Number);
    return {
      amount: [
        { kind: 'Sum', value: rows.reduce((s, r) => s + r.amount, 0) },
        { kind: 'Max', value: Math.max(...rows.map((r) => r.amount)) },
        { kind: 'Count', value: rows.length },
      ],
      accountName: [
        { kind: 'Count', value: present('accountName').length },
        {
          kind: 'CountUnique',
          value: new Set(present('accountName')).size + (present('accountName').length < rows.length ? 1 : 0),
        },
      ],
      accountSize: [{ kind: 'Sum', value: sizes.length === 0 ? null : sizes.reduce((s, n) => s + n, 0) }],
    };
  };

  const headerValue = (v: Value) => (v === null ? null : v);

  it.each([
    ['byName', [['accountName', 'Ascending']]],
    ['byNameDesc', [['accountName', 'Descending']]],
    [
      'bySizeAndTier',
      [
        ['accountSize', 'Descending'],
        ['tierTag', 'Ascending'],
      ],
    ],
  ] as const)('%s: groups, counts, totals and rows in the order of their groups', async (report, keys) => {
    const body = await runOk(t.admin, reports[report]!, { pageSize: 100 });
    const groups = expectedGroups(keys);
    expect(groups.length).toBeGreaterThan(2);
    expect(body.rdata.map((g: { hdrs: Array<{ val: unknown }> }) => g.hdrs.map((h) => h.val))).toEqual(
      groups.map((g) => g.vals.map(headerValue)),
    );
    expect(body.rdata.map((g: { count: number }) => g.count)).toEqual(groups.map((g) => g.names.length));
    for (const [i, g] of groups.entries()) expect(body.rdata[i].aggs, `group ${i}`).toEqual(aggsOf(g.names));
    expect(body.total.count).toBe(deals.length);
    expect(body.total.aggs).toEqual(aggsOf(deals.map((d) => d[0])));
    expect(rowIds(body)).toEqual(groups.flatMap((g) => g.names.map((n) => ids[n])));
  });

  it("loads more of each group: the group's rows by name, from any start", async () => {
    for (const report of ['byName', 'bySizeAndTier'] as const) {
      const first = await runOk(t.admin, reports[report]!, { pageSize: 1 });
      const all = await runOk(t.admin, reports[report]!, { metadata: 'none', pageSize: 100 });
      let before = 0;
      for (const bucket of first.rdata as Array<{ hdrs: unknown[]; count: number }>) {
        const keys = JSON.stringify(bucket.hdrs);
        const theirs = rowIds(all).slice(before, before + bucket.count);
        before += bucket.count;
        for (const start of [0, 1]) {
          const more = await runOk(t.admin, reports[report]!, {
            metadata: 'none',
            pageSize: 2,
            group: { values: bucket.hdrs, startIndex: start },
          });
          expect(rowIds(more), `${report} ${keys} from ${start}`).toEqual(theirs.slice(start, start + 2));
        }
      }
      // An outer group across its inner groups.
      if (report === 'bySizeAndTier') {
        const outer = (first.rdata as Array<{ hdrs: Array<{ val: unknown }> }>)[0]!.hdrs[0]!;
        const names = expectedGroups([
          ['accountSize', 'Descending'],
          ['tierTag', 'Ascending'],
        ])
          .filter((g) => g.vals[0] === outer.val)
          .flatMap((g) => g.names);
        const more = await runOk(t.admin, reports[report]!, {
          metadata: 'none',
          pageSize: 100,
          group: { values: [outer], startIndex: 0 },
        });
        expect(rowIds(more)).toEqual(names.map((n) => ids[n]));
      }
    }
  });

  it('keeps to the top N under a result limit, and to the matching records under a condition', async () => {
    // The top 5 rows of the report's order: its groups', then by name.
    const top = expectedGroups([['accountName', 'Ascending']])
      .flatMap((g) => g.names)
      .slice(0, 5);
    const limited = await runOk(t.admin, reports.byName!, {
      pageSize: 100,
      limitOperator: 'ResultLimit',
      limitValue: 5,
    });
    const groups = expectedGroups([['accountName', 'Ascending']], top);
    expect(limited.rdata.map((g: { count: number }) => g.count)).toEqual(groups.map((g) => g.names.length));
    for (const [i, g] of groups.entries()) expect(limited.rdata[i].aggs).toEqual(aggsOf(g.names));
    expect(limited.total.aggs).toEqual(aggsOf(top));

    const name = values.get('d02')!.accountName;
    const matching = deals.map((d) => d[0]).filter((n) => values.get(n)!.accountName === name);
    const conds = [{ expid: 'accountName', oper: 'Equal', value: name }];
    const filtered = await runOk(t.admin, reports.bySizeAndTier!, { pageSize: 100, conds });
    const sub = expectedGroups(
      [
        ['accountSize', 'Descending'],
        ['tierTag', 'Ascending'],
      ],
      matching,
    );
    expect(filtered.rdata.map((g: { count: number }) => g.count)).toEqual(sub.map((g) => g.names.length));
    expect(filtered.total.aggs).toEqual(aggsOf(matching));
  });
});
