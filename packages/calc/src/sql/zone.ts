import { zoneOffsetAt } from '@plinth/schema';

/** UTC offset changes of a time zone: `[utcIso, offsetSeconds]`, the first entry from the beginning of time. */
export type ZoneTable = readonly (readonly [string, number])[];

const tables = new Map<string, ZoneTable>();
const FIRST = Date.UTC(1900, 0, 1);
const LAST = Date.UTC(2100, 0, 1);
const STEP = 7 * 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The time zone's offsets from 1900 to 2100 (Intl's data, sampled weekly and bisected to the
 * second), for SQLite, which has no time-zone database: a DateTime's wall-clock reading is looked up
 * in this table, passed as one JSON parameter. One entry means a fixed offset.
 */
export function zoneTable(timeZone: string): ZoneTable {
  const cached = tables.get(timeZone);
  if (cached) return cached;
  const offset = (ms: number) => Math.round(zoneOffsetAt(ms, timeZone) / 1000);
  const out: [string, number][] = [['0000-01-01T00:00:00.000Z', offset(FIRST)]];
  let prev = offset(FIRST);
  for (let t = FIRST; t < LAST; t += STEP) {
    const next = offset(t + STEP);
    if (next === prev) continue;
    let lo = t;
    let hi = t + STEP;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (offset(mid) === prev) lo = mid;
      else hi = mid;
    }
    out.push([iso(hi), next]);
    prev = next;
  }
  tables.set(timeZone, out);
  return out;
}
