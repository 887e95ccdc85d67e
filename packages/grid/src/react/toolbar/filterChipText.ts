import { formatDate, formatTime } from '@plinth/fields';
import { filterOperatorLabels } from '../../filters/filterOperators.js';
import { isRange } from '../../filters/filterState.js';
import type { Filter } from '../../filters/filterTypes.js';
import { toDateTimeValue, toDateValue, toTimeValue } from './filterDateValues.js';

export interface FilterTextSettings {
  locale: string;
  currencySymbol: string;
}

function scalarText(filter: Filter, value: unknown, settings: FilterTextSettings): string {
  if (value === null || value === undefined || value === '') return '';
  switch (filter.columnType) {
    case 'Bool':
      return value === true ? 'Yes' : 'No';
    case 'Currency':
      return `${filter.currencySymbol ?? settings.currencySymbol}${String(value)}`;
    case 'Date': {
      const date = toDateValue(String(value));
      return date ? formatDate(date, settings.locale) : String(value);
    }
    case 'DateTime': {
      const at = toDateTimeValue(String(value));
      return at ? `${formatDate(at, settings.locale)} ${formatTime(at)}` : String(value);
    }
    case 'Time': {
      const time = toTimeValue(String(value));
      return time ? formatTime(time) : String(value);
    }
    default:
      return String(value);
  }
}

/** The value part of a filter's chip: the value, both bounds, the count and period, or the chosen records. */
export function filterValueText(filter: Filter, settings: FilterTextSettings): string {
  if (filter.operatorId === 'IsOnly')
    return filter.dateOperatorId ? filterOperatorLabels[filter.dateOperatorId] : '';
  if (filter.operatorId === 'InTheLast' || filter.operatorId === 'InTheNext') {
    if (filter.dateOperatorValue === null || !filter.dateOperatorId) return '';
    return `${filter.dateOperatorValue} ${filterOperatorLabels[filter.dateOperatorId]}`;
  }
  if (filter.filterEids.length > 0) {
    const names = filter.filterEids.map((id) => filter.choiceSelectedOptions.find((o) => o.id === id)?.name);
    return names.every((n) => n) ? names.join(', ') : `${filter.filterEids.length} selected`;
  }
  if (isRange(filter.value)) {
    return `${scalarText(filter, filter.value.from, settings)} - ${scalarText(filter, filter.value.to, settings)}`;
  }
  return scalarText(filter, filter.value, settings);
}

/** A chip's operator label; the result limit shows none. */
export const filterOperatorText = (filter: Filter): string =>
  filter.operatorId === 'ResultLimit' ? '' : filterOperatorLabels[filter.operatorId];
