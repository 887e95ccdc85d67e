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
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';

export interface PropertyTextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  isRequired?: boolean;
  multiline?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal';
  type?: 'text' | 'date' | 'time';
  autoFocus?: boolean;
}

/** A labelled property box of the schema editor, with its hint and the error the rules gave it. */
export function PropertyText({
  label,
  value,
  onChange,
  error,
  hint,
  isRequired,
  multiline,
  inputMode,
  type,
  autoFocus,
}: PropertyTextProps) {
  return (
    <TextField
      className="pl-text-field"
      value={value}
      onChange={onChange}
      isInvalid={error !== undefined}
      {...(isRequired ? { isRequired } : {})}
      {...(autoFocus ? { autoFocus } : {})}
    >
      <Label className="pl-field__label">
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </Label>
      {multiline ? (
        <TextArea className="pl-input pl-textarea" />
      ) : (
        <Input
          className="pl-input"
          autoComplete="off"
          {...(inputMode ? { inputMode } : {})}
          {...(type && type !== 'text' ? { type } : {})}
        />
      )}
      {hint && (
        <Text slot="description" className="pl-field__hint">
          {hint}
        </Text>
      )}
      <FieldError className="pl-field__error">{error}</FieldError>
    </TextField>
  );
}

export interface PropertyChoiceProps {
  label: string;
  options: ReadonlyArray<{ id: string; name: string }>;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled choice of one of a few values ('' is the "none" option when listed). */
export function PropertyChoice({ label, options, value, onChange, error, hint }: PropertyChoiceProps) {
  return (
    <Select
      className="pl-text-field"
      selectedKey={value}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      isInvalid={error !== undefined}
    >
      <Label className="pl-field__label">{label}</Label>
      <AriaButton className="pl-admin__select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      {hint && (
        <Text slot="description" className="pl-field__hint">
          {hint}
        </Text>
      )}
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
