import { Button } from '@plinth/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button as AriaButton,
  Group,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  TextField,
} from 'react-aria-components';
import { type FieldBaseProps, FieldWrapper } from '../wrapper/FieldWrapper';
import { PickerOptionLabel } from './PickerOptionLabel';
import { recordPickerMachineFor } from './pickerActors';
import { type PickerConfig, type PickerDataSource, type PickerRow, pickerLabel } from './pickerTypes';
import { RecordPickerModal } from './RecordPickerModal';

export interface RecordPickerProps extends FieldBaseProps {
  config: PickerConfig;
  dataSource: PickerDataSource;
  value?: number[];
  onValueChange?: (value: number[], rows: PickerRow[]) => void;
  isMulti?: boolean;
  /** The type's display name, for the modal title 'Select {entity type name}'. */
  entityTypeName: string;
  placeholder?: string;
}

/**
 * The record (entity) picker: a searchable dropdown of records (search after 300 ms, 'Load more'
 * pages by 20) and a browse button opening the picker modal. Selected records that the results do
 * not include are shown disabled.
 */
export function RecordPicker({
  config,
  dataSource,
  value,
  onValueChange,
  isMulti = false,
  entityTypeName,
  placeholder,
  isReadOnly = false,
  isDisabled = false,
  isMandatory = false,
  isError = false,
  errorText,
  ...wrapper
}: RecordPickerProps) {
  const machine = useMemo(() => recordPickerMachineFor(dataSource), [dataSource]);
  const [state, send] = useMachine(machine, { input: { config, values: value ?? [] } });
  const [isOpen, setOpen] = useState(false);
  const [isModalOpen, setModalOpen] = useState(false);
  const [known, setKnown] = useState<Map<number, PickerRow>>(new Map());
  const groupRef = useRef<HTMLDivElement>(null);
  const popoverRef = useRef<HTMLElement>(null);
  const isInside = (node: EventTarget | null) =>
    node instanceof Node && (!!groupRef.current?.contains(node) || !!popoverRef.current?.contains(node));
  // The dropdown is non-modal (typing goes on in the input), so it closes itself on a click
  // elsewhere.
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!isInside(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  });
  const { options, values, search, hasMore, error } = state.context;

  // Controlled: an outside value replaces the picker's (SET_VALUES ignores equal values).
  const valueKey = value?.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the ids, not the array's identity
  useEffect(() => {
    if (value !== undefined) send({ type: 'SET_VALUES', values: value });
  }, [valueKey, send]);
  const configKey = JSON.stringify(config);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the config's content
  useEffect(() => {
    send({ type: 'CONFIGURE', config });
  }, [configKey, send]);
  useEffect(() => {
    setKnown((previous) => {
      const next = new Map(previous);
      for (const option of options) next.set(option.id, option);
      return next;
    });
  }, [options]);

  const choose = (ids: number[], rows: PickerRow[] = []) => {
    const all = new Map(known);
    for (const row of rows) all.set(row.id, row);
    setKnown(all);
    send({ type: 'CHANGE', values: ids });
    onValueChange?.(
      ids,
      ids.map((id) => all.get(id) ?? { id, name: null }),
    );
  };
  const selectedRows = values.map((id) => known.get(id) ?? { id, name: null });
  const isBusy = !state.matches('ready');
  const showError = isError || !!errorText || !!error;

  return (
    <TextField
      className="pl-record-picker"
      value={search}
      onChange={(text) => {
        send({ type: 'SEARCH', search: text });
        setOpen(true);
      }}
      isReadOnly={isReadOnly}
      isDisabled={isDisabled}
      isRequired={isMandatory}
      isInvalid={showError}
      validationBehavior="aria"
    >
      <FieldWrapper {...wrapper} isMandatory={isMandatory} isError={showError} errorText={error ?? errorText}>
        <div className="pl-record-picker__selected" aria-live="polite">
          {selectedRows.map((row) => (
            <span key={row.id} className="pl-chip">
              <PickerOptionLabel row={row} />
              {!isReadOnly && !isDisabled && (
                <AriaButton
                  className="pl-chip__remove"
                  aria-label={`Remove ${pickerLabel(row)}`}
                  onPress={() => choose(values.filter((id) => id !== row.id))}
                >
                  ×
                </AriaButton>
              )}
            </span>
          ))}
        </div>
        {!isReadOnly && (
          <Group
            ref={groupRef}
            className="pl-input-group"
            onBlur={(event) => {
              if (!isInside(event.relatedTarget)) setOpen(false);
            }}
          >
            <Input
              className="pl-input"
              placeholder={placeholder ?? 'Search'}
              onClick={() => setOpen(true)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown') {
                  // Into the options: the listbox takes over arrow keys, Enter picks.
                  event.preventDefault();
                  setOpen(true);
                  requestAnimationFrame(() =>
                    popoverRef.current
                      ?.querySelector<HTMLElement>('[role="option"]:not([aria-disabled="true"])')
                      ?.focus(),
                  );
                }
                if (event.key === 'Escape') setOpen(false);
              }}
            />
            {values.length > 0 && (
              <AriaButton
                className="pl-input-group__button"
                aria-label="Clear"
                isDisabled={isDisabled}
                onPress={() => {
                  send({ type: 'CLEAR' });
                  onValueChange?.([], []);
                }}
              >
                ×
              </AriaButton>
            )}
            <AriaButton
              className="pl-input-group__button"
              aria-label={`Browse ${entityTypeName}`}
              isDisabled={isDisabled}
              onPress={() => setModalOpen(true)}
            >
              ⋯
            </AriaButton>
          </Group>
        )}
        <Popover
          triggerRef={groupRef}
          isOpen={isOpen && !isReadOnly && !isDisabled}
          onOpenChange={setOpen}
          isNonModal
          placement="bottom start"
          className="pl-popover pl-record-picker__popover"
          ref={popoverRef}
        >
          <ListBox
            aria-label={`${wrapper.label} options`}
            className="pl-listbox"
            selectionMode={isMulti ? 'multiple' : 'single'}
            selectedKeys={values}
            disabledKeys={options.filter((o) => o.isDisabled).map((o) => o.id)}
            onSelectionChange={(keys) => {
              const ids = keys === 'all' ? options.map((o) => o.id) : [...keys].map(Number);
              choose(ids);
              if (!isMulti) {
                setOpen(false);
                groupRef.current?.querySelector('input')?.focus();
              }
            }}
            renderEmptyState={() => (isBusy ? 'Loading…' : (error ?? 'No records'))}
            items={options}
          >
            {(option) => (
              <ListBoxItem id={option.id} textValue={pickerLabel(option)} className="pl-listbox__item">
                <PickerOptionLabel row={option} />
              </ListBoxItem>
            )}
          </ListBox>
          {hasMore && (
            <Button variant="subtle" size="small" onPress={() => send({ type: 'FETCH_NEXT_PAGE' })}>
              Load more
            </Button>
          )}
        </Popover>
      </FieldWrapper>
      <RecordPickerModal
        isOpen={isModalOpen}
        onOpenChange={setModalOpen}
        entityTypeName={entityTypeName}
        config={config}
        dataSource={dataSource}
        isMulti={isMulti}
        selectedIds={values}
        onSelect={(rows) => {
          choose(
            rows.map((row) => row.id),
            rows,
          );
          setModalOpen(false);
        }}
      />
    </TextField>
  );
}
