import { Button, ConfirmDialog, ErrorDisplay, LoadingGrid, toast } from '@plinth/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/apiClient';
import { Link } from '../../app/router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { AdminTabs, CheckList, messageOf, PropertyText } from '../admin/public';
import { useLeaveGuard } from '../builder/public';
import { ArgumentsPanel } from './ArgumentsPanel';
import { StepsPanel } from './StepsPanel';
import type { WorkflowRecord } from './workflowApi';
import {
  checkDraft,
  type DraftErrors,
  draftOf,
  emptyDraft,
  hasErrors,
  noErrors,
  refusalErrors,
  renameVariable,
  type WorkflowDraft,
} from './workflowDraft';
import type { WorkflowServices } from './workflowServices';

export interface WorkflowEditorProps {
  services: WorkflowServices;
  /** The workflow opened, or 'new' for one not saved yet. */
  workflowId: number | 'new';
  roles: ReadonlyArray<{ id: number; name: string }>;
  /** Told the id of a new workflow once it is saved (the page moves to its address). */
  onCreated: (id: number) => void;
  /** Asks before leaving unsaved changes (window.confirm unless a test gives one). */
  confirm?: (question: string) => boolean;
}

/** A workflow as read, and which read it was (a reload starts the form afresh). */
type Loaded = { record: WorkflowRecord | null; draft: WorkflowDraft; generation: number };

/**
 * One workflow's editor (decision 0130): its name, description, who may run it, its input arguments
 * and its steps. Save checks the definition with the schema first, then sends it over the version
 * read; the server compiles every expression and refuses a step that does not compile, which is
 * shown on that step, and a version someone saved since, which is told: nothing typed is lost.
 */
export function WorkflowEditor({ services, workflowId, roles, onCreated, confirm }: WorkflowEditorProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(
    workflowId === 'new' ? { record: null, draft: emptyDraft(), generation: 0 } : null,
  );
  const [loadError, setLoadError] = useState<string | null>(null);
  const read = useCallback(
    async (signal?: AbortSignal) => {
      if (workflowId === 'new') return;
      try {
        const record = await services.api.read(workflowId, signal);
        if (!record) return setLoadError('The workflow was not found. Someone may have deleted it.');
        setLoaded((before) => ({
          record,
          draft: draftOf(record),
          generation: (before?.generation ?? 0) + 1,
        }));
        setLoadError(null);
      } catch (failure) {
        if (!signal?.aborted) setLoadError(messageOf(failure));
      }
    },
    [services, workflowId],
  );
  // A workflow is read once, when the editor opens; a new one just saved is already here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only by Reload.
  useEffect(() => {
    const controller = new AbortController();
    void read(controller.signal);
    return () => controller.abort();
  }, []);

  if (loadError) return <ErrorDisplay message={loadError} homeHref="/admin/workflows" />;
  if (!loaded) return <LoadingGrid columns={2} rows={6} />;
  return (
    <WorkflowForm
      key={loaded.generation}
      services={services}
      loaded={loaded}
      roles={roles}
      onCreated={onCreated}
      onReload={read}
      {...(confirm ? { confirm } : {})}
    />
  );
}

