import { sql } from 'kysely';
import { giveWay, totalChanges, type UpkeepTask } from '../../db/idleUpkeep.js';
import type { Db } from '../../db/tables.js';
import type { Executor } from '../executor.js';
import { BAND_SIZE, MIN_STEP, moveRecords } from './searchOrder.js';

/**
 * Bands of the name-ordered search index whose records are packed, spread out by the idle upkeep a
 * step at a time (decision 0151). Records written many at a time (an import, a seed) fill the
 * gaps between their neighbours down to the closest spacing spreads allow, one in
 * {@link MIN_STEP} positions; a spread there then climbs to a block of tens of thousands of records
 * and holds the connection for a second in the middle of someone's write.
 */

/** Bands with fewer records are left alone: a spread of all of them is short. */
const MIN_RECORDS = 4096;
/** Records a step moves: about 10 ms, so a request waits at most one. */
const RECORDS_PER_STEP = 500;
/**
 * Rows written between two looks for packed bands, at least; and at least a tenth of the records
 * the last look read, as a look reads every record's position (200 ms at a million).
 */
const WRITES_PER_LOOK = 1000;
/**
 * The most time one look of the upkeep spends spreading, pauses included: a spread of a hundred
 * thousand records takes minutes on a busy server, and the upkeep's other work (the planner's
 * statistics after an import) runs only between looks.
 */
const MS_PER_LOOK = 1000;

/** A band being spread: its records below `frontier` are still where they were. */
interface BandPass {
  band: number;
  tenantId: number;
  frontier: number;
  /** The spacing the moved records get. */
  step: number;
}

/**
 * The bands whose records lie on average closer than {@link MIN_STEP} positions apart, each with
 * its pass (every record moved, from the last down, into the room above the last, evenly), and
 * how many records all bands hold. The positions are counted by band through the band's index
 * before the bands' tenants are joined: joined first, every position looked its band up and the
 * counts took a sort (19 against 6 ms at 100,000 records, holding the connection).
 */
export async function packedBands(db: Executor): Promise<{ passes: BandPass[]; records: number }> {
  const { rows } = await sql<{
    band: number;
    tenant_id: number;
    n: number;
    lo: number;
    hi: number;
  }>`SELECT g.band, b.tenant_id, g.n, g.lo, g.hi
    FROM (SELECT band, count(*) AS n, min(pos) AS lo, max(pos) AS hi FROM search_order GROUP BY band) g
    JOIN search_bands b ON b.band = g.band
    ORDER BY g.band`.execute(db);
  const passes = rows.flatMap((r) => {
    const [n, lo, hi] = [Number(r.n), Number(r.lo), Number(r.hi)];
    const end = (Number(r.band) + 1) * BAND_SIZE;
    const step = Math.floor((end - hi) / (n + 1));
    // Worth a pass only when it leaves the records at least four times as far apart.
    if (n < MIN_RECORDS || (hi - lo) / n >= MIN_STEP || step < (4 * (hi - lo)) / n) return [];
    return [{ band: Number(r.band), tenantId: Number(r.tenant_id), frontier: end, step }];
  });
  return { passes, records: rows.reduce((sum, r) => sum + Number(r.n), 0) };
}

/**
 * Moves the next {@link RECORDS_PER_STEP} records of a pass up below its frontier, in one
 * transaction; answers whether records are left to move. Records written between steps are
 * placed between their neighbours as ever and moved with the others when the pass reaches them.
 */
export async function spreadStep(db: Db, pass: BandPass): Promise<boolean> {
  return await db.transaction().execute(async (tx) => {
    const base = pass.band * BAND_SIZE;
    const { rows } = await sql<{ pos: number }>`SELECT pos FROM search_order
      WHERE pos >= ${base} AND pos < ${pass.frontier} ORDER BY pos DESC LIMIT ${RECORDS_PER_STEP + 1}`.execute(
      tx,
    );
    const moved = Math.min(rows.length, RECORDS_PER_STEP);
    if (moved === 0) return false;
    const below = rows.length > RECORDS_PER_STEP ? Number(rows[RECORDS_PER_STEP]!.pos) : base - 1;
    // Closer when records written since the pass began leave less room than it planned.
    const step = Math.min(pass.step, Math.floor((pass.frontier - below) / (moved + 1)));
    if (step < MIN_STEP) return false;
    const first = pass.frontier - step * moved;
    await moveRecords(
      tx,
      pass.tenantId,
      below + 1,
      pass.frontier,
      (rank) => sql`${first - step} + ${step} * ${rank}`,
    );
    pass.frontier = first;
    return rows.length > RECORDS_PER_STEP;
  });
}

/**
 * The idle upkeep's task (SQLite): once at start, then after {@link WRITES_PER_LOOK} rows written
 * (or a tenth of the records), looks for packed bands and spreads them, giving way to requests
 * between steps, for about `msPerLook` a look: passes left unfinished go on at the next.
 */
export function bandSpreadTask(db: Db, msPerLook = MS_PER_LOOK): UpkeepTask {
  let lookedAt: number | undefined;
  let lookEvery = WRITES_PER_LOOK;
  let passes: BandPass[] = [];
  return async (cancelled) => {
    if (passes.length === 0) {
      const now = await totalChanges(db);
      if (lookedAt !== undefined && now - lookedAt < lookEvery) return false;
      const packed = await packedBands(db);
      lookEvery = Math.max(WRITES_PER_LOOK, packed.records / 10);
      passes = packed.passes;
    }
    const until = performance.now() + msPerLook;
    // At least a step a look, however short the look.
    do {
      const pass = passes[0];
      if (!pass || cancelled()) break;
      const started = performance.now();
      if (await spreadStep(db, pass)) await giveWay(db, performance.now() - started);
      else passes.shift();
    } while (performance.now() < until);
    // The spreads' own moves are not writes to look again after.
    if (passes.length === 0) lookedAt = await totalChanges(db);
    return passes.length > 0;
  };
}
