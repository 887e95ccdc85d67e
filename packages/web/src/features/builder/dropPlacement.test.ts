import { type LayoutElement, newPageContent, type PageVersionContent } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { dropPlacement, parentFlowOf, placementTarget } from './dropPlacement';

const rect = (width: number, height: number) => ({ left: 100, top: 200, width, height });
/** A pointer at (x, y) inside a rect placed at (100, 200). */
const at = (x: number, y: number) => ({ x: 100 + x, y: 200 + y });

describe('dropPlacement: components', () => {
  it('splits a component in a column into upper and lower halves', () => {
    const options = { isContainer: false, flow: 'column' } as const;
    expect(dropPlacement(rect(600, 80), at(300, 39), options)).toBe('before');
    expect(dropPlacement(rect(600, 80), at(300, 40), options)).toBe('after');
    expect(dropPlacement(rect(600, 80), at(2, 79), options)).toBe('after');
  });

  it('splits a component in a row into left and right halves', () => {
    const options = { isContainer: false, flow: 'row' } as const;
    expect(dropPlacement(rect(300, 400), at(149, 2), options)).toBe('before');
    expect(dropPlacement(rect(300, 400), at(151, 398), options)).toBe('after');
  });

  it('in a grid, takes the nearest edge: top or left before, bottom or right after', () => {
    const options = { isContainer: false, flow: 'grid' } as const;
    // A full-row component: its upper half is before it, its lower half after.
    expect(dropPlacement(rect(1200, 100), at(900, 20), options)).toBe('before');
    expect(dropPlacement(rect(1200, 100), at(300, 80), options)).toBe('after');
    // A card in a row of cards: its left and right sides.
    expect(dropPlacement(rect(280, 300), at(20, 150), options)).toBe('before');
    expect(dropPlacement(rect(280, 300), at(260, 150), options)).toBe('after');
  });

  it('reads a pointer outside the element as the nearest side', () => {
    const options = { isContainer: false, flow: 'column' } as const;
    expect(dropPlacement(rect(600, 80), at(300, -30), options)).toBe('before');
    expect(dropPlacement(rect(600, 80), at(300, 500), options)).toBe('after');
  });
});

describe('dropPlacement: containers (spec 01 §9: 50 px edges over 200 px)', () => {
  const column = { isContainer: true, flow: 'column' } as const;

  it('drops before or after within 50 px of an edge, inside elsewhere', () => {
    expect(dropPlacement(rect(600, 400), at(300, 0), column)).toBe('before');
    expect(dropPlacement(rect(600, 400), at(300, 49), column)).toBe('before');
    expect(dropPlacement(rect(600, 400), at(300, 50), column)).toBe('inside');
    expect(dropPlacement(rect(600, 400), at(300, 350), column)).toBe('inside');
    expect(dropPlacement(rect(600, 400), at(300, 351), column)).toBe('after');
    // In a column, the left and right edges are inside.
    expect(dropPlacement(rect(600, 400), at(5, 200), column)).toBe('inside');
  });

  it('gives a container of 200 px or less a quarter of its size at each edge', () => {
    expect(dropPlacement(rect(600, 200), at(300, 49), column)).toBe('before');
    expect(dropPlacement(rect(600, 200), at(300, 50), column)).toBe('inside');
    expect(dropPlacement(rect(600, 120), at(300, 29), column)).toBe('before');
    expect(dropPlacement(rect(600, 120), at(300, 30), column)).toBe('inside');
    expect(dropPlacement(rect(600, 120), at(300, 90), column)).toBe('inside');
    expect(dropPlacement(rect(600, 120), at(300, 91), column)).toBe('after');
  });

  it('uses the left and right edges in a row', () => {
    const row = { isContainer: true, flow: 'row' } as const;
    expect(dropPlacement(rect(400, 600), at(30, 5), row)).toBe('before');
    expect(dropPlacement(rect(400, 600), at(200, 5), row)).toBe('inside');
    expect(dropPlacement(rect(400, 600), at(390, 300), row)).toBe('after');
  });

  it('uses all four edges in a grid, the nearest first', () => {
    const grid = { isContainer: true, flow: 'grid' } as const;
    expect(dropPlacement(rect(1200, 300), at(600, 10), grid)).toBe('before');
    expect(dropPlacement(rect(1200, 300), at(10, 150), grid)).toBe('before');
    expect(dropPlacement(rect(1200, 300), at(1190, 150), grid)).toBe('after');
    expect(dropPlacement(rect(1200, 300), at(600, 280), grid)).toBe('after');
    // Near the bottom-left corner: the bottom edge (10 px) is nearer than the left (40 px).
    expect(dropPlacement(rect(1200, 300), at(40, 290), grid)).toBe('after');
    expect(dropPlacement(rect(1200, 300), at(600, 150), grid)).toBe('inside');
  });
});

describe('parentFlowOf', () => {
  const el = (type: LayoutElement['type'], styles: LayoutElement['styles'] = {}): LayoutElement => ({
    id: 'x',
    type,
    isContainer: type !== 'component',
    elements: [],
    styles,
  });

  it('is grid for grids and the container direction otherwise (column by default)', () => {
    expect(parentFlowOf(el('grid'), 'lg')).toBe('grid');
    expect(parentFlowOf(el('container'), 'lg')).toBe('column');
    expect(parentFlowOf(el('container', { lg: { flexDirection: 'row' } }), 'sm')).toBe('row');
    expect(
      parentFlowOf(el('container', { lg: { flexDirection: 'row' }, sm: { flexDirection: 'column' } }), 'sm'),
    ).toBe('column');
  });
});

describe('placementTarget', () => {
  function page(): PageVersionContent {
    const content = newPageContent([
      { component: { id: 'heading1', typeAlias: 'core:headingComponent' } },
      { component: { id: 'text1', typeAlias: 'core:textComponent' } },
    ]);
    const box: LayoutElement = {
      id: 'box',
      type: 'container',
      isContainer: true,
      elements: [{ id: 'text1', type: 'component', isContainer: false, elements: [], styles: {} }],
      styles: {},
    };
    content.configuration.root.elements = [content.configuration.root.elements[0]!, box];
    return content;
  }

  it('places before or after an element among its siblings', () => {
    expect(placementTarget(page(), 'heading1', 'before')).toEqual({ parentId: 'root', index: 0 });
    expect(placementTarget(page(), 'heading1', 'after')).toEqual({ parentId: 'root', index: 1 });
    expect(placementTarget(page(), 'box', 'after')).toEqual({ parentId: 'root', index: 2 });
    expect(placementTarget(page(), 'text1', 'before')).toEqual({ parentId: 'box', index: 0 });
  });

  it('places inside a container at its end', () => {
    expect(placementTarget(page(), 'box', 'inside')).toEqual({ parentId: 'box', index: 1 });
  });

  it('reads the root (the page itself) as its start or end', () => {
    expect(placementTarget(page(), 'root', 'inside')).toEqual({ parentId: 'root', index: 2 });
    expect(placementTarget(page(), 'root', 'after')).toEqual({ parentId: 'root', index: 2 });
    expect(placementTarget(page(), 'root', 'before')).toEqual({ parentId: 'root', index: 0 });
  });

  it('has no target for an unknown element or inside a component', () => {
    expect(placementTarget(page(), 'gone', 'before')).toBeNull();
    expect(placementTarget(page(), 'heading1', 'inside')).toBeNull();
  });
});
