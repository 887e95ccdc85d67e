import { Checkbox as AriaCheckbox, Switch } from 'react-aria-components';
import { type FieldBaseProps, FieldWrapper } from '../wrapper/FieldWrapper';

export interface BooleanFieldProps extends FieldBaseProps {
  value?: boolean;
  defaultValue?: boolean;
  onValueChange?: (value: boolean) => void;
}

/** The controlled or uncontrolled selection props of a react-aria switch or checkbox. */
function selectionProps({
  value,
  defaultValue,
  onValueChange,
}: Pick<BooleanFieldProps, 'value' | 'defaultValue' | 'onValueChange'>) {
  return {
    ...(value !== undefined ? { isSelected: value } : {}),
    ...(defaultValue !== undefined ? { defaultSelected: defaultValue } : {}),
    ...(onValueChange ? { onChange: onValueChange } : {}),
  };
}

/** A toggle switch for a yes/no field. */
export function Toggle({
  value,
  defaultValue,
  onValueChange,
  isReadOnly = false,
  isDisabled = false,
  ...wrapper
}: BooleanFieldProps) {
  return (
    <FieldWrapper {...wrapper} labelMode="plain">
      <Switch
        className="pl-switch"
        {...selectionProps({ value, defaultValue, onValueChange })}
        isReadOnly={isReadOnly}
        isDisabled={isDisabled}
        aria-label={wrapper.label}
      >
        <span className="pl-switch__track" aria-hidden="true">
          <span className="pl-switch__thumb" />
        </span>
      </Switch>
    </FieldWrapper>
  );
}

/** A checkbox for a yes/no field. */
export function Checkbox({
  value,
  defaultValue,
  onValueChange,
  isReadOnly = false,
  isDisabled = false,
  ...wrapper
}: BooleanFieldProps) {
  return (
    <FieldWrapper {...wrapper} labelMode="plain">
      <AriaCheckbox
        className="pl-checkbox"
        {...selectionProps({ value, defaultValue, onValueChange })}
        isReadOnly={isReadOnly}
        isDisabled={isDisabled}
        isInvalid={wrapper.isError ?? !!wrapper.errorText}
        aria-label={wrapper.label}
      >
        {({ isSelected }) => (
          <span className="pl-checkbox__box" aria-hidden="true">
            {isSelected ? '✓' : ''}
          </span>
        )}
      </AriaCheckbox>
    </FieldWrapper>
  );
}
