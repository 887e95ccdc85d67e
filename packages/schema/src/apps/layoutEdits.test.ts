import { describe, expect, it } from 'vitest';
import {
  changeComponentId,
  findComponent,
  findElement,
  findParent,
  moveWithinParent,
  removeElement,
  renameElement,
  rootCannotBeRemovedMessage,
  setElementBehaviour,
  setElementStyle,
} from './layoutEdits.js';
import { newPageContent } from './newPageContent.js';
import type { PageVersionContent } from './pageDefinition.js';
import type { LayoutElement } from './pageLayout.js';

const component = (id: string): LayoutElement => ({
  id,
  type: 'component',
  isContainer: false,
  elements: [],
  styles: {},
});
const container = (id: string, elements: LayoutElement[]): LayoutElement => ({
  id,
  name: id,
  type: 'container',
  isContainer: true,
  elements,
  styles: {},
});

/**
 * root
 * ├─ heading1
 * ├─ box (container)
 * │  ├─ report1
 * │  └─ inner (container)
 * │     └─ chart1
 * └─ text1
 */
function page(): PageVersionContent {
  const content = newPageContent(
    ['heading1', 'report1', 'chart1', 'text1'].map((id) => ({
      component: { id, name: id, typeAlias: 'core:headingComponent' },
    })),
  );
  content.configuration.root.elements = [
    component('heading1'),
    container('box', [component('report1'), container('inner', [component('chart1')])]),
    component('text1'),
  ];
  content.variables = [
    { name: 'Selected', type: 'Entity', isList: true, componentId: 'report1' },
    { name: 'Chosen', type: 'Entity', isList: false, componentId: 'chart1' },
    { name: 'Kept', type: 'String', isList: false, componentId: 'text1' },
    { name: 'PageOwn', type: 'Int32', isList: false },
  ];
  return content;
}

const childIds = (content: PageVersionContent, id: string) =>
  findElement(content, id)?.elements.map((e) => e.id);

describe('finding elements', () => {
  it('finds an element, its parent and its component anywhere in the tree', () => {
    const content = page();
    expect(findElement(content, 'chart1')?.id).toBe('chart1');
    expect(findParent(content, 'chart1')?.id).toBe('inner');
    expect(findParent(content, 'root')).toBeUndefined();
    expect(findComponent(content, 'text1')?.id).toBe('text1');
    expect(findElement(content, 'nope')).toBeUndefined();
  });

  it('moves a component id with its layout element and variables', () => {
    const result = changeComponentId(page(), 'report1', 'sales');
    if (!result.ok) throw new Error(result.message);
    expect(childIds(result.content, 'box')).toEqual(['sales', 'inner']);
    expect(result.content.variables[0]?.componentId).toBe('sales');
  });
});

describe('removeElement', () => {
  it('removes a component, its page component and the variables it publishes', () => {
    const result = removeElement(page(), 'text1');
    if (!result.ok) throw new Error(result.message);
    expect(childIds(result.content, 'root')).toEqual(['heading1', 'box']);
    expect(result.content.components.map((c) => c.id)).toEqual(['heading1', 'report1', 'chart1']);
    expect(result.content.variables.map((v) => v.name)).toEqual(['Selected', 'Chosen', 'PageOwn']);
  });

  it('removes a container with everything inside it (spec 01 §4)', () => {
    const result = removeElement(page(), 'box');
    if (!result.ok) throw new Error(result.message);
    expect(childIds(result.content, 'root')).toEqual(['heading1', 'text1']);
    expect(findElement(result.content, 'chart1')).toBeUndefined();
    expect(result.content.components.map((c) => c.id)).toEqual(['heading1', 'text1']);
    expect(result.content.variables.map((v) => v.name)).toEqual(['Kept', 'PageOwn']);
  });

  it('refuses to remove the root grid', () => {
    const content = page();
    expect(removeElement(content, 'root')).toEqual({ ok: false, message: rootCannotBeRemovedMessage });
  });

  it('leaves the content as it is for an unknown id', () => {
    const content = page();
    const result = removeElement(content, 'nope');
    expect(result.ok && result.content).toBe(content);
  });

  it('does not change the content it was given', () => {
    const content = page();
    const before = JSON.stringify(content);
    removeElement(content, 'box');
    expect(JSON.stringify(content)).toBe(before);
  });
});

