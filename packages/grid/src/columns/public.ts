export { aggregateLabels, aggregateText, labelledAggregateText } from './aggregateText.js';
export {
  type CellTextSettings,
  cellText,
  defaultCellTextSettings,
  formatCurrency,
  formatNumberText,
  type TextColumn,
} from './cellText.js';
export {
  buildColumnModel,
  type CellTemplate,
  type ColumnAlign,
  type ColumnModelOptions,
  columnValueIndexes,
  type GridColumn,
  gridColumnOf,
} from './columnModel.js';
export {
  clampColumnWidth,
  layoutColumnWidths,
  minColumnWidth,
  type SizedColumn,
  typeFlex,
  typeMinWidth,
} from './columnWidths.js';
export {
  formatValueOf,
  isWithinBounds,
  progressPercent,
  type ResolvedFormat,
  resolveFormat,
} from './conditionalFormat.js';
export {
  type InlineEditability,
  type InlineEditabilityInput,
  inlineEditability,
  inlineEditTooltips,
} from './inlineEditability.js';
