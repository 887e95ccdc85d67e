import { describe, expect, it } from 'vitest';
import type { QuickMenu } from '../../types.js';
import {
  action,
  deferred,
  deleteAction,
  editAction,
  flush,
  quickMenu,
  startReport,
  viewAction,
} from '../reportMachineHarness.js';
import { canRunAction, canUseGrid, countText, openDialog } from '../reportSelectors.js';

describe('report machine: selection and the quick menu', () => {
  it('fetches the quick menu for a new selection', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: [4] });
    expect(report.snapshot().matches('fetchingQuickMenuActions')).toBe(true);
    await report.settled();
    expect(report.calls.fetchQuickMenuActions.at(-1)).toEqual({ reportId: 501, selectedIds: [4] });
    expect(report.snapshot().context.selectedIds).toEqual([4]);
  });

  it('discards a stale quick-menu answer when the selection changed meanwhile', async () => {
    const first = deferred<QuickMenu>();
    const second = deferred<QuickMenu>();
    let call = 0;
    const report = startReport({
      stubs: {
        fetchQuickMenuActions: async () => {
          call++;
          if (call === 2) return first.promise;
          if (call === 3) return second.promise;
          return quickMenu();
        },
      },
    });
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: [1] });
    await flush();
    report.actor.send({ type: 'SELECT_ROWS', ids: [2] });
    await flush();
    first.resolve(quickMenu([viewAction]));
    await flush();
    expect(report.snapshot().matches('fetchingQuickMenuActions')).toBe(true);
    second.resolve(quickMenu([viewAction, deleteAction]));
    await report.settled();
    expect(report.snapshot().context.quickMenu?.actions.map((a) => a.state)).toEqual(['viewForm', 'delete']);
  });

  it('keeps the grid usable and takes actions while the quick menu is read', async () => {
    const menu = deferred<QuickMenu>();
    let call = 0;
    const report = startReport({
      stubs: {
        fetchQuickMenuActions: async () => (++call === 1 ? quickMenu() : menu.promise),
        deleteEntities: async ({ ids }) => ({ deleted: ids }),
      },
    });
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: [4] });
    expect(canUseGrid(report.snapshot())).toBe(true);
    report.actor.send({ type: 'RUN_ACTION', action: deleteAction });
    expect(openDialog(report.snapshot())).toBe('confirmDelete');
    expect(report.snapshot().context.deleteIds).toEqual([4]);
  });

  it('ignores a quick-menu failure and goes back to ready', async () => {
    let call = 0;
    const report = startReport({
      stubs: {
        fetchQuickMenuActions: async () => (++call === 1 ? quickMenu() : Promise.reject(new Error('x'))),
      },
    });
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: [1] });
    await report.settled();
    expect(report.snapshot().context.quickMenu?.actions).toHaveLength(3);
  });

  it('warns and keeps 200 rows when more are selected', async () => {
    const report = startReport({ recordCount: 1000 });
    await report.settled();
    report.actor.send({ type: 'ENTER_MULTI_SELECT' });
    report.actor.send({ type: 'SELECT_ROWS', ids: Array.from({ length: 201 }, (_, i) => i + 1) });
    await report.settled();
    expect(report.snapshot().context.selectedIds).toHaveLength(200);
    expect(report.toasts).toEqual([{ kind: 'warning', title: 'You cannot select more than 200 items.' }]);
    expect(countText(report.snapshot())).toBe('200 selected');
  });

  it('switches to multi-select when several rows are selected and an action supports it', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: [1, 2] });
    await report.settled();
    expect(report.snapshot().context.mode).toBe('multiSelect');
  });

  it('keeps only the first selected id when leaving multi-select', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({ type: 'ENTER_MULTI_SELECT' });
    report.actor.send({ type: 'SELECT_ROWS', ids: [7, 3, 9] });
    await report.settled();
    report.actor.send({ type: 'EXIT_MULTI_SELECT' });
    await report.settled();
    expect(report.snapshot().context).toMatchObject({ mode: 'default', selectedIds: [7] });
    expect(report.reportedSelections).toEqual([[7, 3, 9]]);
  });
});

