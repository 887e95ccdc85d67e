import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  TextArea,
  TextField,
} from 'react-aria-components';

/**
 * The right panel's labelled inputs: a text box, a choice of a few values, and a titled group.
 * Each shows the error its rule gave under it (spec 01 §5).
 */

export interface PropertyTextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Where a name is trimmed (spec 01 §5) or a draft is committed. */
  onBlur?: (() => void) | undefined;
  error?: string | null | undefined;
  multiline?: boolean;
  isRequired?: boolean;
}

export function PropertyText({
  label,
  value,
  onChange,
  onBlur,
  error,
  multiline,
  isRequired,
}: PropertyTextProps) {
  return (
    <TextField
      className="pl-text-field"
      value={value}
      onChange={onChange}
      {...(onBlur ? { onBlur } : {})}
      {...(isRequired ? { isRequired } : {})}
      isInvalid={error !== null && error !== undefined}
    >
      <Label className="pl-field__label">
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </Label>
      {multiline ? (
        <TextArea className="pl-input pl-textarea" spellCheck={false} />
      ) : (
        <Input className="pl-input" autoComplete="off" />
      )}
      <FieldError className="pl-field__error">{error}</FieldError>
    </TextField>
  );
}

export interface PropertySelectProps<T extends string> {
  label: string;
  options: ReadonlyArray<{ id: T; name: string }>;
  value: T;
  onChange: (value: T) => void;
  error?: string | null | undefined;
  isDisabled?: boolean;
}

/** A choice of one of a few values; ids are the stored values ('' for "not set" where offered). */
export function PropertySelect<T extends string>({
  label,
  options,
  value,
  onChange,
  error,
  isDisabled,
}: PropertySelectProps<T>) {
  return (
    <Select
      className="pl-text-field"
      selectedKey={value}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key) as T);
      }}
      isInvalid={error !== null && error !== undefined}
      {...(isDisabled ? { isDisabled } : {})}
    >
      <Label className="pl-field__label">{label}</Label>
      <AriaButton className="pl-admin__select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <FieldError className="pl-field__error">{error}</FieldError>
      <Popover>
        <ListBox className="pl-admin__listbox" items={options}>
          {(item) => (
            <ListBoxItem className="pl-admin__option" id={item.id} textValue={item.name}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** A titled group of the panel (Styling, Layout, Behaviour…). */
export function PropertyGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="pl-builder-panel__group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** Options from a list of stored values, each shown as itself, with "Default" ('') first. */
export function optionsOf<T extends string>(
  values: readonly T[],
  names: Partial<Record<T, string>> = {},
): Array<{ id: T | ''; name: string }> {
  return [{ id: '', name: 'Default' }, ...values.map((v) => ({ id: v, name: names[v] ?? v }))];
}
