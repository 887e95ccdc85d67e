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
  onRename: (from: string, to: string) => void;
  editorRevision: number;
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
  onRename,
  editorRevision,
}: StepsPanelProps) {
  const { steps } = draft;
  const list = useRef<HTMLOListElement>(null);
  // Where focus goes once the list has changed: the moved step's button, a new step's name, or
  // after a removal the next step's Edit button (else Add a step).
  const [focusNext, setFocusNext] = useState<{
    id: string | null;
    target: StepMove | 'name' | 'toggle';
  } | null>(null);
  const addButton = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);

  useEffect(() => {
    // Runs once per request: each is a new object.
    if (!focusNext) return;
    const card = list.current?.querySelector(`[data-step="${focusNext.id}"]`);
    const { target } = focusNext;
    if (target === 'name' || target === 'toggle') {
      const element = () =>
        focusNext.id === null
          ? addButton.current?.querySelector('button')
          : card?.querySelector<HTMLElement>(target === 'name' ? 'input' : '[aria-expanded]');
      // The menu or dialog that asked gives focus back to its button as it closes: after that.
      const timer = setTimeout(() => element()?.focus(), 50);
      return () => clearTimeout(timer);
    }
    // After a move the moved step's button keeps the focus; at the top or bottom, its other one.
    const find = (move: StepMove) =>
      card?.querySelector<HTMLButtonElement>(`[data-move="${focusNext.id}:${move}"]`);
    const same = find(target);
    (same && !same.disabled ? same : find(target === 'up' ? 'down' : 'up'))?.focus();
  }, [focusNext]);

  const move = (index: number, direction: StepMove) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= steps.length) return;
    const step = steps[index]!;
    onStepsChange((list) => moveStep(list, index, to));
    setFocusNext({ id: step.id, target: direction });
    setAnnouncement(`Step '${step.name}' moved to position ${to + 1} of ${steps.length}.`);
  };
  const add = (kind: WorkflowStep['kind']) => {
    const step = newStep(kind, steps);
    onStepsChange((list) => [...list, step]);
    onExpandedChange(new Set([...expanded, step.id]));
    setFocusNext({ id: step.id, target: 'name' });
    setAnnouncement(`Step ${steps.length + 1}, ${step.name}, was added.`);
  };
  const remove = (index: number) => {
    const step = steps[index]!;
    onStepsChange((list) => removeStep(list, index));
    const next = steps[index + 1] ?? steps[index - 1];
    setFocusNext({ id: next?.id ?? null, target: 'toggle' });
    setAnnouncement(`Step '${step.name}' was removed.`);
    setRemoving(null);
  };
  const toRemove = removing === null ? undefined : steps[removing];

  return (
    <section className="pl-admin__panel pl-workflow__panel" aria-labelledby="workflow-steps">
      <div className="pl-admin__panel-head">
        <h2 id="workflow-steps">Steps</h2>
        <div ref={addButton}>
          <MenuButton
            label="Add a step"
            variant="outline"
            size="small"
            isDisabled={steps.length >= workflowLimits.steps}
            items={stepKinds.map(({ kind, label }) => ({ id: kind, label, onAction: () => add(kind) }))}
          />
        </div>
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
              onRename={onRename}
              editorRevision={editorRevision}
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
