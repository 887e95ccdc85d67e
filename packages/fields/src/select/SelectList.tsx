import { useMemo, useRef, useState } from 'react';
import {
  Button as AriaButton,
  Group,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
} from 'react-aria-components';
import { type FieldBaseProps, FieldWrapper } from '../wrapper/FieldWrapper';

export interface SelectOption {
  id: string | number;
  label: string;
  /** Choice values: enum colour. */
  colour?: string | null;
  isDisabled?: boolean;
}

export interface SelectListProps extends FieldBaseProps {
  options: SelectOption[];
  /** Several values (multi select) or at most one. */
  isMulti?: boolean;
  value?: Array<string | number>;
  defaultValue?: Array<string | number>;
  onValueChange?: (value: Array<string | number>) => void;
  placeholder?: string;
}

/**
 * Single or multi select list with search: the button shows the chosen labels; its popover has a
 * search box filtering the options (case-insensitive, anywhere in the label).
 */
export function SelectList({
  options,
  isMulti = false,
  value,
  defaultValue = [],
  onValueChange,
  placeholder = 'Select…',
  isReadOnly = false,
  isDisabled = false,
  isMandatory = false,
  ...wrapper
}: SelectListProps) {
  const [inner, setInner] = useState(defaultValue);
  const [isOpen, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const triggerRef = useRef<HTMLDivElement>(null);
  const current = value ?? inner;
  const shown = useMemo(
    () => options.filter((o) => o.label.toLowerCase().includes(search.trim().toLowerCase())),
    [options, search],
  );
  const labels = current.map((id) => options.find((o) => o.id === id)?.label ?? String(id));
  const change = (next: Array<string | number>) => {
    if (value === undefined) setInner(next);
    onValueChange?.(next);
  };
  return (
    <FieldWrapper {...wrapper} isMandatory={isMandatory} labelMode="plain">
      <Group ref={triggerRef} className="pl-input-group">
        <AriaButton
          className="pl-input pl-select__trigger"
          // The name holds what the button shows (its values, or the placeholder), as WCAG 2.5.3 asks.
          aria-label={`${wrapper.label}: ${labels.length ? labels.join(', ') : placeholder}`}
          aria-haspopup="listbox"
          aria-expanded={isOpen}
          isDisabled={isDisabled || isReadOnly}
          onPress={() => setOpen(true)}
        >
          {labels.length ? labels.join(', ') : <span className="pl-muted">{placeholder}</span>}
          <span aria-hidden="true"> ▾</span>
        </AriaButton>
      </Group>
      <Popover
        triggerRef={triggerRef}
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open);
          if (!open) setSearch('');
        }}
        placement="bottom start"
        className="pl-popover pl-select__popover"
      >
        <div className="pl-select__panel">
          <SearchField aria-label={`Search ${wrapper.label}`} value={search} onChange={setSearch} autoFocus>
            <Input className="pl-input" placeholder="Search" />
          </SearchField>
          <ListBox
            aria-label={wrapper.label}
            className="pl-listbox"
            items={shown}
            selectionMode={isMulti ? 'multiple' : 'single'}
            selectedKeys={current}
            disabledKeys={options.filter((o) => o.isDisabled).map((o) => o.id)}
            onSelectionChange={(keys) => {
              const ids = keys === 'all' ? options.map((o) => o.id) : [...keys];
              change(ids.map((k) => options.find((o) => String(o.id) === String(k))?.id ?? k));
              if (!isMulti) {
                setOpen(false);
                setSearch('');
              }
            }}
            renderEmptyState={() => 'No matches'}
          >
            {(option) => (
              <ListBoxItem id={option.id} textValue={option.label} className="pl-listbox__item">
                {option.colour && (
                  <span
                    className="pl-picker-option__colour"
                    style={{ background: option.colour }}
                    aria-hidden="true"
                  />
                )}
                {option.label}
              </ListBoxItem>
            )}
          </ListBox>
        </div>
      </Popover>
    </FieldWrapper>
  );
}
