import { HelpText, SparkleIcon } from '@plinth/ui';
import type { ReactNode } from 'react';
import { Button as AriaButton, Label, Text } from 'react-aria-components';

/** Required-field hints (spec 02 §5), verbatim. */
export const requiredHint = 'This field must be filled to create the record';
export const optionalHint = 'This field is optional';

/** The props every field kind shares; the wrapper renders them the same way everywhere. */
export interface FieldBaseProps {
  label: string;
  helpText?: string;
  /** The error line under the field; shown when `isError` or when set. */
  errorText?: string;
  isError?: boolean;
  /** Shows the mandatory asterisk. */
  isMandatory?: boolean;
  isReadOnly?: boolean;
  isDisabled?: boolean;
  /** When given, an AI-suggest button sits beside the label. */
  onAiSuggest?: () => void;
}

export interface FieldWrapperProps extends FieldBaseProps {
  children: ReactNode;
  /** Text after the control, e.g. the 'n / max' counter. */
  footer?: ReactNode;
  /**
   * `aria`: inside a react-aria field (TextField, NumberField, DateField…), which wires the label and
   * error slots; `plain`: the control labels itself (checkbox, switch) and the label is a caption.
   */
  labelMode?: 'aria' | 'plain';
}

/** Label with mandatory marker, help text, AI-suggest button; the control; the error line. */
export function FieldWrapper({
  label,
  helpText,
  errorText,
  isError = false,
  isMandatory = false,
  onAiSuggest,
  children,
  footer,
  labelMode = 'aria',
}: FieldWrapperProps) {
  const showError = isError || (errorText !== undefined && errorText !== '');
  const labelContent = (
    <>
      {label}
      {isMandatory && (
        <span className="pl-field__asterisk" aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  );
  return (
    <div className={`pl-field${showError ? ' pl-field--error' : ''}`}>
      <div className="pl-field__label-row" title={isMandatory ? requiredHint : optionalHint}>
        {labelMode === 'aria' ? (
          <Label className="pl-field__label">{labelContent}</Label>
        ) : (
          <span className="pl-field__label">{labelContent}</span>
        )}
        {helpText !== undefined && helpText !== '' && <HelpText label={label} text={helpText} />}
        {onAiSuggest && (
          <AriaButton
            className="pl-field__ai"
            aria-label={`Suggest a value for ${label}`}
            onPress={onAiSuggest}
          >
            <SparkleIcon />
          </AriaButton>
        )}
      </div>
      {children}
      <div className="pl-field__footer">
        {showError &&
          (labelMode === 'aria' ? (
            <Text slot="errorMessage" className="pl-field__error">
              {errorText}
            </Text>
          ) : (
            <span className="pl-field__error" role="alert">
              {errorText}
            </span>
          ))}
        {footer}
      </div>
    </div>
  );
}
