export { CellContent, type CellContentProps, type ImageUrlOf } from './cells/CellContent.js';
export { DataGrid, type DataGridInlineEdit, type DataGridProps } from './DataGrid.js';
export {
  DeleteConfirmDialog,
  type DeleteConfirmDialogProps,
  deleteConfirmTitle,
} from './DeleteConfirmDialog.js';
export { buildDisplayRows, type DisplayRow, type GridGroup, groupKeyOf } from './grouping/displayRows.js';
export { groupMenuLabels } from './grouping/GroupHeaderRow.js';
export { dateEditorValue, storedDateValue } from './inline/inlineEditValues.js';
export { type CellAddress, type InlineMove, moveInlineCell } from './inline/inlineNavigation.js';
export { inlineEditFocusDelayMs } from './inline/useInlineEditing.js';
export { useContainerWidth } from './useContainerWidth.js';
export { defaultNearEndDistance, scrollDebounceMs } from './useNearEnd.js';
