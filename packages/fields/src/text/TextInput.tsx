import { useState } from 'react';
import { TextArea as AriaTextArea, Input, TextField } from 'react-aria-components';
import { type FieldBaseProps, FieldWrapper } from '../wrapper/FieldWrapper';

/** Default max length of a multi-line text (spec 03 §5: 100000 for multiline and rich text). */
export const maxMultilineLength = 100_000;
/** Default max length of a single-line text (spec 03 §5); a configured max cannot exceed it. */
export const maxSingleLineLength = 1000;

export interface TextInputProps extends FieldBaseProps {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  onBlur?: () => void;
  /** Capped at 1000 (single line) or 100000 (multi-line); input past it is cut. */
  maxLength?: number;
  placeholder?: string;
  /** Multi-line text area; its max length defaults to 100000. */
  isMultiline?: boolean;
  rows?: number;
  /** Text area resize: none or vertical. */
  resize?: 'none' | 'vertical';
  autoFocus?: boolean;
}

/**
 * Text input or text area. While focused and with a max length, a 'n / max' counter shows; input
 * past the max length is cut.
 */
export function TextInput({
  value,
  defaultValue,
  onValueChange,
  onBlur,
  maxLength: maxLengthProp,
  placeholder,
  isMultiline = false,
  rows = 3,
  resize = 'vertical',
  autoFocus = false,
  isReadOnly = false,
  isDisabled = false,
  isMandatory = false,
  isError = false,
  errorText,
  ...wrapper
}: TextInputProps) {
  const ceiling = isMultiline ? maxMultilineLength : maxSingleLineLength;
  const maxLength = Math.min(maxLengthProp ?? ceiling, ceiling);
  // The counter shows for a configured max, and for text areas (their default is the spec's constant).
  const hasCounter = maxLengthProp !== undefined || isMultiline;
  const [inner, setInner] = useState(defaultValue ?? '');
  const [isFocused, setFocused] = useState(false);
  const current = value ?? inner;
  const change = (next: string) => {
    const cut = next.slice(0, maxLength);
    if (value === undefined) setInner(cut);
    onValueChange?.(cut);
  };
  const counter =
    isFocused && hasCounter ? (
      <span className="pl-field__counter" aria-live="polite">
        {current.length} / {maxLength}
      </span>
    ) : null;
  const showError = isError || (errorText !== undefined && errorText !== '');
  return (
    <TextField
      className="pl-text-field"
      value={current}
      onChange={change}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        onBlur?.();
      }}
      isReadOnly={isReadOnly}
      isDisabled={isDisabled}
      isRequired={isMandatory}
      isInvalid={showError}
      validationBehavior="aria"
      autoFocus={autoFocus}
      maxLength={maxLength}
    >
      <FieldWrapper
        {...wrapper}
        isMandatory={isMandatory}
        isError={isError}
        errorText={errorText}
        footer={counter}
      >
        {isMultiline ? (
          <AriaTextArea
            className="pl-input pl-textarea"
            rows={rows}
            placeholder={placeholder}
            style={{ resize }}
          />
        ) : (
          <Input className="pl-input" placeholder={placeholder} />
        )}
      </FieldWrapper>
    </TextField>
  );
}
