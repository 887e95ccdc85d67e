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

/**
 * The labelled property inputs of the admin screens (the schema editor's dialogs, the builder's
 * panels): a text box and a choice of a few values, each with its hint and the error its rule gave.
 */

const hasError = (error: string | null | undefined): boolean => error !== null && error !== undefined;

function Hint({ children }: { children: ReactNode }) {
  return children ? (
    <Text slot="description" className="pl-field__hint">
      {children}
    </Text>
  ) : null;
}

export interface PropertyTextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Where a name is trimmed (spec 01 §5) or a draft is committed. */
  onBlur?: (() => void) | undefined;
  /** Where the value held on entering is noted (a rename compares it on leaving). */
  onFocus?: (() => void) | undefined;
  error?: string | null | undefined;
  hint?: string | undefined;
  isRequired?: boolean;
  multiline?: boolean;
  /** Off for text that is code or a name rather than prose. */
  spellCheck?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal';
  type?: 'text' | 'date' | 'time';
  autoFocus?: boolean;
}

export function PropertyText({
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  error,
  hint,
  isRequired,
  multiline,
  spellCheck,
  inputMode,
  type,
  autoFocus,
}: PropertyTextProps) {
  return (
    <TextField
      className="pl-text-field"
      value={value}
      onChange={onChange}
      isInvalid={hasError(error)}
      {...(onBlur ? { onBlur } : {})}
      {...(onFocus ? { onFocus } : {})}
      {...(isRequired ? { isRequired } : {})}
      {...(autoFocus ? { autoFocus } : {})}
    >
      <Label className="pl-field__label">
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </Label>
      {multiline ? (
        <TextArea className="pl-input pl-textarea" {...(spellCheck === false ? { spellCheck } : {})} />
      ) : (
        <Input
          className="pl-input"
          autoComplete="off"
          {...(inputMode ? { inputMode } : {})}
          {...(type && type !== 'text' ? { type } : {})}
        />
      )}
      <Hint>{hint}</Hint>
      <FieldError className="pl-field__error">{error}</FieldError>
    </TextField>
  );
}

export interface PropertySelectProps<T extends string> {
  label: string;
  options: ReadonlyArray<{ id: T; name: string }>;
  /** An option's content where it is more than its name (a swatch before it, say). */
  renderOption?: (option: { id: T; name: string }) => ReactNode;
  /** Added to the field's class, for such options' layout. */
  className?: string;
  /** The chosen id; null shows the placeholder. */
  value: T | null;
  onChange: (value: T) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  isDisabled?: boolean;
  placeholder?: string;
}

/** A choice of one of a few values; ids are the stored values ('' for "not set" where offered). */
export function PropertySelect<T extends string>({
  label,
  options,
  renderOption,
  className,
  value,
  onChange,
  error,
  hint,
  isDisabled,
  placeholder,
}: PropertySelectProps<T>) {
  return (
    <Select
      className={className ? `pl-text-field ${className}` : 'pl-text-field'}
      selectedKey={value}
      {...(placeholder ? { placeholder } : {})}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key) as T);
      }}
      isInvalid={hasError(error)}
      {...(isDisabled ? { isDisabled } : {})}
    >
      <Label className="pl-field__label">{label}</Label>
      <AriaButton className="pl-admin__select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Hint>{hint}</Hint>
      <FieldError className="pl-field__error">{error}</FieldError>
      <Popover>
        <ListBox className="pl-admin__listbox" items={options}>
          {(item) => (
            <ListBoxItem className="pl-admin__option" id={item.id} textValue={item.name}>
              {renderOption ? renderOption(item) : item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
