import { Button, Modal } from '@plinth/ui';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { Input, SearchField } from 'react-aria-components';
import { PickerOptionLabel } from './PickerOptionLabel';
import { recordPickerMachineFor } from './pickerActors';
import { pickerModalMachine } from './pickerModalMachine';
import {
  type PickerConfig,
  type PickerDataSource,
  type PickerRow,
  pickerLabel,
  pickerModalPageSize,
} from './pickerTypes';

export interface RecordPickerModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  entityTypeName: string;
  config: PickerConfig;
  dataSource: PickerDataSource;
  isMulti: boolean;
  selectedIds: number[];
  onSelect: (rows: PickerRow[]) => void;
}

/**
 * 'Select {entity type name}': a grid of records, 10 a page (usage Picker), with a checkbox column
 * when multi; double-clicking a row selects that one record at once; Select confirms.
 */
export function RecordPickerModal(props: RecordPickerModalProps) {
  return (
    <Modal
      title={`Select ${props.entityTypeName}`}
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      size="large"
    >
      {props.isOpen && <PickerModalBody {...props} />}
    </Modal>
  );
}

function PickerModalBody({
  config,
  dataSource,
  isMulti,
  selectedIds,
  onSelect,
  onOpenChange,
}: RecordPickerModalProps) {
  const machine = useMemo(() => recordPickerMachineFor(dataSource), [dataSource]);
  const [picker, sendPicker] = useMachine(machine, {
    input: { config: { ...config, pageSize: pickerModalPageSize } },
  });
  const [modal, sendModal] = useMachine(pickerModalMachine, { input: { selectedIds } });
  const { options, hasMore, search, error } = picker.context;
  const selected = modal.context.selectedIds;
  const toggle = (id: number) => {
    const next = isMulti
      ? selected.includes(id)
        ? selected.filter((s) => s !== id)
        : [...selected, id]
      : [id];
    sendModal({ type: 'SELECTION_CHANGED', selectedIds: next });
  };
  const rowsFor = (ids: number[]) => ids.map((id) => options.find((o) => o.id === id) ?? { id, name: null });
  return (
    <div className="pl-picker-modal">
      <SearchField
        aria-label="Search"
        value={search}
        onChange={(text) => sendPicker({ type: 'SEARCH', search: text })}
        className="pl-search-field"
      >
        <Input className="pl-input" placeholder="Find a record" />
      </SearchField>
      {error && <p className="pl-field__error">{error}</p>}
      <table className="pl-picker-grid" aria-label="Records">
        <thead>
          <tr>
            <th scope="col" className="pl-picker-grid__select">
              <span className="pl-visually-hidden">Selected</span>
            </th>
            <th scope="col">Name</th>
          </tr>
        </thead>
        <tbody>
          {options.map((option) => (
            <tr
              key={option.id}
              className={selected.includes(option.id) ? 'pl-picker-grid__row--selected' : undefined}
              onClick={() => !option.isDisabled && toggle(option.id)}
              onDoubleClick={() => !option.isDisabled && onSelect([option])}
            >
              <td className="pl-picker-grid__select">
                <input
                  type={isMulti ? 'checkbox' : 'radio'}
                  name="pl-picker-choice"
                  aria-label={pickerLabel(option)}
                  checked={selected.includes(option.id)}
                  disabled={option.isDisabled}
                  onChange={() => toggle(option.id)}
                  onClick={(event) => event.stopPropagation()}
                />
              </td>
              <td>
                <PickerOptionLabel row={option} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!picker.matches('ready') && <p className="pl-muted">Loading…</p>}
      {picker.matches('ready') && options.length === 0 && !error && <p className="pl-muted">No records</p>}
      <div className="pl-modal__footer pl-picker-modal__footer">
        {hasMore && (
          <Button variant="subtle" onPress={() => sendPicker({ type: 'FETCH_NEXT_PAGE' })}>
            Load more
          </Button>
        )}
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          variant="primary"
          isDisabled={selected.length === 0}
          onPress={() => onSelect(rowsFor(selected))}
        >
          Select
        </Button>
      </div>
    </div>
  );
}
