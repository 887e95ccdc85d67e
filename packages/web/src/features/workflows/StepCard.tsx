import type { EditorParameter } from '@plinth/expression-editor';
import type { WorkflowStep } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useId } from 'react';
import { StepFields } from './StepFields';
import type { MemberErrors } from './workflowDraft';
import { stepKindLabel } from './workflowDraft';
import type { WorkflowServices } from './workflowServices';

export type StepMove = 'up' | 'down';

export interface StepCardProps {
  services: WorkflowServices;
  step: WorkflowStep;
  index: number;
  steps: readonly WorkflowStep[];
  params: readonly EditorParameter[];
  errors: MemberErrors | undefined;
  /** The server's refusal of this step, in its words. */
  refusal: string | undefined;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  onChange: (update: (step: WorkflowStep) => WorkflowStep) => void;
  onMove: (move: StepMove) => void;
  onRemove: () => void;
  onRename: (from: string, to: string) => void;
  /** Moves on when expressions were rewritten here (a rename): the editors start again from them. */
  editorRevision: number;
}

const noErrors: MemberErrors = {};

/**
 * One step in the list: its number, name and kind, buttons to move it up or down (focus stays on
 * the moved step's button) and to remove it, and its settings when opened. The server's refusal of
 * the step is shown on it, and opens it.
 */
export function StepCard({
  services,
  step,
  index,
  steps,
  params,
  errors,
  refusal,
  isExpanded,
  onExpandedChange,
  onChange,
  onMove,
  onRemove,
  onRename,
  editorRevision,
}: StepCardProps) {
  const number = index + 1;
  const bodyId = useId();
  const hasProblem = refusal !== undefined || (errors !== undefined && Object.keys(errors).length > 0);
  return (
    <li className="pl-workflow-step" data-step={step.id} data-invalid={hasProblem || undefined}>
      <section aria-label={`Step ${number}: ${step.name || 'Unnamed step'}`}>
        <header className="pl-workflow-step__head">
          <span className="pl-workflow-step__number" aria-hidden="true">
            {number}
          </span>
          <h3 className="pl-workflow-step__title">
            <span className="pl-visually-hidden">Step {number}: </span>
            {step.name || 'Unnamed step'}
          </h3>
          <span className="pl-workflow-step__kind">{stepKindLabel(step.kind)}</span>
          <div className="pl-workflow-step__actions">
            <Button
              size="small"
              variant="outline"
              aria-expanded={isExpanded}
              aria-controls={isExpanded ? bodyId : undefined}
              aria-label={`${isExpanded ? 'Close' : 'Edit'} step ${number}`}
              onPress={() => onExpandedChange(!isExpanded)}
            >
              {isExpanded ? 'Close' : 'Edit'}
            </Button>
            <Button
              size="small"
              variant="subtle"
              aria-label={`Move step ${number} up`}
              isDisabled={index === 0}
              onPress={() => onMove('up')}
              data-move={`${step.id}:up`}
            >
              <span aria-hidden="true">↑</span>
            </Button>
            <Button
              size="small"
              variant="subtle"
              aria-label={`Move step ${number} down`}
              isDisabled={index === steps.length - 1}
              onPress={() => onMove('down')}
              data-move={`${step.id}:down`}
            >
              <span aria-hidden="true">↓</span>
            </Button>
            <Button size="small" variant="subtle" aria-label={`Remove step ${number}`} onPress={onRemove}>
              Remove
            </Button>
          </div>
        </header>
        {refusal && (
          <p className="pl-workflow-step__refusal" role="alert">
            {refusal}
          </p>
        )}
        {isExpanded && (
          <div id={bodyId} className="pl-workflow-step__body">
            {/* Made again when the step moves, so each editor's name says the step's new number, and
                when a rename rewrote its expressions. */}
            <StepFields
              key={`${index}-${editorRevision}`}
              services={services}
              step={step}
              stepNumber={number}
              steps={steps}
              params={params}
              errors={errors ?? noErrors}
              onChange={onChange}
              onRename={onRename}
            />
          </div>
        )}
      </section>
    </li>
  );
}
