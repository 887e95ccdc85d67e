import { type ActionItem, recordActionIds } from '@plinth/schema';
import { Button, MenuButton } from '@plinth/ui';
import { useEffect, useState } from 'react';
import { fetchFormActions } from '../../../api/formApi';
import { useSession } from '../../auth/public';
import { generateDocument } from '../../documentTemplates/public';
import type { PageBus } from '../../pages/public';
import { runAndAnnounce } from '../../workflowRuns/public';

export interface RecordActionsProps {
  typeId: number;
  /** The record shown; none for a new one. */
  recordId: number | undefined;
  /** Opens a new record of a type (one of the type-creation menu's); without it no New is offered. */
  onCreate?: ((typeId: number) => void) | undefined;
  /** Starts the delete flow for the record; without it no Delete is offered. */
  onDelete?: (() => void) | undefined;
  /**
   * The record's form page's bus, told EXPORT_DOCUMENT_COMPLETED when a document is generated, and
   * WORKFLOW_STOP then REFRESH when a workflow run on the record stops.
   */
  bus?: PageBus | undefined;
  /** Opens the task a workflow run on the record waits for the user to do. */
  onTask?: ((taskId: number) => void) | undefined;
}

/** The actions a record's form offers, as the server enables them for it (actions/formActions). */
export function useFormActions(typeId: number, recordId: number | undefined): ActionItem[] {
  const { client } = useSession();
  const [actions, setActions] = useState<ActionItem[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    let isCurrent = true;
    fetchFormActions(
      client,
      { entityTypeId: typeId, ids: recordId === undefined ? [] : [recordId] },
      { signal: controller.signal, isCurrent: () => isCurrent },
    ).then(
      (menu) => {
        if (menu) setActions(menu.actions);
      },
      // Without actions the form still shows and saves; the buttons are what is lost.
      () => setActions([]),
    );
    return () => {
      isCurrent = false;
      controller.abort();
    };
  }, [client, typeId, recordId]);
  return actions;
}

/**
 * A record form's action buttons (spec 03 §1): the type-creation menu — New, listing the type and
 * the derived types the user may create, a plain button when there is only one — the documents the
 * record's templates generate (decision 0129), and Delete, enabled only when the server says this
 * record may be deleted.
 */
export function RecordActions({ typeId, recordId, onCreate, onDelete, bus, onTask }: RecordActionsProps) {
  const { client } = useSession();
  const actions = useFormActions(typeId, recordId);
  const [isGenerating, setGenerating] = useState(false);
  const creatable = onCreate ? actions.filter((a) => a.isnew && a.isenabled) : [];
  const generators =
    recordId === undefined ? [] : actions.filter((a) => a.method === 'generate' && a.isenabled);
  const workflows = recordId === undefined ? [] : actions.filter((a) => a.method === 'run' && a.isenabled);
  const [isRunning, setRunning] = useState(false);
  const run = async (action: ActionItem) => {
    const argument = action.data?.WorkflowArgument;
    if (recordId === undefined || typeof argument !== 'string') return;
    setRunning(true);
    try {
      const ran = await runAndAnnounce(client, action.eid, [{ name: argument, value: { id: recordId } }]);
      if (!ran || ran.outcome.kind !== 'stopped') return;
      bus?.send({ type: 'WORKFLOW_STOP', runId: ran.outcome.run.id });
      bus?.send({ type: 'REFRESH' });
      if (ran.pendingTask) onTask?.(ran.pendingTask.id);
    } finally {
      setRunning(false);
    }
  };
  const remove = actions.find((a) => a.id === recordActionIds.delete);
  const canDelete = onDelete !== undefined && recordId !== undefined && remove?.isenabled === true;
  const generate = async (action: ActionItem) => {
    const templateId = Number(action.data?.ReportTemplateId);
    if (recordId === undefined || !Number.isSafeInteger(templateId) || templateId <= 0) return;
    setGenerating(true);
    try {
      await generateDocument(
        client,
        { recordId, templateId },
        { onCompleted: () => bus?.send({ type: 'EXPORT_DOCUMENT_COMPLETED' }) },
      );
    } finally {
      setGenerating(false);
    }
  };
  if (creatable.length === 0 && generators.length === 0 && workflows.length === 0 && !canDelete) return null;
  return (
    <div className="pl-record-view__actions" role="toolbar" aria-label="Record actions">
      {creatable.length === 1 && (
        <Button variant="outline" onPress={() => onCreate?.(creatable[0]!.eid)}>
          {creatable[0]!.displayname}
        </Button>
      )}
      {creatable.length > 1 && (
        <MenuButton
          label="New"
          variant="outline"
          items={creatable.map((a) => ({
            id: `new-${a.eid}`,
            label: a.label ?? a.name,
            onAction: () => onCreate?.(a.eid),
          }))}
        />
      )}
      {generators.length === 1 && (
        <Button variant="outline" isDisabled={isGenerating} onPress={() => void generate(generators[0]!)}>
          {generators[0]!.label ?? generators[0]!.displayname}
        </Button>
      )}
      {generators.length > 1 && (
        <MenuButton
          label="Generate document"
          variant="outline"
          isDisabled={isGenerating}
          items={generators.map((a) => ({
            id: `generate-${a.id}`,
            label: a.label ?? a.name,
            onAction: () => void generate(a),
          }))}
        />
      )}
      {workflows.length > 0 && (
        <MenuButton
          label="Run workflow"
          variant="outline"
          isDisabled={isRunning}
          items={workflows.map((a) => ({
            id: `run-${a.id}`,
            label: a.label ?? a.name,
            onAction: () => void run(a),
          }))}
        />
      )}
      {canDelete && (
        <Button variant="outline" onPress={onDelete}>
          {remove.label ?? remove.name}
        </Button>
      )}
    </div>
  );
}
