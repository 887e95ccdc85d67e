import type { ButtonInputArgument, PageVersionContent } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useEffect, useState } from 'react';
import { Choose, messageOf } from '../../admin/public';
import { ExpressionProperty } from './ExpressionProperty';
import { PropertyGroup } from './PropertyControls';
import type { PropertyChoice, PropertyServices } from './propertyServices';
import { ValidatedText } from './ValidatedText';

/** Chooses the workflow a page button runs (spec 01 §3 page button types). */
export function WorkflowPicker({
  value,
  onChange,
  services,
}: {
  value: number | undefined;
  onChange: (id: number) => void;
  services: PropertyServices;
}) {
  const [choices, setChoices] = useState<PropertyChoice[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    services.workflows
      ?.list(abort.signal)
      .then(setChoices, (e: unknown) => abort.signal.aborted || setError(messageOf(e)));
    return () => abort.abort();
  }, [services]);
  const isListed = choices.some((c) => c.id === value);
  return (
    <div className="pl-builder-panel__group">
      <Choose
        label="Workflow"
        options={choices}
        selected={isListed && value !== undefined ? value : null}
        onChange={onChange}
        placeholder={value !== undefined && !isListed ? `Workflow ${value}` : 'Choose a workflow…'}
      />
      {error && (
        <p className="pl-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A button's input arguments: each a workflow argument's name and the page expression giving it. */
export function InputArgumentsField({
  label,
  value,
  onChange,
  content,
  services,
}: {
  label: string;
  value: readonly ButtonInputArgument[];
  onChange: (next: ButtonInputArgument[] | undefined) => void;
  content: PageVersionContent;
  services: PropertyServices;
}) {
  const change = (index: number, patch: Partial<ButtonInputArgument>) =>
    onChange(value.map((a, i) => (i === index ? { ...a, ...patch } : a)));
  return (
    <PropertyGroup title={label}>
      {value.length === 0 && <p className="pl-field__hint">No input arguments.</p>}
      {value.map((argument, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place.
        <div key={index} className="pl-builder-panel__group">
          <ValidatedText
            label={`Argument ${index + 1} name`}
            value={argument.name}
            validate={(text) => (text.trim() === '' ? 'A name is required.' : null)}
            onCommit={(text) => change(index, { name: text.trim() })}
          />
          <ExpressionProperty
            label={`Argument ${index + 1} value`}
            value={argument.expression}
            onChange={(expression) => change(index, { expression })}
            content={content}
            services={services}
          />
          <Button
            size="small"
            variant="subtle"
            onPress={() => {
              const next = value.filter((_, i) => i !== index);
              onChange(next.length > 0 ? next : undefined);
            }}
          >
            Remove argument {index + 1}
          </Button>
        </div>
      ))}
      <Button
        size="small"
        onPress={() =>
          onChange([...value, { name: `Argument${value.length + 1}`, expression: '[PageInput]' }])
        }
      >
        Add an input argument
      </Button>
    </PropertyGroup>
  );
}
