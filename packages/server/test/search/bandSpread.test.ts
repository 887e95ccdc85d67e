import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bandSpreadTask, packedBands, spreadStep } from '../../src/data/search/bandSpread.js';
import { BAND_SIZE, blockLimit, MIN_STEP, moveRecords } from '../../src/data/search/searchOrder.js';
import { statementsRun } from '../../src/db/groupCommit.js';
import { putRecords } from '../reports/reportSupport.js';
import { defineType } from '../support/crmSchema.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const RECORDS = 5000;

/** Decision 0151: spreads climb no higher than their band needs, and packed bands are spread. */
describe('blockLimit', () => {
  it('allows each level a lower density than the level below, up to the whole band', () => {
    for (const records of [0, 5000, 100_000, 1_000_000, 4_000_000]) {
      let density = 1;
      for (let level = 1; level <= Math.log2(BAND_SIZE); level++) {
        const next = blockLimit(2 ** level, records) / 2 ** level;
        expect(next, `level ${level} of a band of ${records}`).toBeLessThan(density);
        density = next;
      }
      // The whole band holds them all, and one more.
      expect(blockLimit(BAND_SIZE, records)).toBeGreaterThanOrEqual(records + 1);
    }
  });

  it('keeps the density of one in 4,096 positions for the largest bands', () => {
    expect(blockLimit(BAND_SIZE, 2 ** 23)).toBe(BAND_SIZE / MIN_STEP);
  });
});

describe('packed bands of the search index in name order (SQLite)', () => {
  let t: TestApp;
  let typeId: number;
  let band: number;
  const db = () => t.services.db;

  /** The band's records in position order, with their names' keys. */
  const placed = async () =>
    (
      await sql<{ pos: number; entity_id: number; sort_key: string }>`SELECT pos, entity_id, sort_key
        FROM search_order WHERE band = ${band} ORDER BY pos`.execute(db())
    ).rows;
  /** Records in name order, each with its document at its position and no other document in the band. */
  const expectInOrder = async (count: number) => {
    const rows = await placed();
    expect(rows).toHaveLength(count);
    const keys = rows.map((r) => `${r.sort_key}\u0000${String(r.entity_id).padStart(12, '0')}`);
    expect(keys).toEqual([...keys].sort());
    const docs = await sql<{ rowid: number }>`SELECT rowid FROM entity_search_ordered
      WHERE entity_search_ordered MATCH '"spreadable"' AND rowid >= ${band * BAND_SIZE}
      AND rowid < ${(band + 1) * BAND_SIZE} ORDER BY rowid`.execute(db());
    expect(docs.rows.map((r) => Number(r.rowid))).toEqual(rows.map((r) => Number(r.pos)));
    return rows;
  };
  /** Packs the band's records `step` apart from `start` on, as an import leaves them. */
  const pack = (start: number, step: number) =>
    moveRecords(
      db(),
      t.tenantId,
      band * BAND_SIZE,
      (band + 1) * BAND_SIZE,
      (rank) => sql`${start} + ${step} * ${rank}`,
    );

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    ({ typeId } = await defineType(t.admin, 'Packed', []));
    for (let start = 0; start < RECORDS; start += 1000)
      await putRecords(
        t.admin,
        Array.from({ length: 1000 }, (_, k) => ({
          id: `new:p${k}`,
          typeId,
          // Names out of order, as a seed of many interleaved runs writes them.
          fields: { name: `spreadable ${((start + k) * 7919) % RECORDS}` },
        })),
      );
    band = Number(
      (
        await sql<{
          band: number;
        }>`SELECT band FROM search_bands WHERE tenant_id = ${t.tenantId} AND type_id = ${typeId}`.execute(
          db(),
        )
      ).rows[0]!.band,
    );
    await pack(band * BAND_SIZE + BAND_SIZE / 2, 1024);
    await expectInOrder(RECORDS);
  });
  afterAll(() => t.close());

  it('spreads a packed band out a step at a time, records written between steps included', async () => {
    const passes = (await packedBands(db())).passes.filter((p) => p.band === band);
    expect(passes).toHaveLength(1);
    const pass = passes[0]!;
    let steps = 0;
    let written = 0;
    while (await spreadStep(db(), pass)) {
      steps++;
      // A record written mid-pass: among the moved ones, the packed ones or between the two.
      if (steps % 3 === 1) {
        written++;
        await putRecords(t.admin, [
          { id: 'new:m', typeId, fields: { name: `spreadable ${written * 997}x` } },
        ]);
      }
    }
    expect(steps).toBeGreaterThanOrEqual(RECORDS / 500 - 1);
    const rows = await expectInOrder(RECORDS + written);
    // Now far apart: a run of creates anywhere finds room without moving its neighbours.
    const gaps = rows.slice(1).map((r, i) => Number(r.pos) - Number(rows[i]!.pos));
    expect(Math.min(...gaps)).toBeGreaterThan(64 * MIN_STEP);
    expect((await packedBands(db())).passes.filter((p) => p.band === band)).toEqual([]);
  });

  it('is the idle upkeep’s task, which reads the positions again only after rows are written', async () => {
    const task = bandSpreadTask(db());
    await pack(band * BAND_SIZE + BAND_SIZE / 4, 2048);
    while (await task(() => false));
    const spread = await expectInOrder((await placed()).length);
    expect(Number(spread.at(-1)!.pos) - Number(spread[0]!.pos)).toBeGreaterThan(BAND_SIZE / 4);
    // No rows written since: the next look is one statement, reading no positions.
    const before = statementsRun(db())!;
    expect(await task(() => false)).toBe(false);
    expect(statementsRun(db())! - before).toBe(1);
  });

  it('spreads for a while a look and goes on at the next, so the upkeep’s other work runs between', async () => {
    // Looks of no time at all: a step each.
    const task = bandSpreadTask(db(), 0);
    await pack(band * BAND_SIZE + BAND_SIZE / 8, 2048);
    const records = (await placed()).length;
    let looks = 1;
    while (await task(() => false)) looks++;
    // A step of 500 records a look, the pass kept from look to look.
    expect(looks).toBeGreaterThanOrEqual(Math.floor(records / 500));
    const spread = await expectInOrder(records);
    expect(Number(spread.at(-1)!.pos) - Number(spread[0]!.pos)).toBeGreaterThan(BAND_SIZE / 4);
  });
});
