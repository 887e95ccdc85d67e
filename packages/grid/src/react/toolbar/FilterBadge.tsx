import { filterBadgeText } from '../../filters/filterQuery.js';

export interface FilterBadgeProps {
  /** The number of applied filters. */
  count: number;
}

/** The count of applied filters on the Filter button: '9+' over 9, nothing at 0 (spec 02 §9). */
export function FilterBadge({ count }: FilterBadgeProps) {
  const text = filterBadgeText(count);
  if (text === null) return null;
  return (
    <span className="pl-filter-badge" aria-hidden="true" data-testid="filter-badge">
      {text}
    </span>
  );
}
