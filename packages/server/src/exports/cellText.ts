import type { ExportCell } from './exportRows.js';
import { neutraliseCell } from './neutraliseCell.js';

/**
 * A cell as text for CSV and Word: numbers of numeric columns as JavaScript prints them (no
 * grouping, '.' decimals, so they read back as numbers), yes/no as `booleans`, dates and times as
 * stored (ISO 8601, date-times in UTC), and text neutralised.
 */
export function cellText(cell: ExportCell, booleans: readonly [string, string] = ['true', 'false']): string {
  if (cell === null) return '';
  switch (cell.kind) {
    case 'number':
      return String(cell.value);
    case 'bool':
      return cell.value ? booleans[0] : booleans[1];
    default:
      return neutraliseCell(cell.value);
  }
}
