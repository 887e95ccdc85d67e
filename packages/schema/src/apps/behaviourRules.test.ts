import { describe, expect, it } from 'vitest';
import {
  behaviourExpressions,
  isReadOnlyByExpression,
  isVisibleByExpression,
  resolvePageBehaviour,
} from './behaviourRules.js';
import type { ElementBehaviour, LayoutElement } from './pageLayout.js';

const when = (visibility: string): ElementBehaviour => ({
  visibility,
  visibilityOperator: 'visibleWhen',
  readOnlyOperator: 'none',
});
const except = (visibility: string): ElementBehaviour => ({
  ...when(visibility),
  visibilityOperator: 'visibleExcept',
});

describe('isVisibleByExpression (spec 01 §4)', () => {
  it('shows with no operator or no expression', () => {
    expect(isVisibleByExpression(undefined, undefined)).toBe(true);
    expect(isVisibleByExpression({ ...when('x'), visibilityOperator: 'none' }, { value: false })).toBe(true);
    expect(isVisibleByExpression(when('  '), { value: false })).toBe(true);
  });

  it('shows a visibleWhen component only when its expression is satisfied', () => {
    expect(isVisibleByExpression(when('[Won]'), { value: true })).toBe(true);
    expect(isVisibleByExpression(when('[Won]'), { value: false })).toBe(false);
  });

  it('hides a visibleExcept component when its expression is satisfied', () => {
    expect(isVisibleByExpression(except('[Won]'), { value: true })).toBe(false);
    expect(isVisibleByExpression(except('[Won]'), { value: false })).toBe(true);
  });

  it('shows it when there is no valid result: none, an error, a value that is not true or false', () => {
    expect(isVisibleByExpression(when('[Won]'), undefined)).toBe(true);
    expect(isVisibleByExpression(when('[Won]'), { value: false, error: 'Unknown field Won' })).toBe(true);
    expect(isVisibleByExpression(when('[Won]'), { value: null })).toBe(true);
    expect(isVisibleByExpression(when('[Won]'), { value: 'no' })).toBe(true);
  });
});

describe('isReadOnlyByExpression', () => {
  const ro = (op: 'readOnlyWhen' | 'readOnlyExcept'): ElementBehaviour => ({
    visibilityOperator: 'none',
    readOnly: '[Closed]',
    readOnlyOperator: op,
  });
  it('is read-only under readOnlyWhen when true, under readOnlyExcept unless true', () => {
    expect(isReadOnlyByExpression(ro('readOnlyWhen'), { value: true })).toBe(true);
    expect(isReadOnlyByExpression(ro('readOnlyWhen'), { value: false })).toBe(false);
    expect(isReadOnlyByExpression(ro('readOnlyExcept'), { value: true })).toBe(false);
    expect(isReadOnlyByExpression(ro('readOnlyExcept'), { value: false })).toBe(true);
  });
  it('stays editable without a valid result', () => {
    expect(isReadOnlyByExpression(ro('readOnlyExcept'), { value: null, error: 'boom' })).toBe(false);
    expect(isReadOnlyByExpression(ro('readOnlyWhen'), undefined)).toBe(false);
  });
});

const component = (id: string, behavior?: ElementBehaviour): LayoutElement => ({
  id,
  type: 'component',
  isContainer: false,
  elements: [],
  styles: {},
  behavior,
});
const container = (id: string, elements: LayoutElement[], behavior?: ElementBehaviour): LayoutElement => ({
  id,
  type: 'container',
  isContainer: true,
  elements,
  styles: {},
  behavior,
});

describe('resolvePageBehaviour', () => {
  const root = container('root', [
    container('box', [component('a', when('[A]')), component('b', when('[B]'))]),
    container('empty', []),
    container('hiddenBox', [component('c')], except('[Closed]')),
    container('locked', [component('d')], {
      visibilityOperator: 'none',
      readOnly: '[Closed]',
      readOnlyOperator: 'readOnlyWhen',
    }),
  ]);

  it('lists the expressions to batch, named by kind and element', () => {
    expect(behaviourExpressions(root).map((e) => e.name)).toEqual([
      'visibility:a',
      'visibility:b',
      'visibility:hiddenBox',
      'readOnly:locked',
    ]);
  });

  it('shows a container when any child shows, hides it when none does', () => {
    const some = resolvePageBehaviour(root, {
      'visibility:a': { value: false },
      'visibility:b': { value: true },
    });
    expect(some.visible).toMatchObject({ a: false, b: true, box: true });
    const none = resolvePageBehaviour(root, {
      'visibility:a': { value: false },
      'visibility:b': { value: false },
    });
    expect(none.visible.box).toBe(false);
    expect(none.visible.root).toBe(true);
    expect(none.visible.empty).toBe(true);
  });

  it('hides a container with its children by its own expression; read-only passes down', () => {
    const r = resolvePageBehaviour(root, {
      'visibility:hiddenBox': { value: true },
      'readOnly:locked': { value: true },
    });
    expect(r.visible.hiddenBox).toBe(false);
    expect(r.readOnly).toMatchObject({ locked: true, d: true, a: false });
  });
});