describe('renameElement', () => {
  it('trims a container name (spec 01 §5)', () => {
    const next = renameElement(page(), 'box', '  Details  ');
    expect(findElement(next, 'box')?.name).toBe('Details');
  });

  it('renames a component element and its page component', () => {
    const next = renameElement(page(), 'report1', ' Sales ');
    expect(findElement(next, 'report1')?.name).toBe('Sales');
    expect(findComponent(next, 'report1')?.name).toBe('Sales');
  });

  it('clears a name left blank', () => {
    const next = renameElement(page(), 'box', '   ');
    expect(findElement(next, 'box')).not.toHaveProperty('name');
  });

  it('shares the untouched parts of the tree', () => {
    const content = page();
    const next = renameElement(content, 'chart1', 'Trend');
    expect(next.configuration.root.elements[0]).toBe(content.configuration.root.elements[0]);
    expect(findElement(next, 'report1')).toBe(findElement(content, 'report1'));
  });

  it('returns the same content when nothing changes', () => {
    const content = page();
    expect(renameElement(content, 'box', 'box ')).toBe(content);
    expect(renameElement(content, 'nope', 'x')).toBe(content);
  });
});

describe('setElementStyle', () => {
  it('sets fields at one breakpoint, keeping the others', () => {
    let content = setElementStyle(page(), 'box', 'lg', { background: 'card', gap: 'md' });
    content = setElementStyle(content, 'box', 'md', { gap: 'xs' });
    content = setElementStyle(content, 'box', 'lg', { gap: 'lg' });
    expect(findElement(content, 'box')?.styles).toEqual({
      lg: { background: 'card', gap: 'lg' },
      md: { gap: 'xs' },
    });
  });

  it('removes a field patched to undefined, and a breakpoint left empty', () => {
    let content = setElementStyle(page(), 'box', 'lg', { background: 'card', columnSpan: 3 });
    content = setElementStyle(content, 'box', 'lg', { background: undefined });
    expect(findElement(content, 'box')?.styles).toEqual({ lg: { columnSpan: 3 } });
    content = setElementStyle(content, 'box', 'lg', { columnSpan: undefined });
    expect(findElement(content, 'box')?.styles).toEqual({});
  });

  it('returns the same content when nothing changes', () => {
    const content = setElementStyle(page(), 'box', 'lg', { gap: 'md' });
    expect(setElementStyle(content, 'nope', 'lg', { hidden: true })).toBe(content);
    expect(setElementStyle(content, 'box', 'lg', { gap: 'md', hidden: undefined })).toBe(content);
  });
});

describe('setElementBehaviour', () => {
  it('sets and clears an element behaviour', () => {
    const behaviour = {
      visibility: 'Page.Count > 1',
      visibilityOperator: 'visibleWhen' as const,
      readOnlyOperator: 'none' as const,
    };
    const set = setElementBehaviour(page(), 'report1', behaviour);
    expect(findElement(set, 'report1')?.behavior).toEqual(behaviour);
    const cleared = setElementBehaviour(set, 'report1', undefined);
    expect(findElement(cleared, 'report1')).not.toHaveProperty('behavior');
  });
});

describe('moveWithinParent', () => {
  it('moves an element up and down among its siblings', () => {
    const up = moveWithinParent(page(), 'text1', -1);
    expect(childIds(up, 'root')).toEqual(['heading1', 'text1', 'box']);
    const down = moveWithinParent(page(), 'heading1', 2);
    expect(childIds(down, 'root')).toEqual(['box', 'text1', 'heading1']);
    const nested = moveWithinParent(page(), 'report1', 1);
    expect(childIds(nested, 'box')).toEqual(['inner', 'report1']);
  });

  it('stops at either end and returns the same content', () => {
    const content = page();
    expect(moveWithinParent(content, 'heading1', -1)).toBe(content);
    expect(moveWithinParent(content, 'text1', 1)).toBe(content);
    expect(moveWithinParent(content, 'heading1', 0)).toBe(content);
    expect(moveWithinParent(content, 'root', 1)).toBe(content);
  });

  it('clamps a delta past the end', () => {
    expect(childIds(moveWithinParent(page(), 'heading1', 10), 'root')).toEqual(['box', 'text1', 'heading1']);
  });
});
