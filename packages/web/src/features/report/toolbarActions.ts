import type { QuickMenuAction, ReportMode } from '@plinth/grid';

/** Where the toolbar shows each offered action (spec 02 §2 toolbar, §3 action flags). */
export interface ToolbarActions {
  /** New: a button for one creatable type, a menu for several. */
  create: QuickMenuAction[];
  /** Primary buttons beside New. */
  buttons: QuickMenuAction[];
  /** The Export menu: Excel, CSV, Word. */
  exports: QuickMenuAction[];
  /** The overflow menu. */
  overflow: QuickMenuAction[];
  /** The row context menu. */
  context: QuickMenuAction[];
}

const modeActionStates: Record<string, (mode: ReportMode) => boolean> = {
  enterMultiSelectMode: (mode) => mode === 'default',
  exitMultiSelectMode: (mode) => mode === 'multiSelect',
  editInline: (mode) => mode !== 'inlineEditing',
};

/**
 * Sorts the offered actions into the toolbar's places. Multi-select shows outside multi-select
 * mode and Exit multi-select inside it; Edit Inline hides while editing.
 */
export function toolbarActions(actions: readonly QuickMenuAction[], mode: ReportMode): ToolbarActions {
  const shown = actions.filter((a) => modeActionStates[a.state]?.(mode) ?? true);
  const byOrder = (a: QuickMenuAction, b: QuickMenuAction) => a.order - b.order;
  const isCreate = (a: QuickMenuAction) => a.isnew;
  const isExport = (a: QuickMenuAction) => a.method === 'export';
  return {
    create: shown.filter(isCreate).sort(byOrder),
    buttons: shown.filter((a) => a.isbutton && !isCreate(a) && !isExport(a)).sort(byOrder),
    exports: shown.filter(isExport).sort(byOrder),
    overflow: shown.filter((a) => a.ismenu && !a.isbutton && !isCreate(a) && !isExport(a)).sort(byOrder),
    context: shown.filter((a) => a.iscontext).sort(byOrder),
  };
}

/** An action's label for the selection: its empty, single or multiple name, or a custom label. */
export function actionLabel(action: QuickMenuAction, selectedCount: number): string {
  if (selectedCount > 1 && action.ismultiselect) return action.multiname || action.displayname;
  if (selectedCount === 0 && action.isselect) return action.emptyname || action.displayname;
  return action.displayname || action.name;
}

/**
 * A key for an action in a menu or a row of buttons. The server gives the three exports (Excel,
 * CSV, Word) the one fixed id -2, so the id alone would fold them into one menu item.
 */
export function actionKey(action: QuickMenuAction): string {
  return `${action.id}:${action.method}:${action.state}`;
}
