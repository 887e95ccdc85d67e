import type { Merge } from './partialColumns.js';

/**
 * Per group and partial column, the value merged so far: a count, a sum (Neumaier's summation,
 * its compensation kept beside it, so a sum of many partials keeps the precision of the engine's
 * own), a least or a greatest. NaN stands for no value yet.
 */
export class PartialSums {
  readonly groups: number;
  readonly width: number;
  readonly #merges: readonly Merge[];
  readonly #acc: Float64Array;
  readonly #comp: Float64Array;

  constructor(groups: number, merges: readonly Merge[]) {
    this.groups = groups;
    this.width = merges.length;
    this.#merges = merges;
    this.#acc = new Float64Array(groups * this.width);
    this.#comp = new Float64Array(groups * this.width);
    for (let g = 0; g < groups; g++)
      for (let p = 0; p < this.width; p++)
        this.#acc[g * this.width + p] = merges[p] === 'count' ? 0 : Number.NaN;
  }

  /** Merges a partial value (NaN: none) into group `g`'s column `p`. */
  add(g: number, p: number, v: number): void {
    this.#merge(g * this.width + p, p, v, 0);
  }

  /** Merges group `from` of `other` (merged over other chunks, the same columns) into group `g`. */
  addSums(g: number, other: PartialSums, from: number): void {
    const at = g * this.width;
    const otherAt = from * other.width;
    for (let p = 0; p < this.width; p++)
      this.#merge(at + p, p, other.#acc[otherAt + p]!, other.#comp[otherAt + p]!);
  }

  /** The merged value, or null when no partial had one. */
  valueAt(g: number, p: number): number | null {
    const at = g * this.width + p;
    const v = this.#acc[at]! + this.#comp[at]!;
    return Number.isNaN(v) ? null : v;
  }

  #merge(at: number, p: number, v: number, comp: number): void {
    if (Number.isNaN(v)) return;
    const m = this.#merges[p]!;
    const s = this.#acc[at]!;
    if (m === 'min' || m === 'max') {
      if (Number.isNaN(s) || (m === 'min' ? v < s : v > s)) this.#acc[at] = v;
      return;
    }
    if (Number.isNaN(s)) {
      this.#acc[at] = v;
      this.#comp[at] = comp;
      return;
    }
    const t = s + v;
    this.#comp[at]! += (Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s) + comp;
    this.#acc[at] = t;
  }
}
