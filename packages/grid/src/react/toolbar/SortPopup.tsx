import { SelectList } from '@plinth/fields';
import { Button } from '@plinth/ui';
import { useState } from 'react';
import {
  addSort,
  applySort,
  canAddSort,
  moveSort,
  removeSort,
  type SortInput,
  type SortState,
  sortEntriesOf,
  unusedSortColumns,
  updateSort,
} from '../../sorting/sortState.js';
import { sortTooltipLines } from '../../sorting/sortTooltipLabel.js';
import type { Breakpoint, SortEntry, SortOrder } from '../../types.js';
import { IconButton } from './IconButton.js';
import { ToolbarPopup } from './ToolbarPopup.js';

/** The Sort popup's width (spec 02 §9). */
export const sortPopupWidth = '28.625rem';

export interface SortPopupProps {
  /** The report's sort state; the popup edits a copy of it while open. */
  state: SortState;
  /** Apply: the query's sort entries and the new state (stored sorts applied). */
  onApply: (sort: SortEntry[], state: SortState) => void;
  /** Small screens show the popup as a modal. */
  breakpoint: Breakpoint;
  isDisabled?: boolean;
}

const directions = [
  { id: 'Ascending', label: 'Ascending' },
  { id: 'Descending', label: 'Descending' },
];

/**
 * The toolbar's Sort button and its 'Sort by' popup: the sorts in order, each with its column and
 * direction, moved up or down or removed; 'Add sort' adds one on an unused column, ascending.
 * Grouped columns' sorts only change direction. Apply commits; closing otherwise discards.
 */
export function SortPopup({ state, onApply, breakpoint, isDisabled = false }: SortPopupProps) {
  const [draft, setDraft] = useState<SortState | null>(null);
  const current = draft ?? state;
  const lines = sortTooltipLines(state.applied);
  const open = (isOpen: boolean) => setDraft(isOpen ? state : null);
  const apply = () => {
    const next = applySort(current);
    setDraft(null);
    onApply(sortEntriesOf(next.applied), next);
  };
  const edit = (next: SortState) => setDraft(next);
  const movable = current.stored.filter((s) => !s.isGroupedColumn);
  return (
    <ToolbarPopup
      title="Sort by"
      trigger={<span>Sort{state.applied.length > 0 ? ` (${state.applied.length})` : ''}</span>}
      triggerLabel="Sort"
      tooltip={
        lines.length > 0 ? (
          <span className="pl-sort-tooltip">
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are in sort order and never reorder in place
              <span key={index} className="pl-sort-tooltip__line">
                {line}
              </span>
            ))}
          </span>
        ) : undefined
      }
      isOpen={draft !== null}
      onOpenChange={open}
      breakpoint={breakpoint}
      width={sortPopupWidth}
      isDisabled={isDisabled}
      footer={
        <>
          <Button variant="outline" isDisabled={!canAddSort(current)} onPress={() => edit(addSort(current))}>
            Add sort
          </Button>
          <Button variant="primary" onPress={apply}>
            Apply
          </Button>
        </>
      }
    >
      {current.stored.length === 0 ? (
        <p className="pl-muted">No sorts</p>
      ) : (
        <ol className="pl-sort-list">
          {current.stored.map((sort) => (
            <SortRow
              key={sort.ordinal}
              sort={sort}
              state={current}
              isFirst={movable[0] === sort}
              isLast={movable.at(-1) === sort}
              onChange={edit}
            />
          ))}
        </ol>
      )}
    </ToolbarPopup>
  );
}

interface SortRowProps {
  sort: SortInput;
  state: SortState;
  isFirst: boolean;
  isLast: boolean;
  onChange: (state: SortState) => void;
}

function SortRow({ sort, state, isFirst, isLast, onChange }: SortRowProps) {
  const columns = [{ id: sort.id, name: sort.name }, ...unusedSortColumns(state)];
  const fixed = sort.isGroupedColumn;
  return (
    <li className="pl-sort-row" aria-label={`Sort ${sort.ordinal + 1}: ${sort.name}`}>
      <SelectList
        label="Column"
        options={columns.map((c) => ({ id: c.id, label: c.name }))}
        value={[sort.id]}
        isDisabled={fixed}
        onValueChange={([columnId]) =>
          columnId !== undefined && onChange(updateSort(state, sort.id, { columnId: String(columnId) }))
        }
      />
      <SelectList
        label="Direction"
        options={directions}
        value={[sort.direction]}
        onValueChange={([direction]) =>
          direction !== undefined &&
          onChange(updateSort(state, sort.id, { direction: direction as SortOrder }))
        }
      />
      {!fixed && (
        <span className="pl-sort-row__actions">
          <IconButton
            size="small"
            label={`Move ${sort.name} up`}
            isDisabled={isFirst}
            onPress={() => onChange(moveSort(state, sort.id, sort.ordinal - 1))}
          >
            ↑
          </IconButton>
          <IconButton
            size="small"
            label={`Move ${sort.name} down`}
            isDisabled={isLast}
            onPress={() => onChange(moveSort(state, sort.id, sort.ordinal + 1))}
          >
            ↓
          </IconButton>
          <IconButton
            size="small"
            label={`Remove sort by ${sort.name}`}
            onPress={() => onChange(removeSort(state, sort.id))}
          >
            ×
          </IconButton>
        </span>
      )}
    </li>
  );
}
