import { useFieldSettings } from '@plinth/fields';
import { activeFilters, filterQueryOf } from '../../filters/filterQuery.js';
import { clearFilter } from '../../filters/filterState.js';
import type { Filter, FilterQuery, FilterState } from '../../filters/filterTypes.js';
import { filterOperatorText, filterValueText } from './filterChipText.js';
import { IconButton } from './IconButton.js';

/** The width of a chip's value area, in pixels (spec 02 §9). */
export const filterChipValueWidth = 202;

export interface FilterChipsProps {
  state: FilterState;
  /** A chip's clear button: the filters' part of the query and the new state. */
  onApply: (query: FilterQuery, state: FilterState) => void;
  /** Shows the chips without their clear buttons (a read-only page filter). */
  isReadOnly?: boolean;
}

const sameValue = (a: Filter | undefined, b: Filter) => a !== undefined && a.value === b.value;

/**
 * A chip per applied filter — its name, operator and value — with a button that clears it and
 * applies the rest (none when read-only). The result limit shows while it differs from the report's own.
 */
export function FilterChips({ state, onApply, isReadOnly = false }: FilterChipsProps) {
  const settings = useFieldSettings();
  const chips = activeFilters(state.applied).filter(
    (f) =>
      f.operatorId !== 'ResultLimit' ||
      !sameValue(
        state.defaults.find((d) => d.filterId === f.filterId),
        f,
      ),
  );
  if (chips.length === 0) return null;
  return (
    <ul className="pl-filter-chips" aria-label="Applied filters">
      {chips.map((filter) => {
        const operator = filterOperatorText(filter);
        const value = filterValueText(filter, settings);
        const label = [filter.name, operator, value].filter(Boolean).join(' ');
        return (
          <li key={filter.filterId} className="pl-filter-chip" aria-label={label}>
            <span className="pl-filter-chip__name">{filter.name}</span>
            {operator && <span className="pl-filter-chip__operator">{operator}</span>}
            {value && (
              <span
                className="pl-filter-chip__value"
                style={{ maxWidth: filterChipValueWidth }}
                title={value}
              >
                {value}
              </span>
            )}
            {!isReadOnly && (
              <IconButton
                size="small"
                label={`Clear ${filter.name} filter`}
                onPress={() => {
                  const next = clearFilter(state, filter.filterId);
                  onApply(filterQueryOf(next.applied), next);
                }}
              >
                ×
              </IconButton>
            )}
          </li>
        );
      })}
    </ul>
  );
}
