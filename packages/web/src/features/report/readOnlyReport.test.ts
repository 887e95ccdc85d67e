import { systemAction } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { readOnlyActions, readOnlyIntent } from './readOnlyReport';

const action = (state: string, method: string, extra = {}) =>
  systemAction({ id: -1, name: state, method: method as never, state, order: 0, ...extra });

describe('readOnlyActions', () => {
  it('keeps viewing, exports and the report’s own view; drops every action that writes', () => {
    const kept = readOnlyActions([
      action('createForm', 'navigate', { isnew: true }),
      action('viewForm', 'navigate'),
      action('editForm', 'navigate'),
      action('delete', 'delete'),
      action('editInline', 'custom'),
      action('enterMultiSelectMode', 'custom'),
      action('excel', 'export'),
      action('downloadDocument', 'custom'),
      action('replaceDocument', 'custom'),
      action('handleAdd', 'custom'),
      action('handleRemove', 'custom'),
    ]);
    expect(kept.map((a) => a.state)).toEqual([
      'viewForm',
      'enterMultiSelectMode',
      'excel',
      'downloadDocument',
    ]);
  });
});

describe('readOnlyIntent', () => {
  it('opens records in view mode and creates none', () => {
    expect(readOnlyIntent({ kind: 'editForm', recordId: 5 })).toEqual({ kind: 'viewForm', recordId: 5 });
    expect(readOnlyIntent({ kind: 'createForm', typeId: 3 })).toBeNull();
    expect(readOnlyIntent({ kind: 'task', taskId: 9 })).toEqual({ kind: 'task', taskId: 9 });
  });
});
