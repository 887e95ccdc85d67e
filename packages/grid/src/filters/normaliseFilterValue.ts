import type { FilterScalar, FilterValueType } from './filterTypes.js';

/** Longest text value the report call takes. */
export const maxFilterTextLength = 1000;

const dateText = /^\d{4}-\d{2}-\d{2}$/;
const timeText = /^\d{2}:\d{2}(:\d{2})?$/;

/**
 * A value as the filter's editor holds it, or null when it does not fit: text for text filters,
 * finite numbers for numeric ones (numeric text is read), booleans for yes/no, `yyyy-MM-dd` dates,
 * ISO date-times and `HH:mm:ss` times (`HH:mm` is read).
 */
export function normaliseScalar(type: FilterValueType, value: unknown): FilterScalar {
  switch (type) {
    case 'String':
      return typeof value === 'string' && value !== '' ? value.slice(0, maxFilterTextLength) : null;
    case 'Int32':
    case 'Decimal':
    case 'Currency': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : NaN;
      if (!Number.isFinite(n)) return null;
      return type === 'Int32' ? Math.trunc(n) : n;
    }
    case 'Bool':
      return typeof value === 'boolean' ? value : null;
    case 'Date':
      return typeof value === 'string' && dateText.test(value) ? value : null;
    case 'DateTime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;
    case 'Time':
      return typeof value === 'string' && timeText.test(value)
        ? value.length === 5
          ? `${value}:00`
          : value
        : null;
    default:
      return null;
  }
}
