import type { SortInput } from './sortState.js';

/** Labels longer than this are cut (spec 02 §9). */
export const sortLabelMaxLength = 30;
/** Characters kept of a cut label, before '...'. */
export const sortLabelKeptLength = 26;

/** A column name for the custom sort tooltip: over 30 characters, its first 26 plus '...'. */
export function truncateSortLabel(label: string): string {
  return label.length > sortLabelMaxLength ? `${label.slice(0, sortLabelKeptLength)}...` : label;
}

/**
 * The Sort button's tooltip for the applied sorts, one line per sort ('Name: Ascending'); empty
 * when nothing is sorted.
 */
export function sortTooltipLines(sorts: SortInput[]): string[] {
  return sorts.map((s) => `${truncateSortLabel(s.name)}: ${s.direction}`);
}