describe('report machine: actions and navigation', () => {
  it('opens the edit form, or the view form when editing is not granted', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: [5] });
    await report.settled();
    report.actor.send({ type: 'RUN_ACTION', action: editAction });
    expect(report.intents).toEqual([{ kind: 'editForm', recordId: 5 }]);

    const withoutEdit = startReport({
      stubs: { fetchQuickMenuActions: async () => quickMenu([viewAction]) },
    });
    await withoutEdit.settled();
    withoutEdit.actor.send({ type: 'SELECT_ROWS', ids: [5] });
    await withoutEdit.settled();
    withoutEdit.actor.send({ type: 'RUN_ACTION', action: editAction });
    expect(withoutEdit.intents).toEqual([{ kind: 'viewForm', recordId: 5 }]);
  });

  it('raises create-form, document-export and workflow-run intents', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({
      type: 'RUN_ACTION',
      action: action({
        id: -1,
        method: 'navigate',
        state: 'createForm',
        eid: 10_001,
        data: { TypeDefaultForm: 33 },
      }),
    });
    report.actor.send({ type: 'SELECT_ROWS', ids: [5] });
    await report.settled();
    report.actor.send({
      type: 'RUN_ACTION',
      action: action({ id: 60, method: 'generate', state: 'word', data: { ReportTemplateId: 71 } }),
    });
    report.actor.send({
      type: 'RUN_ACTION',
      action: action({ id: 61, method: 'run', state: 'run', eid: 900 }),
    });
    report.actor.send({
      type: 'RUN_ACTION',
      action: action({ id: 62, method: 'run', state: 'run', eid: 901, data: { WorkflowArgument: 'Deal' } }),
    });
    expect(report.intents).toEqual([
      { kind: 'createForm', typeId: 10_001, formId: 33 },
      { kind: 'documentExport', recordId: 5, templateId: 71 },
      { kind: 'workflowRun', workflowId: 900, resourceIds: [5] },
      { kind: 'workflowRun', workflowId: 901, resourceIds: [5], argumentName: 'Deal' },
    ]);
  });

  it('does nothing for a disabled action and hands document actions to the host', async () => {
    const report = startReport({
      stubs: { fetchReportEntity: async () => ({ typeAlias: 'core:document', inheritedTypeAliases: [] }) },
    });
    await report.settled();
    report.actor.send({ type: 'SELECT_ROWS', ids: [5] });
    await report.settled();
    const download = action({ id: -2, method: 'custom', state: 'downloadDocument', isselect: true });
    expect(canRunAction(report.snapshot(), download)).toBe(true);
    report.actor.send({ type: 'RUN_ACTION', action: { ...download, isenabled: false } });
    report.actor.send({ type: 'RUN_ACTION', action: download });
    expect(report.hostActions).toEqual([{ action: download, selectedIds: [5] }]);
  });

  it('enters multi-select from the Multi-select action', async () => {
    const report = startReport();
    await report.settled();
    report.actor.send({
      type: 'RUN_ACTION',
      action: action({ id: -5, method: 'custom', state: 'enterMultiSelectMode' }),
    });
    expect(report.snapshot().context.mode).toBe('multiSelect');
  });
});

describe('report machine: fetchingRowEntity (row double-click)', () => {
  it('opens a task as a task and a process run as a run', async () => {
    const report = startReport({
      stubs: { fetchRowEntity: async ({ eid }) => ({ id: eid, isTask: eid === 1, isProcessRun: eid === 2 }) },
    });
    await report.settled();
    report.actor.send({ type: 'OPEN_ROW', eid: 1 });
    expect(report.snapshot().matches('fetchingRowEntity')).toBe(true);
    await report.settled();
    report.actor.send({ type: 'OPEN_ROW', eid: 2 });
    await report.settled();
    expect(report.intents).toEqual([
      { kind: 'task', taskId: 1 },
      { kind: 'processRun', runId: 2 },
    ]);
  });

  it('opens the edit form by setting, falling back to the view form for a record that cannot be modified', async () => {
    const report = startReport({
      input: { doubleClickOpens: 'editForm' },
      stubs: { fetchRowEntity: async ({ eid }) => ({ id: eid, canModify: eid === 1 }) },
    });
    await report.settled();
    report.actor.send({ type: 'OPEN_ROW', eid: 1 });
    await report.settled();
    report.actor.send({ type: 'OPEN_ROW', eid: 2 });
    await report.settled();
    expect(report.intents).toEqual([
      { kind: 'editForm', recordId: 1 },
      { kind: 'viewForm', recordId: 2 },
    ]);
  });

  it('ignores a row fetch failure and opens the form the setting names', async () => {
    const report = startReport({ stubs: { fetchRowEntity: async () => Promise.reject(new Error('gone')) } });
    await report.settled();
    report.actor.send({ type: 'OPEN_ROW', eid: 3 });
    await report.settled();
    expect(report.intents).toEqual([{ kind: 'viewForm', recordId: 3 }]);
  });
});
