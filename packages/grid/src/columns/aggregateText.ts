import type { AggregateKind } from '@plinth/schema';
import type { ReportCell } from '../types.js';
import {
  type CellTextSettings,
  cellText,
  defaultCellTextSettings,
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
/** Aggregates that keep the column's own kind of value (a latest date, a largest amount). */
const valueKinds: ReadonlySet<string> = new Set(['Max', 'Min']);

export interface AggregateValue {
  kind: AggregateKind;
  value: string | number | null;
  /** The value as shown, when the server formats it (auto-numbers). */
  text?: string;
}

/**
 * The text of one aggregate (spec 02 §9: aggregates use 3 decimals): counts whole, max and min of
 * dates or text as the column shows them, other numbers with 3 decimals, lists as sent.
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
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (valueKinds.has(aggregate.kind) && column.type === 'Currency')
      return cellText({ ...column, places: 3 }, { val: value } as ReportCell, settings);
    return formatNumberText(value, settings.locale, 3);
  }
  if (valueKinds.has(aggregate.kind)) return cellText(column, { val: value } as ReportCell, settings);
  return String(value);
}

/** 'Sum: 1,234.500' — an aggregate with its label. */
export function labelledAggregateText(
  column: TextColumn,
  aggregate: AggregateValue,
  settings: CellTextSettings = defaultCellTextSettings,
): string {
  return `${aggregateLabels[aggregate.kind] ?? aggregate.kind}: ${aggregateText(column, aggregate, settings)}`;
}
