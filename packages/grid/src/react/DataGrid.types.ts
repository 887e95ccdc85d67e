import type { PickerDataSource } from '@plinth/fields';
import type { ReactNode } from 'react';
import type { CellTextSettings } from '../columns/cellText.js';
import type { ColumnModelOptions } from '../columns/columnModel.js';
import type {
  CellEdit,
  InlineEditedRecord,
  InlineEditField,
  ReportGroup,
  ReportMeta,
  ReportMode,
  ReportRow,
  ReportTotal,
  RowId,
  SortEntry,
  SortOrder,
} from '../types.js';
import type { ImageUrlOf } from './cells/CellContent.js';
import type { GridGroup } from './grouping/displayRows.js';
import type { CellAddress } from './inline/inlineNavigation.js';

/** Inline editing of the grid: what can be edited, the edits so far, and where edits go. */
export interface DataGridInlineEdit {
  /** Whether the report's display form was found; without it no cell is editable. */
  hasForm: boolean;
  /** Each column's component on the form, by column id; columns without one are not editable. */
  fields: Readonly<Record<string, InlineEditField>>;
  /** The inline-edited records by id: changed cells (green row) and errors (red row, cell tooltips). */
  records?: Readonly<Record<RowId, InlineEditedRecord>>;
  /** Records just saved: shown with the success highlight. */
  savedIds?: readonly RowId[];
  /** Lookups and relationships pick records from here. */
  pickerDataSource?: PickerDataSource;
  /** A cell's value changed. */
  onCellEdit: (eid: RowId, edit: CellEdit) => void;
  /** An invalid typed date, time or date-time ('Invalid date.', 'Invalid time.', 'Invalid date time.'). */
  onInvalidValue?: (eid: RowId, colid: string, message: string) => void;
  /** The cell being edited changed (the machine fetches the row's record for it). */
  onActiveCellChange?: (cell: CellAddress | null) => void;
}

export interface DataGridProps {
  /** The grid's accessible name (the report title). */
  label: string;
  /** The report metadata; the columns come from its `rcols`. */
  meta: (Pick<ReportMeta, 'rcols'> & Partial<Pick<ReportMeta, 'rmeta'>>) | undefined;
  /** The loaded rows (`gdata`), live-scrolled pages appended. */
  rows: readonly ReportRow[];
  columnOptions?: ColumnModelOptions;
  mode?: ReportMode;
  selectedIds?: readonly RowId[];
  /** The selection the user asks for; the host applies its limits (200) and mode rules. */
  onSelectionChange?: (ids: RowId[]) => void;
  onRowDoubleClick?: (row: ReportRow) => void;
  /** Right-click or the context-menu key (Shift+F10) on a row; the row is selected first. */
  onRowContextMenu?: (row: ReportRow, position: { x: number; y: number }) => void;
  /** Shows the loading placeholder instead of rows. */
  isLoading?: boolean;
  /** Placeholder rows while loading (1–20). */
  placeholderRows?: number;
  /** Shown in the body when there are no rows. */
  emptyState?: ReactNode;
  /** The groups of a grouped report (`rdata`). */
  groups?: readonly ReportGroup[];
  /** Grand totals: footer rows. */
  total?: ReportTotal;
  onGroupSort?: (colid: string, order: SortOrder) => void;
  onGroupLoadMore?: (group: GridGroup) => void;
  /**
   * Keys of the groups whose 'Load more' can read more rows (the report machine's
   * `groupsWithMore`); without it a group offers it while fewer of its records are loaded than it
   * counts.
   */
  groupsWithMore?: ReadonlySet<string>;
  /** Live scroll: the user scrolled within `nearEndDistance` px of the bottom (debounced 100 ms). */
  onNearEnd?: () => void;
  nearEndDistance?: number;
  textSettings?: CellTextSettings;
  imageUrl?: ImageUrlOf;
  onPreviewFile?: (row: ReportRow) => void;
  /** The applied sorts in their order (groups first): the sorted headers show their direction. */
  sort?: readonly SortEntry[] | undefined;
  /** A column header was clicked (Shift-click: `add`); without it the headers do not sort. */
  onHeaderSort?: (colid: string, how: { add: boolean }) => void;
  /** Resized widths by column id (controlled); reset clears them. */
  columnWidths?: Readonly<Record<string, number>>;
  onColumnWidthsChange?: (widths: Record<string, number>) => void;
  /** Inline editing; used when `mode` is 'inlineEditing'. */
  inlineEdit?: DataGridInlineEdit;
  /** The height of the scrolling area (CSS); default fills the parent. */
  height?: number | string;
}
