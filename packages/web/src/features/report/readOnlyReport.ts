import type { NavigationIntent, QuickMenuAction } from '@plinth/grid';

/** The action states that create, change or delete records (spec 02 §3 'Action'). */
const writingStates = new Set([
  'createForm',
  'editForm',
  'delete',
  'editInline',
  'replaceDocument',
  'handleAdd',
  'handleRemove',
]);

/**
 * The actions a read-only report keeps (spec 01 §4 read-only, decision 0109): none that creates,
 * changes or deletes records — no New, Edit, Edit Inline, Delete, Replace file, relationship add or
 * remove. Viewing, exporting, multi-select, downloads and the report's own view stay.
 */
export function readOnlyActions(actions: readonly QuickMenuAction[]): QuickMenuAction[] {
  return actions.filter((a) => !a.isnew && a.method !== 'delete' && !writingStates.has(a.state));
}

/** Where a read-only report's navigation goes: records open in view mode; it creates none. */
export function readOnlyIntent(intent: NavigationIntent): NavigationIntent | null {
  if (intent.kind === 'editForm') return { kind: 'viewForm', recordId: intent.recordId };
  if (intent.kind === 'createForm') return null;
  return intent;
}
