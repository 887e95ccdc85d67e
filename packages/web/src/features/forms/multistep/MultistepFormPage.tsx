import type { NavigationAction, PageVersionContent, TypeSchemaResponse } from '@plinth/schema';
import { Button } from '@plinth/ui';
import { useMemo, useState } from 'react';
import { type PageBus, type PageContext, PageRenderer, type SavedEntity } from '../../pages/public';
import { saveFormPage, validateFormPage } from './formPageRound';
import { multistepGuard } from './multistepGuard';
import { useFormPageReady } from './useFormPageReady';
import { useMultistepSections } from './useMultistepSections';
import './multistep.css';

export interface MultistepFormPageProps {
  content: PageVersionContent;
  /** The page and its record: none to create one (it is created when the first step is left). */
  context: PageContext;
  bus: PageBus;
  /** The record's type, for the placement guard. */
  type: TypeSchemaResponse;
  onNavigate(action: NavigationAction): void;
  onDirtyChange?(dirty: boolean): void;
  /** The last step saved: the record, as the save reported it. */
  onFinished?(record: SavedEntity): void;
}

/**
 * A single-record multistep page (spec 01 §2, spec 03 §5, decision 0093): its sections one at a
 * time with the step position, Back, and Next — which checks the section's components (the client
 * rules and the server's custom validation, the other sections excluded) — and Save on the last.
 * A new record is created when its first step is left, so later steps (its relationship fields)
 * edit a stored record; the last Save writes the rest.
 */
export function MultistepFormPage({
  content,
  context,
  bus,
  type,
  onNavigate,
  onDirtyChange,
  onFinished,
}: MultistepFormPageProps) {
  const [step, setStep] = useState(0);
  const [isBusy, setBusy] = useState(false);
  const isReady = useFormPageReady(bus);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const problems = useMemo(() => multistepGuard(content, type), [content, type]);
  const { sections, shown, announce } = useMultistepSections(content, bus, step);
  const isNew = context.record == null && createdId === null;
  const isLast = step >= sections.length - 1;
  const isView = context.formMode === 'view';

  if (problems.length > 0)
    return (
      <div className="pl-multistep__problems" role="alert">
        <p>This multistep page cannot be shown:</p>
        <ul>
          {[...new Set(problems.map((p) => p.message))].map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </div>
    );

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      // The adapter may have joined after the step was announced: tell it again before asking.
      announce();
      await work();
    } finally {
      setBusy(false);
    }
  };
  const next = () =>
    run(async () => {
      if (isView) return setStep((s) => s + 1);
      // Leaving the first step of a new record creates it (its later steps need it stored).
      const outcome = isNew ? await saveFormPage(bus) : await validateFormPage(bus);
      if (!outcome.ok) return;
      const made = outcome.saved[0];
      // A new record must exist before its later steps: no record made, no step taken.
      if (isNew && !made) return;
      if (made) setCreatedId(made.id);
      setStep((s) => Math.min(s + 1, sections.length - 1));
    });
  const save = () =>
    run(async () => {
      const outcome = await saveFormPage(bus);
      if (!outcome.ok) return;
      const id = outcome.saved[0]?.id ?? createdId ?? context.record?.id;
      if (id !== undefined && id !== null)
        onFinished?.({ id, typeId: type.type.id, name: outcome.saved[0]?.name ?? null });
    });
  const section = sections[step];
  return (
    <section className="pl-multistep" aria-label={section?.name ?? 'Steps'}>
      {sections.length > 0 && (
        <header className="pl-multistep__header">
          <p className="pl-multistep__position" aria-live="polite">
            Step {step + 1} of {sections.length}
          </p>
          <ol className="pl-multistep__steps">
            {sections.map((s, i) => (
              <li
                key={s.id}
                className={i === step ? 'is-current' : i < step ? 'is-done' : undefined}
                {...(i === step ? { 'aria-current': 'step' as const } : {})}
              >
                {s.name}
              </li>
            ))}
          </ol>
        </header>
      )}
      <PageRenderer
        content={shown}
        context={context}
        onNavigate={onNavigate}
        {...(onDirtyChange ? { onDirtyChange } : {})}
        bus={bus}
      />
      <div className="pl-multistep__actions">
        {step > 0 && (
          <Button variant="outline" onPress={() => setStep((s) => Math.max(0, s - 1))} isDisabled={isBusy}>
            Back
          </Button>
        )}
        {!isLast ? (
          <Button variant="primary" onPress={next} isDisabled={isBusy || !isReady}>
            Next
          </Button>
        ) : (
          !isView && (
            <Button variant="primary" onPress={save} isDisabled={isBusy || !isReady}>
              {context.formMode === 'edit' ? 'Update' : 'Save'}
            </Button>
          )
        )}
      </div>
    </section>
  );
}
