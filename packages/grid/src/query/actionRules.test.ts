import { systemAction } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import type { QuickMenuAction } from '../types.js';
import { isActionEnabled, openRecordIntent, reportActions } from './actionRules.js';

const action = (partial: Partial<QuickMenuAction>): QuickMenuAction =>
  systemAction({ id: 1, name: 'A', method: 'custom', state: 'x', order: 0, issystem: false, ...partial });
const none = { selectedIds: [], areFiles: false };
const one = { selectedIds: [5], areFiles: false };
const two = { selectedIds: [5, 6], areFiles: false };

describe('isActionEnabled', () => {
  it('is disabled when the server disabled the action', () => {
    expect(isActionEnabled(action({ isenabled: false }), one)).toBe(false);
    expect(isActionEnabled(action({}), none)).toBe(true);
  });

  it('needs exactly one row for single-select actions and one or more for multi-select ones', () => {
    const single = action({ isselect: true });
    const multi = action({ isselect: true, ismultiselect: true });
    expect([none, one, two].map((s) => isActionEnabled(single, s))).toEqual([false, true, false]);
    expect([none, one, two].map((s) => isActionEnabled(multi, s))).toEqual([false, true, true]);
  });

  it('disables delete when a selected record is not saved yet', () => {
    const del = action({ method: 'delete', state: 'delete', isselect: true, ismultiselect: true });
    expect(isActionEnabled(del, { selectedIds: [5, -1], areFiles: false })).toBe(false);
    expect(isActionEnabled(del, two)).toBe(true);
  });

  it('needs one record and a template to generate a document', () => {
    const generate = action({ method: 'generate', state: 'word', data: { ReportTemplateId: 12 } });
    expect(isActionEnabled(generate, one)).toBe(true);
    expect(isActionEnabled(generate, two)).toBe(false);
    expect(isActionEnabled(action({ method: 'generate' }), one)).toBe(false);
  });

  it('needs exactly one selected file to download or preview', () => {
    const download = action({ state: 'downloadDocument' });
    const preview = action({ state: 'previewFile' });
    expect(isActionEnabled(download, { selectedIds: [5], areFiles: true })).toBe(true);
    expect(isActionEnabled(preview, { selectedIds: [5], areFiles: false })).toBe(false);
    expect(isActionEnabled(download, { selectedIds: [5, 6], areFiles: true })).toBe(false);
  });
});

describe('reportActions', () => {
  const view = action({ id: -10, method: 'navigate', state: 'viewForm', order: 1 });
  const edit = action({ id: -11, method: 'navigate', state: 'editForm', order: 2 });
  const del = action({ id: -12, method: 'delete', state: 'delete', order: 3 });
  const workflow = action({ id: 44, method: 'run', state: 'run', order: 4 });
  const add = action({ id: 45, state: 'handleAdd', order: 5 });

  it('keeps configured view, edit and delete only when the server returned them', () => {
    const actions = reportActions({
      server: [view],
      configured: [view, edit, del, workflow],
      isBuildMode: false,
    });
    expect(actions.map((a) => a.state)).toEqual(['viewForm', 'run']);
  });

  it('uses the builder actions in build mode', () => {
    expect(reportActions({ server: [view], configured: [edit, workflow], isBuildMode: true })).toEqual([
      edit,
      workflow,
    ]);
  });

  it('removes relationship actions by option', () => {
    expect(reportActions({ server: [view, add], isBuildMode: false, hideRelationshipActions: true })).toEqual(
      [view],
    );
  });
});

describe('openRecordIntent', () => {
  it('opens the edit form when editing is granted, else the view form', () => {
    const edit = action({ method: 'navigate', state: 'editForm' });
    expect(openRecordIntent(3, 'editForm', [edit])).toEqual({ kind: 'editForm', recordId: 3 });
    expect(openRecordIntent(3, 'editForm', [{ ...edit, isenabled: false }])).toEqual({
      kind: 'viewForm',
      recordId: 3,
    });
    expect(openRecordIntent(3, 'viewForm', [edit])).toEqual({ kind: 'viewForm', recordId: 3 });
  });
});
