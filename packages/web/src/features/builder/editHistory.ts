import { useCallback, useMemo, useState } from 'react';

/**
 * Undo and redo of the builder's edits (issue 20 item 7): every value the page has been, as an
 * immutable structure, so a drag, a property edit and a delete are each one step. Consecutive
 * changes with the same coalesce key (typing into one field) are one step.
 */
export interface EditHistory<T> {
  /** Earlier values, oldest first. */
  readonly past: readonly T[];
  readonly present: T;
  /** Values undone, the next to redo first. */
  readonly future: readonly T[];
  /** The coalesce key of the change that made `present`, while further changes may merge into it. */
  readonly coalesceKey?: string;
}

/** Steps kept: at least 100 (issue 20), the oldest dropped beyond. */
export const editHistoryLimit = 200;

/** A fresh history at `value` (a page loaded or saved): nothing to undo or redo. */
export function createEditHistory<T>(value: T): EditHistory<T> {
  return { past: [], present: value, future: [] };
}

/**
 * Makes `next` the present value. The same value is no step; with the coalesce key of the change
 * before it, it replaces that change instead of adding a step. Anything undone can no longer be
 * redone.
 */
export function push<T>(history: EditHistory<T>, next: T, coalesceKey?: string): EditHistory<T> {
  if (Object.is(next, history.present)) return history;
  const merges = coalesceKey !== undefined && coalesceKey === history.coalesceKey;
  const past = merges ? history.past : [...history.past, history.present].slice(-editHistoryLimit);
  return coalesceKey === undefined
    ? { past, present: next, future: [] }
    : { past, present: next, future: [], coalesceKey };
}

export function undo<T>(history: EditHistory<T>): EditHistory<T> {
  if (history.past.length === 0) return history;
  return {
    past: history.past.slice(0, -1),
    present: history.past.at(-1) as T,
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: EditHistory<T>): EditHistory<T> {
  if (history.future.length === 0) return history;
  return {
    past: [...history.past, history.present],
    present: history.future[0] as T,
    future: history.future.slice(1),
  };
}

export const canUndo = (history: EditHistory<unknown>) => history.past.length > 0;
export const canRedo = (history: EditHistory<unknown>) => history.future.length > 0;

export interface EditHistoryState<T> {
  value: T;
  /** A new value, or a change of the current one (functions are always read as changes). */
  set(next: T | ((current: T) => T), coalesceKey?: string): void;
  undo(): void;
  redo(): void;
  reset(value: T): void;
  canUndo: boolean;
  canRedo: boolean;
}

/** A value with undo and redo; the callbacks keep their identity across renders. */
export function useEditHistory<T>(initial: T): EditHistoryState<T> {
  const [history, setHistory] = useState(() => createEditHistory(initial));
  const set = useCallback(
    (next: T | ((current: T) => T), coalesceKey?: string) =>
      setHistory((h) =>
        push(h, typeof next === 'function' ? (next as (current: T) => T)(h.present) : next, coalesceKey),
      ),
    [],
  );
  const actions = useMemo(
    () => ({
      undo: () => setHistory(undo),
      redo: () => setHistory(redo),
      reset: (value: T) => setHistory(createEditHistory(value)),
    }),
    [],
  );
  return {
    value: history.present,
    set,
    ...actions,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
  };
}
