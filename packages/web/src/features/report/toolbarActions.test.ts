import type { QuickMenuAction } from '@plinth/grid';
import { systemAction } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { actionKey, actionLabel, toolbarActions } from './toolbarActions';

const action = (id: number, state: string, flags: Partial<QuickMenuAction> = {}): QuickMenuAction =>
  systemAction({
    id,
    name: state,
    method: 'custom',
    state,
    order: id,
    displayname: state,
    emptyname: `${state} (none)`,
    multiname: `${state} selected`,
    ...flags,
  });

describe('toolbarActions', () => {
  const actions = [
    action(5, 'delete', { method: 'delete', iscontext: true, isselect: true, ismultiselect: true }),
    action(1, 'createForm', { method: 'navigate', isnew: true, isbutton: true }),
    action(2, 'csv', { method: 'export' }),
    action(3, 'enterMultiSelectMode'),
    action(4, 'exitMultiSelectMode'),
    action(6, 'editInline', { isbutton: true }),
  ];

  it('places New, buttons, exports, the overflow and the context menu', () => {
    const places = toolbarActions(actions, 'default');
    expect(places.create.map((a) => a.state)).toEqual(['createForm']);
    expect(places.buttons.map((a) => a.state)).toEqual(['editInline']);
    expect(places.exports.map((a) => a.state)).toEqual(['csv']);
    expect(places.overflow.map((a) => a.state)).toEqual(['enterMultiSelectMode', 'delete']);
    expect(places.context.map((a) => a.state)).toEqual(['delete']);
  });

  it('offers Exit multi-select only in multi-select mode, and no Edit Inline while editing', () => {
    expect(toolbarActions(actions, 'multiSelect').overflow.map((a) => a.state)).toEqual([
      'exitMultiSelectMode',
      'delete',
    ]);
    expect(toolbarActions(actions, 'inlineEditing').buttons).toEqual([]);
  });

  it('labels an action by the selection: empty, one or several', () => {
    const del = actions[0]!;
    expect(actionLabel(del, 0)).toBe('delete (none)');
    expect(actionLabel(del, 1)).toBe('delete');
    expect(actionLabel(del, 3)).toBe('delete selected');
  });
});

describe('actionKey', () => {
  it('keeps the three exports apart though the server gives them the one id -2', () => {
    const exports = ['excel', 'csv', 'word'].map((state) => action(-2, state, { method: 'export' }));
    expect(new Set(exports.map(actionKey)).size).toBe(3);
  });
});
