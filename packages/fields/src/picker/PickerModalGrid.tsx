import { PickerOptionLabel } from './PickerOptionLabel';
import { type PickerColumn, type PickerOption, pickerLabel } from './pickerTypes';

export interface PickerModalGridProps {
  options: PickerOption[];
  /** The report's visible columns; none known yet: the name alone. */
  columns: PickerColumn[];
  /** Narrow: the name column only. */
  isCompact: boolean;
  isMulti: boolean;
  selectedIds: number[];
  onToggle: (id: number) => void;
  /** Double-click: this record at once. */
  onPick: (option: PickerOption) => void;
}

const nameOnly: PickerColumn[] = [{ id: 'name', title: 'Name', isName: true }];

/** The picker modal's records: a selection column, then the report's columns. */
export function PickerModalGrid({
  options,
  columns,
  isCompact,
  isMulti,
  selectedIds,
  onToggle,
  onPick,
}: PickerModalGridProps) {
  const all = columns.length > 0 ? columns : nameOnly;
  const shown = all
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => !isCompact || column.isName);
  return (
    <table className="pl-picker-grid" aria-label="Records">
      <thead>
        <tr>
          <th scope="col" className="pl-picker-grid__select">
            <span className="pl-visually-hidden">Selected</span>
          </th>
          {shown.map(({ column }) => (
            <th key={column.id} scope="col">
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {options.map((option) => {
          const isSelected = selectedIds.includes(option.id);
          return (
            <tr
              key={option.id}
              className={isSelected ? 'pl-picker-grid__row--selected' : undefined}
              onClick={() => !option.isDisabled && onToggle(option.id)}
              onDoubleClick={() => !option.isDisabled && onPick(option)}
            >
              <td className="pl-picker-grid__select">
                <input
                  type={isMulti ? 'checkbox' : 'radio'}
                  name="pl-picker-choice"
                  aria-label={pickerLabel(option)}
                  checked={isSelected}
                  disabled={option.isDisabled}
                  onChange={() => onToggle(option.id)}
                  onClick={(event) => event.stopPropagation()}
                />
              </td>
              {shown.map(({ column, index }) => (
                <td key={column.id}>
                  {column.isName ? <PickerOptionLabel row={option} /> : (option.cells?.[index] ?? '')}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
