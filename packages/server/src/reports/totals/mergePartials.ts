import type { TotalsKind } from '../plan/planTypes.js';
import type { Merge, Partials } from './partialColumns.js';
import { blockOfChunk, type SegmentState } from './partialRows.js';
import { PartialSums } from './partialSums.js';

type Row = Record<string, unknown>;

/**
 * The state's groups as answered: in another order, or some merged (groupTargets), each of the
 * state's groups going to group `placeOf[g]`.
 */
export interface Regrouping {
  groups: ReadonlyArray<{ keys: Row }>;
  placeOf: Int32Array;
}

/**
 * The rows the totals statements answer (per `statements`: the buckets, or the grand total's one
 * row), merged from every chunk's partials (see PartialSums for their precision). The chunks'
 * partials are merged by block and each block's kept in the state, so a refresh after a write merges
 * again only the blocks of the chunks it read, then the blocks (decision 0025). A group whose count
 * falls to nothing is left out, and at most `maxGroups` are answered.
 */
export function mergePartials(
  state: SegmentState,
  partials: Partials,
  statements: readonly TotalsKind[],
  maxGroups: number,
  regrouping?: Regrouping,
): Row[][] {
  const merges = partials.columns.map((c) => c.merge);
  const groups = regrouping?.groups ?? state.groups;
  const n = groups.length;
  const sums = new PartialSums(n + 1, merges);
  for (const block of blockSums(state, merges).values()) {
    // The block's last group is its grand total; groups the state learnt since are not in it.
    const inBlock = block.groups - 1;
    for (let g = 0; g < inBlock; g++) sums.addSums(regrouping ? regrouping.placeOf[g]! : g, block, g);
    sums.addSums(n, block, inBlock);
  }
  const rowOf = (g: number): Row => {
    const row: Row = { cnt: sums.valueAt(g, 0) ?? 0 };
    for (const o of partials.outputs) {
      if (o.kind === 'Average') {
        const count = sums.valueAt(g, o.at + 1) ?? 0;
        const sum = sums.valueAt(g, o.at);
        row[o.name] = count === 0 || sum === null ? null : sum / count;
      } else row[o.name] = sums.valueAt(g, o.at);
    }
    return row;
  };
  const groupRows: Row[] = [];
  for (let g = 0; g < n && groupRows.length < maxGroups; g++) {
    const row = rowOf(g);
    if (row.cnt === 0) continue;
    groupRows.push({ ...groups[g]!.keys, ...row });
  }
  const total = rowOf(n);
  return statements.map((kind) => (kind === 'groups' ? groupRows : [total]));
}

/** The state's partials merged by block of chunks, those not kept yet merged now and kept. */
function blockSums(state: SegmentState, merges: readonly Merge[]): Map<number, PartialSums> {
  const { blocks } = state;
  const groups = state.groups.length;
  const fresh = new Set<number>();
  for (const [ch, c] of state.chunks) {
    const b = blockOfChunk(ch);
    let block = blocks.get(b);
    if (block && !fresh.has(b)) continue;
    if (!block) {
      block = new PartialSums(groups + 1, merges);
      blocks.set(b, block);
      fresh.add(b);
    }
    const width = block.width;
    for (let r = 0; r < c.groups.length; r++) {
      for (let p = 0; p < width; p++) {
        const v = c.values[r * width + p]!;
        block.add(c.groups[r]!, p, v);
        block.add(groups, p, v);
      }
    }
  }
  return blocks;
}
