import { useEffect, useState } from 'react';
import { Button as AriaButton, Group, Input, TextField } from 'react-aria-components';
import { useFieldSettings } from '../settings/FieldSettings';
import { type FieldBaseProps, FieldWrapper } from '../wrapper/FieldWrapper';
import {
  acceptsNumericText,
  boundHint,
  formatNumber,
  type NumericRules,
  stepValue,
  valueOnBlur,
} from './numericRules';

export interface NumericInputProps extends FieldBaseProps, Partial<NumericRules> {
  value?: number | null;
  defaultValue?: number | null;
  /** Called with the settled value: on blur and on each step. */
  onValueChange?: (value: number) => void;
  /**
   * When given, a text left empty on blur stays empty and this is called (the value was cleared),
   * instead of settling on the minimum, the previous value or 0 — for editors where empty is a
   * value of its own, such as a grid cell whose field is required (issue 12).
   */
  onClear?: () => void;
  placeholder?: string;
  /** Currency: the tenant's symbol before the number, 2 decimal places unless configured. */
  isCurrency?: boolean;
}

function toText(value: number | null | undefined, rules: NumericRules): string {
  return value === null || value === undefined ? '' : formatNumber(value, rules);
}

/**
 * Numeric and currency input (spec 02 §5): rejects keystrokes other than digits, a leading minus
 * and one decimal point when floating; pads or truncates the decimal places; clamps on blur; caret
 * steppers and arrow keys step by 1; '(min)'/'(max)' when at a bound.
 */
export function NumericInput({
  value,
  defaultValue = null,
  onValueChange,
  onClear,
  placeholder,
  isCurrency = false,
  isFloating: isFloatingProp,
  decimalPlaces,
  min,
  max,
  isReadOnly = false,
  isDisabled = false,
  isMandatory = false,
  isError = false,
  errorText,
  ...wrapper
}: NumericInputProps) {
  const { currencySymbol } = useFieldSettings();
  const rules: NumericRules = {
    isFloating: isFloatingProp ?? isCurrency,
    ...(decimalPlaces !== undefined ? { decimalPlaces } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
  };
  const [settled, setSettled] = useState<number | null>(value === undefined ? defaultValue : value);
  const [text, setText] = useState(() => toText(settled, rules));
  const current = value === undefined ? settled : value;

  // A controlled value arriving from outside replaces the text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside value change resets the text
  useEffect(() => {
    if (value !== undefined) {
      setSettled(value);
      setText(toText(value, rules));
    }
  }, [value]);

  const settle = (next: number) => {
    setSettled(next);
    setText(formatNumber(next, rules));
    onValueChange?.(next);
  };
  const step = (direction: 1 | -1) => {
    if (isReadOnly || isDisabled) return;
    const base = text.trim() === '' || Number.isNaN(Number(text)) ? current : Number(text);
    settle(stepValue(base, direction, rules));
  };
  const hint = boundHint(current, rules);
  const showError = isError || (errorText !== undefined && errorText !== '');
  return (
    <TextField
      className="pl-numeric-field"
      value={text}
      onChange={(next) => {
        if (acceptsNumericText(next, rules)) setText(next);
      }}
      onBlur={() => {
        if (isReadOnly || isDisabled) return;
        if (onClear && text.trim() === '') {
          setSettled(null);
          onClear();
        } else settle(valueOnBlur(text, current, rules));
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowUp') step(1);
        else if (event.key === 'ArrowDown') step(-1);
        else event.continuePropagation();
      }}
      isReadOnly={isReadOnly}
      isDisabled={isDisabled}
      isRequired={isMandatory}
      isInvalid={showError}
      validationBehavior="aria"
    >
      <FieldWrapper
        {...wrapper}
        isMandatory={isMandatory}
        isError={isError}
        errorText={errorText}
        footer={
          hint?.isConfigured ? (
            <span className="pl-field__hint" data-testid="bound-hint">
              {hint.text}
            </span>
          ) : null
        }
      >
        <Group className="pl-input-group">
          {isCurrency && (
            <span className="pl-input-group__prefix" aria-hidden="true">
              {currencySymbol}
            </span>
          )}
          <Input className="pl-input pl-input--numeric" inputMode="decimal" placeholder={placeholder} />
          {hint && !hint.isConfigured && (
            <span className="pl-input-group__overlay" data-testid="bound-overlay">
              {hint.text}
            </span>
          )}
          {!isReadOnly && (
            <span className="pl-stepper">
              <AriaButton
                className="pl-stepper__button"
                aria-label="Increase"
                excludeFromTabOrder
                isDisabled={isDisabled}
                onPress={() => step(1)}
              >
                ▲
              </AriaButton>
              <AriaButton
                className="pl-stepper__button"
                aria-label="Decrease"
                excludeFromTabOrder
                isDisabled={isDisabled}
                onPress={() => step(-1)}
              >
                ▼
              </AriaButton>
            </span>
          )}
        </Group>
      </FieldWrapper>
    </TextField>
  );
}