function WorkflowForm({
  services,
  loaded,
  roles,
  onCreated,
  onReload,
  confirm,
}: Omit<WorkflowEditorProps, 'workflowId'> & { loaded: Loaded; onReload: () => Promise<void> }) {
  const [saved, setSaved] = useState(loaded);
  const [draft, setDraft] = useState(loaded.draft);
  const [errors, setErrors] = useState<DraftErrors>(noErrors);
  const [stale, setStale] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [askReload, setAskReload] = useState(false);
  // A new workflow's steps are open; a saved one's are closed until asked for.
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  // Moves on when a rename rewrote the steps' expressions, so their editors show the new text.
  const [editorRevision, setEditorRevision] = useState(0);
  const rename = (from: string, to: string) => {
    if (!renameVariable(draft.steps, from, to)) return;
    setDraft((d) => ({ ...d, steps: renameVariable(d.steps, from, to) ?? d.steps }));
    setEditorRevision((r) => r + 1);
    toast.info(`The steps that used [${from.trim()}] now use [${to.trim()}].`);
  };
  const form = useRef<HTMLElement>(null);
  // After a refused save, the first value marked is brought into view (once its step has opened).
  const [shownProblems, setShownProblems] = useState<DraftErrors | null>(null);
  useEffect(() => {
    if (!shownProblems) return;
    form.current
      ?.querySelector('.pl-workflow__layout .pl-field__error, .pl-workflow-step__refusal')
      ?.scrollIntoView?.({ block: 'center' });
  }, [shownProblems]);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved.draft);
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  useLeaveGuard(dirtyRef, confirm);
  const title = saved.record?.name || 'New workflow';
  useDocumentTitle(`${title} · Workflows`);

  const edit = (change: Partial<WorkflowDraft>) => setDraft((d) => ({ ...d, ...change }));
  const openSteps = (indexes: number[]) => {
    if (indexes.length === 0) return;
    setExpanded((open) => new Set([...open, ...indexes.map((i) => draft.steps[i]?.id ?? '')]));
  };

  const save = async () => {
    if (isSaving) return;
    const checked = checkDraft(draft);
    setStale(null);
    if (!checked.definition) {
      setErrors(checked.errors);
      setShownProblems(checked.errors);
      openSteps(Object.keys(checked.errors.steps).map(Number));
      return;
    }
    setErrors(noErrors());
    setSaving(true);
    try {
      const { id, version } = await services.api.save(
        saved.record?.id ?? null,
        saved.record?.version ?? null,
        {
          name: draft.name,
          description: draft.description,
          runnableBy: draft.runnableBy,
          definition: checked.definition,
        },
      );
      const record: WorkflowRecord = {
        id,
        version,
        name: draft.name.trim(),
        description: draft.description.trim(),
        definitionText: JSON.stringify(checked.definition),
        runnableBy: draft.runnableBy.map((r) => ({ id: r, name: roles.find((x) => x.id === r)?.name ?? '' })),
        canModify: true,
        canDelete: true,
      };
      setSaved({ record, draft, generation: saved.generation });
      dirtyRef.current = false;
      toast.success(`'${record.name}' was saved.`);
      if (!saved.record) onCreated(id);
    } catch (failure) {
      const refusal = refusalOf(failure, draft.steps.length);
      if (refusal.kind === 'stale') setStale(refusal.message);
      else {
        setErrors(refusal.errors);
        setShownProblems(refusal.errors);
        openSteps(Object.keys(refusal.errors.stepRefusals).map(Number));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section ref={form} className="pl-page pl-admin pl-workflow" aria-labelledby="workflow-title">
      <AdminTabs />
      <nav aria-label="Breadcrumb" className="pl-workflow__crumbs">
        <Link to="/admin/workflows">Workflows</Link>
        <span aria-hidden="true"> › </span>
        <span aria-current="page">{title}</span>
      </nav>
      <div className="pl-admin__toolbar pl-workflow__toolbar">
        <h1 id="workflow-title">{title}</h1>
        <div className="pl-admin__actions">
          {isDirty && <span className="pl-workflow__unsaved">Unsaved changes</span>}
          <Button variant="primary" onPress={() => void save()} isDisabled={isSaving}>
            {isSaving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </div>
      {stale && (
        <div className="pl-workflow__alert" role="alert">
          <p>{stale}</p>
          <p>Your changes are still here. Reload to see theirs (yours are then lost), or copy yours first.</p>
          <Button size="small" variant="outline" onPress={() => setAskReload(true)}>
            Reload the saved workflow
          </Button>
        </div>
      )}
      {(errors.other.length > 0 || hasErrors(errors)) && !stale && (
        <div className="pl-workflow__alert" role="alert">
          <p>The workflow was not saved. Correct what is marked{errors.other.length > 0 ? ':' : '.'}</p>
          {errors.other.length > 0 && (
            <ul>
              {errors.other.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="pl-workflow__layout">
        <div className="pl-workflow__side">
          <section className="pl-admin__panel pl-workflow__panel" aria-labelledby="workflow-about">
            <h2 id="workflow-about">Workflow</h2>
            <div className="pl-workflow__fields">
              <PropertyText
                label="Name"
                value={draft.name}
                onChange={(name) => edit({ name })}
                error={errors.name}
                isRequired
                autoFocus={!saved.record}
              />
              <PropertyText
                label="Description"
                value={draft.description}
                onChange={(description) => edit({ description })}
                multiline
              />
              <div className="pl-workflow__roles">
                <CheckList
                  label="Who may run it"
                  options={roles}
                  selected={draft.runnableBy}
                  onChange={(runnableBy) => edit({ runnableBy })}
                />
                <p className="pl-field__hint">
                  {draft.runnableBy.length === 0
                    ? 'Everyone may run it. Tick roles to allow only their members.'
                    : 'Only members of the ticked roles, and administrators, may run it.'}
                </p>
              </div>
            </div>
          </section>
          <ArgumentsPanel
            value={draft.arguments}
            onChange={(update) => setDraft((d) => ({ ...d, arguments: update(d.arguments) }))}
            objects={services.objects}
            errors={errors.arguments}
            refusal={errors.argumentsRefusal}
            onRename={rename}
          />
        </div>
        <StepsPanel
          services={services}
          draft={draft}
          onStepsChange={(update) => setDraft((d) => ({ ...d, steps: update(d.steps) }))}
          errors={errors}
          expanded={expanded}
          onExpandedChange={setExpanded}
          onRename={rename}
          editorRevision={editorRevision}
        />
      </div>
      <ConfirmDialog
        isOpen={askReload}
        title="Reload the workflow"
        message="Reload the saved workflow? Your changes here are lost."
        onConfirm={() => {
          setAskReload(false);
          dirtyRef.current = false;
          void onReload();
        }}
        onCancel={() => setAskReload(false)}
      />
    </section>
  );
}

/** A refused save: over a version someone saved since, or the values the server named. */
function refusalOf(
  failure: unknown,
  stepCount: number,
): { kind: 'stale'; message: string } | { kind: 'invalid'; errors: DraftErrors } {
  if (failure instanceof ApiError && failure.code === 'precondition_failed')
    return { kind: 'stale', message: failure.message };
  const errors = noErrors();
  if (failure instanceof ApiError && failure.code === 'validation_failed') {
    const details =
      (failure.details as { errors?: Array<{ member?: unknown; message?: unknown }> })?.errors ?? [];
    const definition: string[] = [];
    for (const e of details) {
      if (typeof e.message !== 'string') continue;
      if (e.member === 'workflowDefinition') definition.push(e.message);
      else if (e.member === 'name') errors.name = e.message;
      else errors.other.push(e.message);
    }
    const byStep = refusalErrors(definition, stepCount);
    if (details.length > 0)
      return {
        kind: 'invalid',
        errors: {
          ...byStep,
          ...(errors.name ? { name: errors.name } : {}),
          other: [...errors.other, ...byStep.other],
        },
      };
  }
  errors.other.push(messageOf(failure));
  return { kind: 'invalid', errors };
}
