import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BAND_SIZE, sortKeyOf } from '../../src/data/search/searchOrder.js';
import { mergeSearchIndexes } from '../../src/db/idleUpkeep.js';
import { up as createSearchOrder } from '../../src/db/migrations/010_search_order.js';
import { createReport, fieldColumn, putRecords, rowIds, runOk } from '../reports/reportSupport.js';
import { defineType } from '../support/crmSchema.js';
import { engines, startTestApp, type TestApp } from '../support/testApp.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const NAME = 100;

/** A word in one record's document only: `zqx12zq` is in no other `zqx…zq`. */
const token = (i: number) => `zqx${i}zq`;

/** Decision 0031: the quick-search index in name order, its upkeep and the searches it serves. */
describe('the search index in name order (SQLite)', () => {
  let t: TestApp;
  let typeId: number;
  const names = new Map<number, string>();
  const tokens = new Map<number, string>();
  let made = 0;

  const add = async (name: string) => {
    const i = made++;
    const ids = await putRecords(t.admin, [
      { id: `new:r${i}`, typeId, fields: { name, note: `note ${token(i)}` } },
    ]);
    names.set(ids[`r${i}`]!, name);
    tokens.set(ids[`r${i}`]!, token(i));
    return ids[`r${i}`]!;
  };
  const rows = async () =>
    (
      await sql<{ pos: number; entity_id: number; sort_key: string; band: number }>`
        SELECT pos, entity_id, sort_key, band FROM search_order WHERE tenant_id = ${t.tenantId} AND entity_id IN (${sql.join([...names.keys()])})
        ORDER BY pos`.execute(t.services.db)
    ).rows;
  const positionOf = async (id: number) => (await rows()).find((r) => r.entity_id === id)?.pos;

  /** Every record once, in name order, and its document at its position and nowhere else. */
  const expectInOrder = async () => {
    const found = await rows();
    expect(found.map((r) => r.entity_id).sort()).toEqual([...names.keys()].sort());
    const byKey = [...found].sort((a, b) =>
      a.sort_key === b.sort_key ? a.entity_id - b.entity_id : a.sort_key < b.sort_key ? -1 : 1,
    );
    expect(found.map((r) => r.entity_id)).toEqual(byKey.map((r) => r.entity_id));
    // The key as SQLite's lower() makes it, which the reports' name order uses.
    const stored = await sql<{
      id: number;
      key: string;
    }>`SELECT id, CASE WHEN name IS NULL THEN '' ELSE char(1) || lower(name) END AS key
      FROM entities WHERE tenant_id = ${t.tenantId} AND id IN (${sql.join([...names.keys()])})`.execute(
      t.services.db,
    );
    const keys = new Map(stored.rows.map((r) => [r.id, r.key]));
    for (const r of found)
      expect([r.sort_key, sortKeyOf(names.get(r.entity_id) || null)]).toEqual([
        keys.get(r.entity_id),
        r.sort_key,
      ]);
    const band = found[0]!.band;
    expect(new Set(found.map((r) => r.band))).toEqual(new Set([band]));
    for (const r of found) {
      const at = await sql<{ rowid: number }>`SELECT rowid FROM entity_search_ordered
        WHERE entity_search_ordered MATCH ${`"${tokens.get(r.entity_id)}"`}`.execute(t.services.db);
      expect(at.rows.map((x) => x.rowid)).toEqual([r.pos]);
    }
    const all = await sql<{ n: number }>`SELECT count(*) AS n FROM entity_search_ordered
      WHERE entity_search_ordered MATCH '"zqx"' AND rowid > ${band * BAND_SIZE} AND rowid < ${(band + 1) * BAND_SIZE}`.execute(
      t.services.db,
    );
    expect(Number(all.rows[0]!.n)).toBe(found.length);
  };

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    ({ typeId } = await defineType(t.admin, 'Thing', [{ name: 'Note', script: 'note', type: 'Text' }]));
  });
  afterAll(() => t.close());

  it('keeps each record at a position in name order, spreading positions out when none is left between two', async () => {
    const placed = new Map<number, number | undefined>();
    const record = async (name: string) => {
      const id = await add(name);
      placed.set(id, await positionOf(id));
    };
    await record('L');
    // Each name sorts between the last two written (binary fractions halving towards a third):
    // placed a thirty-second of the gap from the newer one, as a run's next record is, each lands in
    // the small gap the one before left, and room runs out within a few.
    for (let k = 1; k <= 30; k++) await record(`M ${'01'.repeat(k).slice(0, k - 1)}1`);
    const now = await rows();
    expect(now.filter((r) => placed.get(r.entity_id) !== r.pos).length).toBeGreaterThan(0);
    await add('Émile');
    await add('zoe');
    await add('ZOE');
    await add('');
    await expectInOrder();
  });

  it('leaves room for a run of records written in name order, in either direction', async () => {
    // A type of its own, so the run's gap is only its own.
    const { typeId: runType } = await defineType(t.admin, 'Run', []);
    const put = async (name: string) => {
      const ids = await putRecords(t.admin, [{ id: 'new:r', typeId: runType, fields: { name } }]);
      return ids.r!;
    };
    const positions = async () =>
      (
        await sql<{ pos: number; entity_id: number; sort_key: string }>`SELECT o.pos, o.entity_id, o.sort_key
          FROM search_order o JOIN entities e ON e.tenant_id = o.tenant_id AND e.id = o.entity_id
          WHERE o.tenant_id = ${t.tenantId} AND e.type_id = ${runType} ORDER BY o.pos`.execute(t.services.db)
      ).rows;
    // Where each record was first placed: none of them should have to move.
    const placed = new Map<number, number>();
    const write = async (name: string) => {
      const id = await put(name);
      placed.set(id, (await positions()).find((r) => r.entity_id === id)!.pos);
    };
    // Each run starts in the gap beside the record written last (P, then T), 65,536 positions wide:
    // halving it each time would run out after 16 records.
    await write('Q');
    await write('P');
    for (let i = 1; i <= 60; i++) await write(`P ${String(i).padStart(3, '0')}`);
    await write('R');
    await write('T');
    for (let i = 60; i >= 1; i--) await write(`Rz ${String(i).padStart(3, '0')}`);
    const after = await positions();
    expect(after).toHaveLength(124);
    const keys = after.map((r) => r.sort_key);
    expect(keys).toEqual([...keys].sort());
    expect(after.filter((r) => placed.get(r.entity_id) !== r.pos)).toEqual([]);
  });

  it('moves a renamed record and drops a deleted one', async () => {
    const ids = [...names.keys()];
    const renamed = ids[5]!;
    const res = await t.admin.put([{ id: renamed, fields: { name: 'Aardvark' } }]);
    expect(res.status).toBe(200);
    names.set(renamed, 'Aardvark');
    const gone = ids[7]!;
    expect((await t.admin.put([], [gone])).status).toBe(200);
    names.delete(gone);
    const kept = ids[9]!;
    expect((await t.admin.put([{ id: kept, fields: { note: `changed ${tokens.get(kept)}` } }])).status).toBe(
      200,
    );
    await expectInOrder();
  });

  it('stays in order through random creates, renames and deletes', async () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * n);
    };
    const word = () => ['k', 'K', 'ka', 'kb', 'Kz', 'k 1', 'k 10', 'k 2'][random(8)]!;
    for (let i = 0; i < 150; i++) {
      const ids = [...names.keys()];
      const roll = random(10);
      if (roll < 6) await add(`${word()} ${random(5)}`);
      else if (roll < 9) {
        const id = ids[random(ids.length)]!;
        const name = `${word()}${word()}`;
        expect((await t.admin.put([{ id, fields: { name } }])).status).toBe(200);
        names.set(id, name);
      } else {
        const id = ids[random(ids.length)]!;
        expect((await t.admin.put([], [id])).status).toBe(200);
        names.delete(id);
      }
    }
    await expectInOrder();
  });

  it('merges the levels of both indexes left half merged, finding the same records', async () => {
    const db = t.services.db;
    const dataRows = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT (SELECT count(*) FROM entity_search_data) + (SELECT count(*) FROM entity_search_ordered_data) AS n`.execute(
            db,
          )
        ).rows[0]!.n,
      );
    const before = await dataRows();
    await mergeSearchIndexes(db as Kysely<unknown>);
    expect(await dataRows()).toBeLessThan(before);
    await expectInOrder();
    // Nothing is left: a step changes at most its own row.
    const { rows } = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db);
    await sql`INSERT INTO entity_search_ordered (entity_search_ordered, rank) VALUES ('merge', 100)`.execute(
      db,
    );
    const after = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db);
    expect(after.rows[0]!.n - rows[0]!.n).toBeLessThan(2);
  });

  it('places the records already stored when the index is made', async () => {
    const db = t.services.db;
    for (const table of ['search_order', 'search_bands', 'entity_search_ordered'])
      await sql`DROP TABLE ${sql.table(table)}`.execute(db);
    await createSearchOrder(db as Kysely<unknown>, 'sqlite');
    await expectInOrder();
    await add('M 0745');
    await expectInOrder();
  });
});

describe.each(engines)('a quick search sorted by name on %s', (engine) => {
  let t: TestApp;
  let item: { typeId: number; fieldIds: Record<string, number> };
  let reports: { up: number; down: number };
  const names = [
    'beta one',
    'Alpha',
    'alpha two',
    'ALPHA 100%',
    'gamma_alpha',
    'al"pha',
    'Zeta',
    'Ålpha',
    'delta',
  ];

  beforeAll(async () => {
    t = await startTestApp(engine);
    item = await defineType(t.admin, 'Item', [{ name: 'Note', script: 'note', type: 'Text' }]);
    await putRecords(
      t.admin,
      Array.from({ length: 90 }, (_, i) => ({
        id: `new:i${i}`,
        typeId: item.typeId,
        fields: {
          name: `${names[i % names.length]} ${i % 7}`,
          note: i % 4 === 0 ? 'an omega note' : 'plain',
        },
      })),
    );
    const definition = (order: string) => ({
      rootTypeId: item.typeId,
      columns: [fieldColumn('name', NAME), fieldColumn('note', item.fieldIds.note!)],
      sorts: [{ columnId: 'name', order }],
    });
    reports = {
      up: await createReport(t.admin, definition('Ascending')),
      down: await createReport(t.admin, definition('Descending')),
    };
  });
  afterAll(() => t.close());

  /** Every page of a search, 5 rows at a time. */
  const pages = async (report: number, query: Record<string, unknown>) => {
    const all: number[] = [];
    for (let start = 0; start < 100; start += 5) {
      const page = rowIds(await runOk(t.admin, report, { ...query, startIndex: start, pageSize: 5 }));
      all.push(...page);
      if (page.length < 5) break;
    }
    return all;
  };

  it.each(['alph', 'ALPHA 1', '100%', 'a_al', 'l"ph', 'lpha two 3'])(
    'finds %j in the order of the same report filtered on the name, both ways',
    async (term) => {
      for (const report of [reports.up, reports.down]) {
        const searched = await pages(report, { quickSearch: term });
        const filtered = await pages(report, { conds: [{ expid: 'name', oper: 'Contains', value: term }] });
        expect(searched).toEqual(filtered);
      }
    },
  );

  it('finds records by text outside the name, in name order', async () => {
    const searched = await pages(reports.up, { quickSearch: 'omega' });
    const filtered = await pages(reports.up, {
      conds: [{ expid: 'note', oper: 'Contains', value: 'omega' }],
    });
    expect(searched).toHaveLength(23);
    expect(searched).toEqual(filtered);
  });
});
