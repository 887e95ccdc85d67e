/**
 * The display row a key moves the focus to (ArrowUp/Down, PageUp/Down by `page` rows, Home, End),
 * or undefined for a key that does not move it. The grid clamps the result to its rows.
 */
export function rowKeyTarget(key: string, index: number, page: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    PageDown: index + page,
    PageUp: index - page,
    Home: 0,
    End: count - 1,
  };
  return moves[key];
}

/**
 * Whether a key on a group header expands (true) or collapses (false) it: ArrowRight expands,
 * ArrowLeft collapses, Enter and Space toggle; undefined for other keys.
 */
export function groupKeyExpands(key: string, isExpanded: boolean): boolean | undefined {
  if (key === 'ArrowRight') return true;
  if (key === 'ArrowLeft') return false;
  if (key === 'Enter' || key === ' ') return !isExpanded;
  return undefined;
}

/** The rows a PageUp or PageDown moves: a viewport's worth less one, at least one. */
export const rowsPerPage = (viewportHeight: number, rowHeight: number): number =>
  Math.max(1, Math.floor((viewportHeight || 600) / rowHeight) - 1);
