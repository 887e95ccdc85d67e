import {
  isPageVariableValueValid,
  type PageVariable,
  pageVariableNameProblem,
  pageVariableValueText,
  readPageVariableValue,
  variableTypes,
} from '@plinth/schema';
import { Button } from '@plinth/ui';
import { Check, PropertySelect } from '../../admin/public';
import { ValidatedText } from './ValidatedText';

export interface PageVariableRowProps {
  variable: PageVariable;
  /** The names of the page's other variables: a name is unique among them. */
  otherNames: readonly string[];
  /** Names the row in undo's coalescing keys: the name itself changes as it is typed. */
  rowKey: string;
  onChange: (next: PageVariable, coalesceKey?: string) => void;
  onRemove: () => void;
}

/** Drops a value its variable's new type or list flag no longer fits (spec 01 §5). */
function keepingValidValue(next: PageVariable): PageVariable {
  if (next.value === undefined || isPageVariableValueValid(next)) return next;
  const { value: _, ...rest } = next;
  return rest;
}

/**
 * One page variable: its name, type, whether it is a list, and its value typed as text (one value
 * a line for a list). A value that does not match the type shows why and is not stored.
 */
export function PageVariableRow({ variable, otherNames, rowKey, onChange, onRemove }: PageVariableRowProps) {
  return (
    <fieldset className="pl-builder-panel__group" aria-label={`Variable ${variable.name}`}>
      <ValidatedText
        label="Variable name"
        value={variable.name}
        isRequired
        validate={(name) => pageVariableNameProblem(name, otherNames)}
        // Stored when the box is left: the page's expressions follow the name from the old one
        // to the new in one step, never through names half typed that may be a field's.
        commitOn="blur"
        onCommit={(name) => onChange({ ...variable, name }, `variable:${rowKey}:name`)}
      />
      <PropertySelect
        label="Type"
        options={variableTypes.map((id) => ({ id, name: id }))}
        value={variable.type}
        onChange={(type) => onChange(keepingValidValue({ ...variable, type }))}
      />
      <Check
        isSelected={variable.isList}
        onChange={(isList) => onChange(keepingValidValue({ ...variable, isList }))}
      >
        Is list
      </Check>
      <ValidatedText
        // A new type or list flag starts the value's text afresh.
        key={`${variable.type}:${variable.isList}`}
        label={variable.isList ? 'Values (one a line)' : 'Value'}
        value={pageVariableValueText(variable.isList, variable.value)}
        multiline={variable.isList}
        validate={(text) => {
          const read = readPageVariableValue(variable.type, variable.isList, text);
          return read.ok ? null : read.message;
        }}
        onCommit={(text) => {
          const read = readPageVariableValue(variable.type, variable.isList, text);
          if (!read.ok) return;
          const { value: _, ...rest } = variable;
          onChange(
            read.value === undefined ? rest : { ...rest, value: read.value },
            `variable:${rowKey}:value`,
          );
        }}
      />
      <Button variant="subtle" size="small" onPress={onRemove}>
        Remove {variable.name}
      </Button>
    </fieldset>
  );
}
