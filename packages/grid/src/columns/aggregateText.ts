import type { AggregateKind } from '@plinth/schema';
import type { ReportCell } from '../types.js';
import {
  type CellTextSettings,
  cellText,
  defaultCellTextSettings,
  formatCurrency,
  formatNumberText,
  type TextColumn,
} from './cellText.js';

/** Labels of the aggregate styles, in the spec's order (spec 02 §9). */
export const aggregateLabels: Record<AggregateKind, string> = {
  Count: 'Count',
  CountUnique: 'Count unique',
  CountAll: 'Count all',
  Sum: 'Sum',
  Average: 'Average',
  Max: 'Max',
  Min: 'Min',
  CountUniqueNoBlanks: 'Count unique no blanks',
  List: 'List',
  StandardDeviation: 'Standard Deviation',
  PopulationStandardDeviation: 'Population Standard Deviation',
  Variance: 'Variance',
  PopulationVariance: 'Population Variance',
};

const counts: ReadonlySet<string> = new Set(['Count', 'CountUnique', 'CountAll', 'CountUniqueNoBlanks']);
/** Aggregates in the column's own unit: shown in the column's format (an amount, a date, a size). */
const unitKinds: ReadonlySet<string> = new Set([
  'Sum',
  'Average',
  'Max',
  'Min',
  'StandardDeviation',
  'PopulationStandardDeviation',
]);
/** Aggregates that keep the column's own kind of value (a latest date, a largest amount). */
const valueKinds: ReadonlySet<string> = new Set(['Max', 'Min']);
const wholeTypes: ReadonlySet<string> = new Set(['Int32', 'AutoNumber']);

export interface AggregateValue {
  kind: AggregateKind;
  value: string | number | null;
  /** The value as shown, when the server formats it (auto-numbers). */
  text?: string;
}

/** A number aggregate in the column's format; 3 decimals where the column has none (spec 02 §9). */
function numberAggregateText(
  column: TextColumn,
  kind: string,
  value: number,
  settings: CellTextSettings,
): string {
  const isUnit = unitKinds.has(kind);
  if (isUnit && column.isFileSize) return cellText(column, { val: value } as ReportCell, settings);
  if (column.type === 'Currency' || column.type === 'Decimal') {
    const places = column.places ?? 2;
    // A variance is in squared units: the column's places, but no currency symbol.
    return column.type === 'Currency' && isUnit
      ? formatCurrency(value, settings, places)
      : formatNumberText(value, settings.locale, places);
  }
  // Sums, max and min of whole numbers are whole; their averages and spreads keep 3 decimals.
  if (wholeTypes.has(column.type) && (kind === 'Sum' || valueKinds.has(kind)) && Number.isInteger(value))
    return formatNumberText(value, settings.locale, 0);
  return formatNumberText(value, settings.locale, 3);
}

/**
 * The text of one aggregate (a group's or a grand total), in the column's format as its cells show
 * values (issue 12, decision 0035): sums, averages, deviations, max and min of an amount with the
 * currency symbol and the column's places, of a decimal with its places, of whole numbers whole, of
 * dates as dates; counts whole; 3 decimals (spec 02 §9) only where the column has no places (an
 * average of whole numbers, a variance of them); lists and the server's text (auto-number patterns)
 * as sent.
 */
export function aggregateText(
  column: TextColumn,
  aggregate: AggregateValue,
  settings: CellTextSettings = defaultCellTextSettings,
): string {
  const value = aggregate?.value;
  if (value === null || value === undefined || value === '') return '';
  if (aggregate.text !== undefined) return aggregate.text;
  if (counts.has(aggregate.kind)) {
    const n = Number(value);
    return Number.isFinite(n) ? formatNumberText(n, settings.locale, 0) : String(value);
  }
  if (typeof value === 'number' && Number.isFinite(value))
    return numberAggregateText(column, aggregate.kind, value, settings);
  if (valueKinds.has(aggregate.kind)) return cellText(column, { val: value } as ReportCell, settings);
  return String(value);
}

/** 'Sum: $1,234.00' — an aggregate with its label. */
export function labelledAggregateText(
  column: TextColumn,
  aggregate: AggregateValue,
  settings: CellTextSettings = defaultCellTextSettings,
): string {
  return `${aggregateLabels[aggregate.kind] ?? aggregate.kind}: ${aggregateText(column, aggregate, settings)}`;
}
