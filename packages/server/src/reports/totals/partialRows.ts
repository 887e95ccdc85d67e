import type { ChunkMarks } from '../../data/chunkMarkers.js';
import type { Engine } from '../../db/tables.js';
import type { GroupKey } from './groupKeys.js';
import { numericTypes } from './partialColumns.js';
import type { PartialSums } from './partialSums.js';

type Row = Record<string, unknown>;

/** What a set of partials was computed under (its chunk marks), and the partials per chunk. */
export interface SegmentState extends ChunkMarks {
  /** Every group seen, in the report's order of groups. */
  groups: Array<{ norm: string; keys: Row }>;
  groupIndex: Map<string, number>;
  /** Per chunk: the groups present and their partial values (NaN for no value). */
  chunks: Map<number, { groups: Int32Array; values: Float64Array }>;
  /**
   * Per block of chunks ({@link blockOfChunk}), their partials merged (mergePartials), with the
   * grand total last: kept until one of its chunks is read again.
   */
  blocks: Map<number, PartialSums>;
  /** Partial rows held (the cache's weight of the entry). */
  weight: number;
}

/** Chunks whose partials are merged together and kept merged: a refresh merges again only a few. */
const CHUNKS_PER_BLOCK = 32;

export const blockOfChunk = (ch: number) => Math.floor(ch / CHUNKS_PER_BLOCK);

/** A state with no partials yet, read under `marks`. */
export const emptySegmentState = (marks: ChunkMarks): SegmentState => ({
  ...marks,
  groups: [],
  groupIndex: new Map(),
  chunks: new Map(),
  blocks: new Map(),
  weight: 0,
});

/** A copy of a kept state to bring up to date under new marks (the kept one stays as it was). */
export const nextSegmentState = (previous: SegmentState, marks: ChunkMarks): SegmentState => ({
  ...previous,
  ...marks,
  groups: [...previous.groups],
  groupIndex: new Map(previous.groupIndex),
  chunks: new Map(previous.chunks),
  blocks: new Map(previous.blocks),
});

/** Drops a chunk's partials, to be read again, and its block's merge. */
export function dropChunk(state: SegmentState, ch: number): void {
  const old = state.chunks.get(ch);
  if (old) state.weight -= old.groups.length;
  state.chunks.delete(ch);
  state.blocks.delete(blockOfChunk(ch));
}

/**
 * Adds partial rows (`ch`, the keys, `p0…p{width-1}`) to a state; false when a value is not a
 * number or, without `newGroups`, a group is new to the kept order (its place needs every chunk).
 */
export function ingestPartials(
  engine: Engine,
  keys: readonly GroupKey[],
  width: number,
  state: SegmentState,
  rows: readonly Row[],
  newGroups: boolean,
): boolean {
  const keyNames = keys.flatMap((k) => [`k${k.i}`, ...(k.id ? [`kid${k.i}`] : [])]);
  const normOf = groupIdentity(keys);
  const byChunk = new Map<number, { groups: number[]; values: number[] }>();
  for (const r of rows) {
    const norm = normOf(r);
    let g = state.groupIndex.get(norm);
    if (g === undefined) {
      if (!newGroups) return false;
      g = state.groups.length;
      const keyValues: Row = {};
      for (const name of keyNames) keyValues[name] = r[name];
      state.groups.push({ norm, keys: keyValues });
      state.groupIndex.set(norm, g);
    }
    const ch = Number(r.ch);
    let c = byChunk.get(ch);
    if (!c) {
      c = { groups: [], values: [] };
      byChunk.set(ch, c);
    }
    c.groups.push(g);
    for (let n = 0; n < width; n++) {
      const v = partialNumber(engine, r[`p${n}`]);
      if (v === undefined) return false;
      c.values.push(v);
    }
  }
  for (const [ch, c] of byChunk) {
    dropChunk(state, ch);
    state.weight += c.groups.length;
    state.chunks.set(ch, { groups: Int32Array.from(c.groups), values: Float64Array.from(c.values) });
  }
  return true;
}

/** A group's identity: equal for the values SQL groups together, whatever form the driver gives. */
function groupIdentity(keys: readonly GroupKey[]): (r: Row) => string {
  const numericKey = keys.map((k) => numericTypes.has(k.column.type));
  return (r) =>
    JSON.stringify(
      keys.flatMap((k, n) => {
        const v = r[`k${k.i}`];
        const main =
          v === null || v === undefined
            ? null
            : numericKey[n] && (typeof v === 'string' || typeof v === 'bigint')
              ? Number(v)
              : typeof v === 'boolean'
                ? Number(v)
                : v;
        return k.id ? [main, r[`kid${k.i}`] == null ? null : Number(r[`kid${k.i}`])] : [main];
      }),
    );
}

/** A partial value as a number (NaN for none), or undefined when it is not a number. */
function partialNumber(engine: Engine, raw: unknown): number | undefined {
  if (raw === null || raw === undefined) return Number.NaN;
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'bigint') return Number(raw);
  // PostgreSQL answers numeric and bigint as text; SQLite's text is a value of another kind.
  if (typeof raw === 'string' && engine === 'postgres') {
    const n = Number(raw);
    return Number.isNaN(n) ? undefined : n;
  }
  return undefined;
}
