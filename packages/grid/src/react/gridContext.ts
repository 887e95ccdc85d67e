import type { PickerDataSource } from '@plinth/fields';
import { createContext, useContext } from 'react';
import type { CellTextSettings } from '../columns/cellText.js';
import type { InlineEditability } from '../columns/inlineEditability.js';
import type { CellEdit, InlineEditedRecord, RowId } from '../types.js';
import type { ImageUrlOf } from './cells/CellContent.js';
import type { CellAddress, InlineMove } from './inline/inlineNavigation.js';

/** What inline-edited cells share: editability per column, the edits, the active cell and moves. */
export interface InlineGridState {
  editability: Readonly<Record<string, InlineEditability>>;
  records: Readonly<Record<RowId, InlineEditedRecord>>;
  active: CellAddress | null;
  activate: (cell: CellAddress) => void;
  move: (move: InlineMove) => boolean;
  onCellEdit: (eid: RowId, edit: CellEdit) => void;
  onInvalidValue: (eid: RowId, colid: string, message: string) => void;
  pickerDataSource: PickerDataSource | undefined;
}

export interface GridContextValue {
  settings: CellTextSettings;
  widths: Record<string, number>;
  imageUrl: ImageUrlOf | undefined;
  onPreviewFile: ((row: import('../types.js').ReportRow) => void) | undefined;
  inline: InlineGridState | null;
}

export const GridContext = createContext<GridContextValue | null>(null);

/** The grid's shared cell context; only cells inside a DataGrid ask for it. */
export function useGridContextOrThrow(): GridContextValue {
  const value = useContext(GridContext);
  if (!value) throw new Error('A grid cell is rendered outside its DataGrid.');
  return value;
}
