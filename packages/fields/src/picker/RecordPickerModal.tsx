import { Button, Modal } from '@plinth/ui';
import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { Input, SearchField } from 'react-aria-components';
import { conditionsText } from './conditionsText';
import { PickerModalGrid } from './PickerModalGrid';
import { pickerModalMachineFor, recordPickerMachineFor } from './pickerActors';
import {
  type PickerConfig,
  type PickerDataSource,
  type PickerRow,
  pickerModalCompactWidth,
  pickerModalPageSize,
  pickerModalResizeDebounceMs,
} from './pickerTypes';
import { useDebouncedWidth } from './useDebouncedWidth';

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
 * 'Select {entity type name}': a grid of the picker report's records, 10 a page (usage Picker,
 * column metadata first, then the full metadata), with a checkbox column when multi;
 * double-clicking a row selects that one record at once; Select confirms.
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

/** Reads the template report ids first (spec 02 §4), then shows the records. */
function PickerModalBody(props: RecordPickerModalProps) {
  const machine = useMemo(() => pickerModalMachineFor(props.dataSource), [props.dataSource]);
  const [modal, sendModal] = useMachine(machine, { input: { selectedIds: props.selectedIds } });
  if (modal.matches('initialising')) return <p className="pl-muted">Loading…</p>;
  const { reportId } = props.config;
  const isTemplateReport =
    reportId !== undefined && reportId !== null && modal.context.templateReportIds.includes(Number(reportId));
  const config: PickerConfig = {
    ...props.config,
    pageSize: pickerModalPageSize,
    isModal: true,
    ...(isTemplateReport ? { isTemplateReport } : {}),
  };
  return (
    <PickerModalRecords
      {...props}
      config={config}
      selected={modal.context.selectedIds}
      onSelectionChange={(selectedIds) => sendModal({ type: 'SELECTION_CHANGED', selectedIds })}
    />
  );
}

function PickerModalRecords({
  config,
  dataSource,
  isMulti,
  onSelect,
  onOpenChange,
  selected,
  onSelectionChange,
}: RecordPickerModalProps & { selected: number[]; onSelectionChange: (ids: number[]) => void }) {
  const machine = useMemo(() => recordPickerMachineFor(dataSource), [dataSource]);
  const [picker, sendPicker] = useMachine(machine, { input: { config } });
  const bodyRef = useRef<HTMLDivElement>(null);
  const width = useDebouncedWidth(bodyRef, pickerModalResizeDebounceMs);
  const { options, hasMore, search, error, report } = picker.context;
  const toggle = (id: number) =>
    onSelectionChange(
      isMulti ? (selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]) : [id],
    );
  const rowsFor = (ids: number[]) => ids.map((id) => options.find((o) => o.id === id) ?? { id, name: null });
  return (
    <div className="pl-picker-modal" ref={bodyRef}>
      <SearchField
        aria-label="Search"
        value={search}
        onChange={(text) => sendPicker({ type: 'SEARCH', search: text })}
        className="pl-search-field"
      >
        <Input className="pl-input" placeholder="Find a record" />
      </SearchField>
      {report?.conditions && report.conditions.length > 0 && (
        <p className="pl-muted pl-picker-modal__conditions">
          Filtered by: {conditionsText(report.conditions)}
        </p>
      )}
      {error && <p className="pl-field__error">{error}</p>}
      <PickerModalGrid
        options={options}
        columns={report?.columns ?? []}
        isCompact={width > 0 && width < pickerModalCompactWidth}
        isMulti={isMulti}
        selectedIds={selected}
        onToggle={toggle}
        onPick={(option) => onSelect([option])}
      />
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
