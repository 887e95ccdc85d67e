import { type PickerDataSource, SelectList } from '@plinth/fields';
import { Button } from '@plinth/ui';
import { Suspense, useRef, useState } from 'react';
import { activeFilters, filterQueryOf } from '../../filters/filterQuery.js';
import {
  applyFilters,
  type FilterChange,
  resetFilters,
  updateStoredFilter,
} from '../../filters/filterState.js';
import type { Filter, FilterOperatorId, FilterQuery, FilterState } from '../../filters/filterTypes.js';
import type { Breakpoint } from '../../types.js';
import { LazyFilterValueEditor } from '../lazyEditors.js';
import { FilterBadge } from './FilterBadge.js';
import { ToolbarPopup } from './ToolbarPopup.js';

/** The Filter popup's size (spec 02 §9). */
export const filterPopupWidth = '37.5rem';
export const filterPopupMaxHeight = '15.25rem';

export interface FilterPopupProps {
  /** The report's filter state; the popup edits a copy of it while open. */
  state: FilterState;
  /**
   * Apply (and Reset): the filters' part of the query and the new state. Reset clears every filter
   * and applies that at once.
   */
  onApply: (query: FilterQuery, state: FilterState) => void;
  breakpoint: Breakpoint;
  /** Where choice and record filters read their records. */
  pickerDataSource?: PickerDataSource;
  isDisabled?: boolean;
}

/**
 * The toolbar's Filter button, with the count of applied filters, and its 'Filter by' popup: each
 * visible filter with its operator and value, then the result limit. Apply commits; Reset clears;
 * closing otherwise discards.
 */
export function FilterPopup({
  state,
  onApply,
  breakpoint,
  pickerDataSource,
  isDisabled = false,
}: FilterPopupProps) {
  const [draft, setDraft] = useState<FilterState | null>(null);
  // The latest draft: a value editor may settle its value on blur, just before Apply is pressed.
  const latest = useRef<FilterState | null>(null);
  const current = draft ?? state;
  const setCurrent = (next: FilterState | null) => {
    latest.current = next;
    setDraft(next);
  };
  const change = (filterId: string, edit: FilterChange) =>
    setCurrent(updateStoredFilter(latest.current ?? state, filterId, edit));
  const commit = (next: FilterState) => onApply(filterQueryOf(next.applied), next);
  const count = activeFilters(state.applied).length;
  const visible = current.stored.filter((f) => !f.hidden);
  return (
    <ToolbarPopup
      title="Filter by"
      trigger={
        <span className="pl-filter-trigger">
          Filter
          <FilterBadge count={count} />
        </span>
      }
      triggerLabel={count > 0 ? `Filter, ${count} applied` : 'Filter'}
      isOpen={draft !== null}
      onOpenChange={(isOpen) => setCurrent(isOpen ? state : null)}
      breakpoint={breakpoint}
      width={filterPopupWidth}
      maxHeight={filterPopupMaxHeight}
      isDisabled={isDisabled}
      footer={
        <>
          <Button
            variant="outline"
            onPress={() => {
              const next = resetFilters(latest.current ?? state);
              setCurrent(next);
              commit(next);
            }}
          >
            Reset
          </Button>
          <Button
            variant="primary"
            onPress={() => {
              const next = applyFilters(latest.current ?? state);
              setCurrent(null);
              commit(next);
            }}
          >
            Apply
          </Button>
        </>
      }
    >
      <div className="pl-filter-list">
        {visible.map((filter) => (
          <FilterRow
            key={filter.filterId}
            filter={filter}
            onChange={(edit) => change(filter.filterId, edit)}
            pickerDataSource={pickerDataSource}
          />
        ))}
      </div>
    </ToolbarPopup>
  );
}

export interface FilterRowProps {
  filter: Filter;
  onChange: (change: FilterChange) => void;
  pickerDataSource?: PickerDataSource | undefined;
}

/** One filter's name, operator and value editor (the Filter popup's row; a page's master filter reuses it). */
export function FilterRow({ filter, onChange, pickerDataSource }: FilterRowProps) {
  return (
    <fieldset className="pl-filter-row">
      <legend className="pl-filter-row__name">{filter.name}</legend>
      {filter.operators.length > 0 && (
        <SelectList
          label={`${filter.name} operator`}
          options={filter.operators.map((o) => ({ id: o.id, label: o.label }))}
          value={[filter.operatorId]}
          onValueChange={([id]) =>
            id !== undefined && onChange({ kind: 'operator', operatorId: id as FilterOperatorId })
          }
        />
      )}
      <Suspense fallback={<span className="pl-filter__loading">Please wait...</span>}>
        <LazyFilterValueEditor filter={filter} onChange={onChange} pickerDataSource={pickerDataSource} />
      </Suspense>
    </fieldset>
  );
}
