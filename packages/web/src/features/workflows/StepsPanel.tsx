import { type WorkflowStep, workflowLimits } from '@plinth/schema';
import { ConfirmDialog, MenuButton } from '@plinth/ui';
import { useEffect, useRef, useState } from 'react';
import { StepCard, type StepMove } from './StepCard';
import {
  type DraftErrors,
  moveStep,
  newStep,
  parametersOfStep,
  removeStep,
  stepKinds,
  type WorkflowDraft,
} from './workflowDraft';
import type { WorkflowServices } from './workflowServices';

export interface StepsPanelProps {
  services: WorkflowServices;
  draft: WorkflowDraft;
  /** Changes the steps as they are then. */
  onStepsChange: (update: (steps: WorkflowStep[]) => WorkflowStep[]) => void;
  errors: DraftErrors;
  /** The ids of the steps shown open. */
  expanded: ReadonlySet<string>;
  onExpandedChange: (expanded: Set<string>) => void;
}

/**
 * The workflow's steps in the order they run: add one of a kind (it opens), move one up or down
 * (focus follows it, and the move is announced), remove one after asking.
 */
export function StepsPanel({
  services,
  draft,
  onStepsChange,
  errors,
  expanded,
  onExpandedChange,
}: StepsPanelProps) {
  const { steps } = draft;
  const list = useRef<HTMLOListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; move: StepMove } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);

  // After a move, the moved step's button keeps the focus; at the top or bottom, its other one.
  useEffect(() => {
    if (!focusAfterMove) return;
    const find = (move: StepMove) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.id}:${move}"]`);
    const same = find(focusAfterMove.move);
    const button = same && !same.disabled ? same : find(focusAfterMove.move === 'up' ? 'down' : 'up');
    button?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const move = (index: number, direction: StepMove) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= steps.length) return;
    const step = steps[index]!;
    onStepsChange((list) => moveStep(list, index, to));
    setFocusAfterMove({ id: step.id, move: direction });
    setAnnouncement(`Step '${step.name}' moved to position ${to + 1} of ${steps.length}.`);
  };
  const add = (kind: WorkflowStep['kind']) => {
    const step = newStep(kind, steps);
    onStepsChange((list) => [...list, step]);
    onExpandedChange(new Set([...expanded, step.id]));
    setAnnouncement(`Step ${steps.length + 1}, ${step.name}, was added.`);
  };
  const remove = (index: number) => {
    const step = steps[index]!;
    onStepsChange((list) => removeStep(list, index));
    setAnnouncement(`Step '${step.name}' was removed.`);
    setRemoving(null);
  };
  const toRemove = removing === null ? undefined : steps[removing];

  return (
    <section className="pl-admin__panel pl-workflow__panel" aria-labelledby="workflow-steps">
      <div className="pl-admin__panel-head">
        <h2 id="workflow-steps">Steps</h2>
        <MenuButton
          label="Add a step"
          variant="outline"
          size="small"
          isDisabled={steps.length >= workflowLimits.steps}
          items={stepKinds.map(({ kind, label }) => ({ id: kind, label, onAction: () => add(kind) }))}
        />
      </div>
      {steps.length === 0 ? (
        <p className="pl-admin__muted">No steps yet. Add the first one: a run does them in order.</p>
      ) : (
        <ol ref={list} className="pl-workflow__steps" aria-label="Steps">
          {steps.map((step, index) => (
            <StepCard
              key={step.id}
              services={services}
              step={step}
              index={index}
              steps={steps}
              params={parametersOfStep(draft, index)}
              errors={errors.steps[index]}
              refusal={errors.stepRefusals[index]}
              isExpanded={expanded.has(step.id)}
              onExpandedChange={(open) => {
                const next = new Set(expanded);
                if (open) next.add(step.id);
                else next.delete(step.id);
                onExpandedChange(next);
              }}
              onChange={(update) =>
                onStepsChange((list) => list.map((s) => (s.id === step.id ? update(s) : s)))
              }
              onMove={(direction) => move(index, direction)}
              onRemove={() => setRemoving(index)}
            />
          ))}
        </ol>
      )}
      <p className="pl-visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <ConfirmDialog
        isOpen={toRemove !== undefined}
        title="Remove step"
        message={toRemove ? `Remove step ${(removing ?? 0) + 1}, '${toRemove.name}'?` : ''}
        onConfirm={() => removing !== null && remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
