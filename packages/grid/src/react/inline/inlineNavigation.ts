import type { RowId } from '../../types.js';

export interface CellAddress {
  eid: RowId;
  colid: string;
}

export type InlineMove = 'up' | 'down' | 'next' | 'previous';

/**
 * Where a keyboard move goes in inline editing (spec 02 §4): up and down to the previous or next
 * visible record row (group rows are skipped) in the same column; next and previous to the next or
 * previous editable column, on to the following or preceding row at the ends. Null: nowhere to go.
 */
export function moveInlineCell(
  recordIds: readonly RowId[],
  editableColumnIds: readonly string[],
  from: CellAddress,
  move: InlineMove,
): CellAddress | null {
  const row = recordIds.indexOf(from.eid);
  const col = editableColumnIds.indexOf(from.colid);
  if (row < 0 || editableColumnIds.length === 0) return null;
  switch (move) {
    case 'up':
    case 'down': {
      const next = recordIds[row + (move === 'up' ? -1 : 1)];
      return next === undefined ? null : { eid: next, colid: col < 0 ? editableColumnIds[0]! : from.colid };
    }
    case 'next': {
      if (col + 1 < editableColumnIds.length) return { eid: from.eid, colid: editableColumnIds[col + 1]! };
      const next = recordIds[row + 1];
      return next === undefined ? null : { eid: next, colid: editableColumnIds[0]! };
    }
    case 'previous': {
      if (col > 0) return { eid: from.eid, colid: editableColumnIds[col - 1]! };
      const previous = recordIds[row - 1];
      return previous === undefined
        ? null
        : { eid: previous, colid: editableColumnIds[editableColumnIds.length - 1]! };
    }
  }
}
