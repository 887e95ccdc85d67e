import { aggregateText, type CellTextSettings, cellText } from '@plinth/grid';

type AggregateValue = Parameters<typeof aggregateText>[1];

import type { ReportAggregateResponse } from '@plinth/schema';

/** One category of a chart: its label, its value as a number, and the value as its column shows it. */
export interface ChartDatum {
  label: string;
  value: number;
  text: string;
  /** The value in few characters ($16.9M), for narrow charts; the table keeps `text`. */
  shortText: string;
}

/** The label of the group of records without a value (as the report's group rows show it). */
export const blankLabel = '(blank)';

/**
 * A chart's categories from a report's grouped aggregate: a value that is no number (a blank
 * group's sum) draws as 0 but reads as the report shows it.
 */
export function chartData(data: ReportAggregateResponse, settings: CellTextSettings): ChartDatum[] {
  const column = data.valueColumn ?? { type: 'Int32' as const };
  const { groupColumn } = data;
  // A group's value reads as the report's cells show it: dates, numbers, yes/no in the tenant's way.
  const label = (raw: string | null) => {
    if (raw === null || raw === '') return blankLabel;
    if (!groupColumn || groupColumn.type === 'String' || groupColumn.type.endsWith('Relationship'))
      return raw;
    const numeric =
      groupColumn.type !== 'Date' && groupColumn.type !== 'DateTime' && groupColumn.type !== 'Time';
    const val = numeric && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    return cellText(groupColumn, { val } as Parameters<typeof cellText>[1], settings) || raw;
  };
  return data.groups.map((group) => {
    const aggregate: AggregateValue = {
      kind: data.aggregate,
      value: group.value,
      ...(group.text !== undefined ? { text: group.text } : {}),
    };
    const value =
      typeof group.value === 'number' && Number.isFinite(group.value) ? group.value : Number(group.value);
    return {
      label: label(group.label),
      value: Number.isFinite(value) ? value : 0,
      text: aggregateText(column, aggregate, settings) || '–',
      shortText: shortNumber(
        value,
        column.type === 'Currency' && data.aggregate !== 'Count' ? settings : undefined,
      ),
    };
  });
}

/** A number in compact notation in the tenant's locale, with its currency symbol for amounts. */
function shortNumber(value: number, currency: CellTextSettings | undefined): string {
  if (!Number.isFinite(value)) return '–';
  let text: string;
  try {
    text = new Intl.NumberFormat(currency?.locale ?? 'en-AU', {
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(Math.abs(value));
  } catch {
    text = String(Math.abs(value));
  }
  return `${value < 0 ? '-' : ''}${currency ? currency.currencySymbol : ''}${text}`;
}

/** Eight colours distinguishable with common colour-vision deficiencies (Okabe–Ito, darkened for contrast). */
export const chartColours = [
  '#0072b2',
  '#d55e00',
  '#009e73',
  '#cc79a7',
  '#e69f00',
  '#56b4e9',
  '#6a5acd',
  '#8c6d1f',
];

export const chartColour = (index: number) => chartColours[index % chartColours.length]!;
