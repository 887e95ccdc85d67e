import type { TotalsKind } from '../plan/planTypes.js';
import type { Partials } from './partialColumns.js';
import type { SegmentState } from './partialRows.js';

type Row = Record<string, unknown>;

/**
 * The rows the totals statements answer (per `statements`: the buckets, or the grand total's one
 * row), merged from every chunk's partials. Sums use Neumaier's summation, so a sum of many
 * partials keeps the precision of the engine's own; a group whose count falls to nothing is left
 * out, and at most `maxGroups` are answered.
 */
export function mergePartials(
  state: SegmentState,
  partials: Partials,
  statements: readonly TotalsKind[],
  maxGroups: number,
): Row[][] {
  const n = state.groups.length;
  const sums = new PartialSums(n + 1, partials);
  for (const c of state.chunks.values()) {
    for (let r = 0; r < c.groups.length; r++) {
      const g = c.groups[r]!;
      for (let p = 0; p < sums.width; p++) {
        const v = c.values[r * sums.width + p]!;
        sums.add(g, p, v);
        sums.add(n, p, v); // the grand total
      }
    }
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
    groupRows.push({ ...state.groups[g]!.keys, ...row });
  }
  const total = rowOf(n);
  return statements.map((kind) => (kind === 'groups' ? groupRows : [total]));
}

/** Per group (the last one: the grand total) and partial column, the merged value so far. */
class PartialSums {
  readonly width: number;
  readonly #merges: Partials['columns'];
  readonly #acc: Float64Array;
  readonly #comp: Float64Array;
  readonly #seen: Uint8Array;

  constructor(groups: number, partials: Partials) {
    this.#merges = partials.columns;
    this.width = partials.columns.length;
    this.#acc = new Float64Array(groups * this.width);
    this.#comp = new Float64Array(groups * this.width);
    this.#seen = new Uint8Array(groups * this.width);
    for (let g = 0; g < groups; g++)
      for (let p = 0; p < this.width; p++)
        this.#acc[g * this.width + p] = this.#merges[p]!.merge === 'count' ? 0 : Number.NaN;
  }

  add(g: number, p: number, v: number): void {
    if (Number.isNaN(v)) return;
    const at = g * this.width + p;
    const m = this.#merges[p]!.merge;
    if (m === 'min' || m === 'max') {
      const cur = this.#acc[at]!;
      if (Number.isNaN(cur) || (m === 'min' ? v < cur : v > cur)) this.#acc[at] = v;
      return;
    }
    if (m === 'sum' && !this.#seen[at]) {
      this.#acc[at] = 0;
      this.#seen[at] = 1;
    }
    const s = this.#acc[at]!;
    const t = s + v;
    this.#comp[at]! += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    this.#acc[at] = t;
  }

  /** The merged value, or null when no partial had one. */
  valueAt(g: number, p: number): number | null {
    const at = g * this.width + p;
    const v = this.#acc[at]! + this.#comp[at]!;
    return Number.isNaN(v) ? null : v;
  }
}
