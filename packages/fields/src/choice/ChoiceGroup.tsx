import { Checkbox, CheckboxGroup, Radio, RadioGroup } from 'react-aria-components';
import type { SelectOption } from '../select/SelectList';
import { type FieldBaseProps, FieldWrapper } from '../wrapper/FieldWrapper';

export interface ChoiceGroupProps extends FieldBaseProps {
  options: SelectOption[];
  /** A checklist (several values) or radio buttons (one value). */
  isMulti?: boolean;
  value: Array<string | number>;
  onValueChange: (value: Array<string | number>) => void;
}

/** The option of a value the group holds as text (react-aria's values are strings). */
const idOf = (options: readonly SelectOption[], key: string) =>
  options.find((o) => String(o.id) === key)?.id ?? key;

function Swatch({ colour }: { colour: string | null | undefined }) {
  if (!colour) return null;
  return <span className="pl-choice__swatch" style={{ background: colour }} aria-hidden="true" />;
}

/**
 * A choice shown as all its options at once (spec 03 §3 'Choice display'): radio buttons for a
 * single choice, a checklist for a multiple one. Label, help text, mandatory marker and error line
 * come from the field wrapper like every other field kind.
 */
export function ChoiceGroup({
  options,
  isMulti = false,
  value,
  onValueChange,
  isReadOnly = false,
  isDisabled = false,
  isMandatory = false,
  ...wrapper
}: ChoiceGroupProps) {
  const isInvalid = wrapper.isError === true || Boolean(wrapper.errorText);
  const field = (
    <FieldWrapper {...wrapper} isMandatory={isMandatory} labelMode="aria">
      <div className="pl-choice__options">
        {options.map((o) =>
          isMulti ? (
            <Checkbox
              key={o.id}
              value={String(o.id)}
              className="pl-choice"
              isDisabled={o.isDisabled ?? false}
            >
              {({ isSelected }) => (
                <>
                  <span className="pl-checkbox__box" aria-hidden="true">
                    {isSelected ? '✓' : ''}
                  </span>
                  <Swatch colour={o.colour} />
                  {o.label}
                </>
              )}
            </Checkbox>
          ) : (
            <Radio key={o.id} value={String(o.id)} className="pl-choice" isDisabled={o.isDisabled ?? false}>
              <span className="pl-choice__radio" aria-hidden="true" />
              <Swatch colour={o.colour} />
              {o.label}
            </Radio>
          ),
        )}
      </div>
    </FieldWrapper>
  );
  const common = { isReadOnly, isDisabled, isInvalid, isRequired: isMandatory, className: 'pl-choice-group' };
  if (isMulti)
    return (
      <CheckboxGroup
        {...common}
        value={value.map(String)}
        onChange={(keys) => onValueChange(keys.map((k) => idOf(options, k)))}
      >
        {field}
      </CheckboxGroup>
    );
  return (
    <RadioGroup
      {...common}
      value={value.length > 0 ? String(value[0]) : null}
      onChange={(key) => onValueChange(key === null ? [] : [idOf(options, key)])}
    >
      {field}
    </RadioGroup>
  );
}
