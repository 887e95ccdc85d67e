import { type CustomValidation, type PageComponent, tooLongMessage, updateComponent } from '@plinth/schema';
import { Check } from '../../admin/public';
import { ExpressionProperty } from './ExpressionProperty';
import { PropertyGroup } from './PropertyControls';
import type { PanelEdit } from './panelEdit';
import { ValidatedText } from './ValidatedText';

const errorMessageMax = 1000;

/**
 * A bound component's custom validation (spec 03 §5): a condition the server checks before a save,
 * the message shown when it fails, and whether it runs even when nothing changed. Cleared when
 * nothing of it is set.
 */
export function CustomValidationFields({ edit, component }: { edit: PanelEdit; component: PageComponent }) {
  const current: CustomValidation = component.customValidation ?? {
    alwaysValidate: false,
    errorMessage: '',
    expression: '',
  };
  const set = (change: Partial<CustomValidation>, key?: string) => {
    const next = { ...current, ...change };
    const isEmpty = !next.expression.trim() && !next.errorMessage && !next.alwaysValidate;
    edit.onChange(
      updateComponent(edit.content, component.id, ({ customValidation: _, ...rest }) =>
        isEmpty ? rest : { ...rest, customValidation: next },
      ),
      key,
    );
  };
  return (
    <PropertyGroup title="Custom validation">
      <ExpressionProperty
        key={`${component.id}:validation`}
        label="Validation expression"
        value={current.expression}
        onChange={(expression) => set({ expression }, `${component.id}:validation`)}
        content={edit.content}
        services={edit.services}
        expectedResultType="Bool"
      />
      <ValidatedText
        label="Error message"
        value={current.errorMessage}
        validate={(text) => (text.length > errorMessageMax ? tooLongMessage(errorMessageMax) : null)}
        onCommit={(errorMessage) => set({ errorMessage }, `${component.id}:validationMessage`)}
      />
      <Check isSelected={current.alwaysValidate} onChange={(alwaysValidate) => set({ alwaysValidate })}>
        Always validate
      </Check>
    </PropertyGroup>
  );
}
