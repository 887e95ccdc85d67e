import { type WorkflowArgument, type WorkflowArgumentType, workflowLimits } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useRef } from 'react';
import { Check, Choose, PropertySelect, PropertyText } from '../admin/public';
import type { ObjectChoice } from './workflowApi';
import type { MemberErrors } from './workflowDraft';

export interface ArgumentsPanelProps {
  value: readonly WorkflowArgument[];
  /** Changes the arguments as they are then. */
  onChange: (update: (args: WorkflowArgument[]) => WorkflowArgument[]) => void;
  objects: readonly ObjectChoice[];
  errors: Record<number, MemberErrors>;
  /** The server's refusal of the arguments. */
  refusal: string | undefined;
  /** Told when a name is left changed, so the steps' references follow it. */
  onRename: (from: string, to: string) => void;
}

const argumentTypes: ReadonlyArray<{ id: WorkflowArgumentType; name: string }> = [
  { id: 'core:resourceArgument', name: 'A record' },
  { id: 'core:stringArgument', name: 'Text' },
];

/**
 * The workflow's input arguments (spec 01 §3): what a button passes when it runs it. Each has a name
 * the steps write in brackets, a type (text, or a record of an Object) and whether it is required.
 */
export function ArgumentsPanel({ value, onChange, objects, errors, refusal, onRename }: ArgumentsPanelProps) {
  // The name a box held when it was entered: left changed, the steps' references are renamed.
  const nameOnEntry = useRef('');
  const change = (index: number, arg: Partial<WorkflowArgument>) =>
    onChange((list) => list.map((a, i) => (i === index ? { ...a, ...arg } : a)));
  return (
    <section className="pl-admin__panel pl-workflow__panel" aria-labelledby="workflow-arguments">
      <h2 id="workflow-arguments">Input arguments</h2>
      <p className="pl-admin__muted">
        What a button gives the workflow when it runs it. Steps use an argument by its name, e.g.
        [Opportunity].
      </p>
      {refusal && (
        <p className="pl-field__error" role="alert">
          {refusal}
        </p>
      )}
      {value.length === 0 && <p className="pl-admin__muted">No arguments.</p>}
      <ol className="pl-workflow__arguments">
        {value.map((arg, index) => {
          const label = arg.name.trim() || `argument ${index + 1}`;
          const own = errors[index] ?? {};
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: an argument has no id; its place is its identity while edited.
            <li key={index} className="pl-workflow__argument" aria-label={`Argument ${index + 1}`}>
              <PropertyText
                label="Name"
                value={arg.name}
                onChange={(name) => change(index, { name })}
                onFocus={() => {
                  nameOnEntry.current = arg.name;
                }}
                onBlur={() => onRename(nameOnEntry.current, arg.name)}
                error={own.name}
                spellCheck={false}
                isRequired
              />
              <PropertySelect
                label="Type"
                options={argumentTypes}
                value={arg.type}
                onChange={(type) => change(index, { type })}
              />
              {arg.type === 'core:resourceArgument' && (
                <Choose
                  label="Object"
                  options={objects}
                  selected={arg.entityTypeId ?? null}
                  onChange={(entityTypeId) => change(index, { entityTypeId })}
                  placeholder="Choose an Object…"
                />
              )}
              {own.entityTypeId && (
                <p className="pl-field__error" role="alert">
                  {own.entityTypeId}
                </p>
              )}
              <Check isSelected={arg.required} onChange={(required) => change(index, { required })}>
                Required
              </Check>
              <Button
                size="small"
                variant="subtle"
                aria-label={`Remove the argument ${label}`}
                onPress={() => onChange((list) => list.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      <Button
        size="small"
        variant="outline"
        isDisabled={value.length >= workflowLimits.arguments}
        onPress={() =>
          onChange((list) => [...list, { name: '', type: 'core:resourceArgument', required: true }])
        }
      >
        Add an argument
      </Button>
    </section>
  );
}
