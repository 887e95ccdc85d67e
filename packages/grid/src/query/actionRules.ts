import type { NavigationIntent, QuickMenuAction, RowId } from '../types.js';

export interface ActionSelection {
  selectedIds: readonly RowId[];
  /** Whether the selected records are files (a document report, 'core:document'). */
  areFiles: boolean;
}

const isTemporaryId = (id: RowId) => id < 0;

/** The states of the record actions that the server must return to be kept. */
const serverOnlyStates = new Set(['viewForm', 'editForm', 'delete']);
const relationshipStates = new Set(['handleAdd', 'handleRemove']);

/**
 * Whether an action can run on a selection (spec 02 §5 "Actions"): disabled when the server
 * disabled it; select-actions need a selection (single-select exactly one, multi-select at least
 * one); delete refuses temporary ids; generate-document needs one record and a template; download
 * and preview need exactly one file.
 */
export function isActionEnabled(
  action: QuickMenuAction,
  { selectedIds, areFiles }: ActionSelection,
): boolean {
  if (!action.isenabled) return false;
  const count = selectedIds.length;
  if (action.isselect && (action.ismultiselect ? count < 1 : count !== 1)) return false;
  if (action.method === 'delete' && selectedIds.some(isTemporaryId)) return false;
  if (action.method === 'generate') {
    const template = action.data?.ReportTemplateId;
    if (count !== 1 || template === undefined || template === null || template === '') return false;
  }
  if (action.state === 'downloadDocument' || action.state === 'previewFile') {
    if (count !== 1 || !areFiles) return false;
  }
  return true;
}

export interface ReportActionsInput {
  /** The actions the server returned for the selection. */
  server: readonly QuickMenuAction[];
  /** The actions the report's builder configured, when any. */
  configured?: readonly QuickMenuAction[] | undefined;
  isBuildMode: boolean;
  /** Removes the relationship add and remove actions. */
  hideRelationshipActions?: boolean;
}

/**
 * The actions a report offers (spec 02 §5 "Actions"): builder actions override in build mode;
 * otherwise configured view, edit and delete actions are kept only if the server returned them,
 * and the others as they are; relationship add/remove can be removed.
 */
export function reportActions({
  server,
  configured,
  isBuildMode,
  hideRelationshipActions,
}: ReportActionsInput): QuickMenuAction[] {
  let actions: QuickMenuAction[];
  if (isBuildMode && configured) actions = [...configured];
  else if (configured) {
    const returned = new Set(server.map((a) => a.state));
    const kept = configured.filter((a) => !serverOnlyStates.has(a.state) || returned.has(a.state));
    const keptKeys = new Set(kept.map((a) => `${a.id}:${a.state}`));
    actions = [...kept, ...server.filter((a) => !keptKeys.has(`${a.id}:${a.state}`))];
  } else actions = [...server];
  if (hideRelationshipActions) actions = actions.filter((a) => !relationshipStates.has(a.state));
  return actions.sort((a, b) => a.order - b.order);
}

/** Whether the user may edit a record: an enabled edit-form action among the actions. */
export function canEditRecord(actions: readonly QuickMenuAction[]): boolean {
  return actions.some((a) => a.method === 'navigate' && a.state === 'editForm' && a.isenabled);
}

/** The intent to open a record: the edit form falls back to the view form when editing is not granted. */
export function openRecordIntent(
  recordId: RowId,
  wanted: 'viewForm' | 'editForm',
  actions: readonly QuickMenuAction[],
): NavigationIntent {
  return wanted === 'editForm' && canEditRecord(actions)
    ? { kind: 'editForm', recordId }
    : { kind: 'viewForm', recordId };
}
