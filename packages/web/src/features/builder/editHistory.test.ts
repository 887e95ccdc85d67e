import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createEditHistory,
  type EditHistory,
  editHistoryLimit,
  push,
  redo,
  undo,
  useEditHistory,
} from './editHistory';

const pushAll = (history: EditHistory<number>, values: number[]) =>
  values.reduce((h, v) => push(h, v), history);

describe('editHistory', () => {
  it('starts with nothing to undo or redo', () => {
    const history = createEditHistory('a');
    expect(history.present).toBe('a');
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    expect(redo(history)).toBe(history);
  });

  it('undoes and redoes steps in order', () => {
    let history = pushAll(createEditHistory(0), [1, 2, 3]);
    history = undo(undo(history));
    expect(history.present).toBe(1);
    expect(canRedo(history)).toBe(true);
    history = redo(history);
    expect(history.present).toBe(2);
    history = redo(history);
    expect(history.present).toBe(3);
    expect(canRedo(history)).toBe(false);
    history = undo(undo(undo(history)));
    expect(history.present).toBe(0);
    expect(canUndo(history)).toBe(false);
  });

  it('clears what could be redone when a new change is made', () => {
    let history = undo(undo(pushAll(createEditHistory(0), [1, 2, 3])));
    history = push(history, 10);
    expect(history.present).toBe(10);
    expect(canRedo(history)).toBe(false);
    expect(undo(history).present).toBe(1);
  });

  it('keeps 150 steps, so 100 and more can be undone', () => {
    let history = pushAll(
      createEditHistory(0),
      Array.from({ length: 150 }, (_, i) => i + 1),
    );
    for (let i = 0; i < 150; i++) history = undo(history);
    expect(history.present).toBe(0);
    for (let i = 0; i < 150; i++) history = redo(history);
    expect(history.present).toBe(150);
  });

  it(`drops the oldest steps beyond ${editHistoryLimit}`, () => {
    let history = pushAll(
      createEditHistory(0),
      Array.from({ length: 250 }, (_, i) => i + 1),
    );
    expect(history.past).toHaveLength(editHistoryLimit);
    while (canUndo(history)) history = undo(history);
    expect(history.present).toBe(250 - editHistoryLimit);
  });

  it('merges consecutive changes with the same coalesce key into one step', () => {
    let history = createEditHistory('');
    history = push(history, 'T', 'name');
    history = push(history, 'Ti', 'name');
    history = push(history, 'Tit', 'name');
    history = push(history, 'Title 2', 'other');
    expect(history.past).toEqual(['', 'Tit']);
    expect(undo(history).present).toBe('Tit');
    expect(undo(undo(history)).present).toBe('');
  });

  it('starts a new step after an undo, a redo or a change without a key', () => {
    let history = push(push(createEditHistory(''), 'a', 'name'), 'ab', 'name');
    history = push(undo(history), 'x', 'name');
    expect(history.past).toEqual(['']);
    history = push(push(createEditHistory(''), 'a', 'name'), 'b');
    history = push(history, 'bc', 'name');
    expect(history.past).toEqual(['', 'a', 'b']);
  });

  it('takes no step for a change to the same value', () => {
    const history = push(createEditHistory({ n: 1 }), { n: 2 });
    expect(push(history, history.present)).toBe(history);
  });
});

describe('useEditHistory', () => {
  it('sets, undoes, redoes and resets a value', () => {
    const { result } = renderHook(() => useEditHistory(1));
    expect(result.current.value).toBe(1);
    act(() => result.current.set(2));
    act(() => result.current.set((n) => n + 1));
    expect(result.current.value).toBe(3);
    expect(result.current.canUndo).toBe(true);
    act(() => result.current.undo());
    expect(result.current.value).toBe(2);
    expect(result.current.canRedo).toBe(true);
    act(() => result.current.redo());
    expect(result.current.value).toBe(3);
    act(() => result.current.reset(9));
    expect(result.current).toMatchObject({ value: 9, canUndo: false, canRedo: false });
  });

  it('coalesces a field typed into, and keeps its callbacks stable', () => {
    const { result } = renderHook(() => useEditHistory(''));
    const { set, undo } = result.current;
    act(() => set('a', 'title'));
    act(() => set((v) => `${v}b`, 'title'));
    expect(result.current.value).toBe('ab');
    expect(result.current.set).toBe(set);
    act(() => undo());
    expect(result.current.value).toBe('');
  });
});
