import { describe, expect, it } from 'vitest';
import { boundComponentAlias, boundComponentNeedsRecordMessage } from './boundComponentTypes.js';
import { canDrop, type DropResult, dropElement, dropMessages } from './layoutDrops.js';
import { findComponent, findElement, findParent } from './layoutEdits.js';
import { newPageContent } from './newPageContent.js';
import type { PageVersionContent } from './pageDefinition.js';
import { type LayoutElement, layoutProblems, maxLayoutDepth } from './pageLayout.js';
import { maxPerPageMessage, pageContentProblems, unknownComponentTypeMessage } from './pageVersionFormat.js';

const component = (id: string, styles: LayoutElement['styles'] = {}): LayoutElement => ({
  id,
  type: 'component',
  isContainer: false,
  elements: [],
  styles,
});
const container = (id: string, elements: LayoutElement[], type: 'grid' | 'container' = 'container') => ({
  id,
  name: id,
  type,
  isContainer: true,
  elements,
  styles: type === 'grid' ? { lg: { columns: 4 } } : {},
});

/**
 * root
 * ├─ heading1
 * ├─ box (container)
 * │  ├─ report1
 * │  └─ inner (grid of 4)
 * │     └─ chart1
 * └─ text1
 */
function page(contextEntityTypeId: number | null = null): PageVersionContent {
  const content = newPageContent(
    [
      ['heading1', 'core:headingComponent'],
      ['report1', 'core:reportComponent'],
      ['chart1', 'core:chartComponent'],
      ['text1', 'core:textComponent'],
    ].map(([id, typeAlias]) => ({ component: { id: id!, name: id!, typeAlias: typeAlias! } })),
    { contextEntityTypeId },
  );
  content.configuration.root.elements = [
    component('heading1'),
    container('box', [component('report1'), container('inner', [component('chart1')], 'grid')]),
    component('text1'),
  ];
  return content;
}

const ids = (content: PageVersionContent, id: string) => findElement(content, id)?.elements.map((e) => e.id);

function dropped(result: DropResult): { content: PageVersionContent; selectedId: string } {
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('canDrop (spec 01 §5 drop rules)', () => {
  it('lets an element go into the root, a grid or a container', () => {
    const content = page();
    for (const parentId of ['root', 'box', 'inner'])
      expect(canDrop(content, { kind: 'existing', id: 'heading1' }, { parentId, index: 0 })).toEqual({
        ok: true,
      });
  });

  it('never drops into a component', () => {
    const check = canDrop(
      page(),
      { kind: 'new', typeAlias: 'core:textComponent' },
      { parentId: 'text1', index: 0 },
    );
    expect(check).toEqual({ ok: false, message: dropMessages.intoComponent });
  });

  it('never drops a container into itself or its descendants', () => {
    const content = page();
    for (const parentId of ['box', 'inner'])
      expect(canDrop(content, { kind: 'existing', id: 'box' }, { parentId, index: 0 })).toEqual({
        ok: false,
        message: dropMessages.intoItself,
      });
  });

  it('does not move the root grid', () => {
    expect(canDrop(page(), { kind: 'existing', id: 'root' }, { parentId: 'box', index: 0 })).toEqual({
      ok: false,
      message: dropMessages.moveRoot,
    });
  });

  it('refuses unknown targets, elements and types', () => {
    const content = page();
    expect(canDrop(content, { kind: 'existing', id: 'text1' }, { parentId: 'gone', index: 0 })).toEqual({
      ok: false,
      message: dropMessages.missingTarget,
    });
    expect(canDrop(content, { kind: 'existing', id: 'gone' }, { parentId: 'root', index: 0 })).toEqual({
      ok: false,
      message: dropMessages.missingElement,
    });
    expect(canDrop(content, { kind: 'new', typeAlias: 'core:nope' }, { parentId: 'root', index: 0 })).toEqual(
      {
        ok: false,
        message: unknownComponentTypeMessage,
      },
    );
  });

  it('holds a type to its maximum per page, with the spec message', () => {
    const once = dropped(
      dropElement(page(), { kind: 'new', typeAlias: 'core:filterComponent' }, { parentId: 'root', index: 0 }),
    );
    const again = canDrop(
      once.content,
      { kind: 'new', typeAlias: 'core:filterComponent' },
      { parentId: 'box', index: 0 },
    );
    expect(again).toEqual({ ok: false, message: maxPerPageMessage(1, 'Filter') });
    expect(maxPerPageMessage(1, 'Filter')).toBe(
      'The component cannot be added. Only 1 Filter component(s) per page are currently supported.',
    );
    // Moving the one there is no second one.
    expect(
      canDrop(once.content, { kind: 'existing', id: once.selectedId }, { parentId: 'box', index: 0 }),
    ).toEqual({
      ok: true,
    });
  });

  it('keeps bound components to pages that take an Object as input', () => {
    const source = { kind: 'new', typeAlias: boundComponentAlias('number') } as const;
    expect(canDrop(page(null), source, { parentId: 'root', index: 0 })).toEqual({
      ok: false,
      message: boundComponentNeedsRecordMessage('Number field'),
    });
    expect(canDrop(page(7), source, { parentId: 'root', index: 0 })).toEqual({ ok: true });
  });

  it('applies the restriction when a bound component is moved too', () => {
    const placed = dropped(
      dropElement(
        page(7),
        { kind: 'new', typeAlias: boundComponentAlias('lookup') },
        { parentId: 'root', index: 0 },
      ),
    );
    const noInput = { ...placed.content, contextEntityTypeId: null };
    expect(
      canDrop(noInput, { kind: 'existing', id: placed.selectedId }, { parentId: 'box', index: 0 }),
    ).toEqual({
      ok: false,
      message: boundComponentNeedsRecordMessage('Lookup'),
    });
  });

  it(`keeps the layout at most ${maxLayoutDepth} deep`, () => {
    let content = page();
    let parentId = 'root';
    for (let depth = 1; depth < maxLayoutDepth; depth++) {
      const result = dropped(
        dropElement(content, { kind: 'newContainer', container: 'vertical' }, { parentId, index: 0 }),
      );
      content = result.content;
      parentId = result.selectedId;
    }
    // The deepest container is at depth 11: a component may still go in (12), a container too (12).
    expect(
      canDrop(content, { kind: 'new', typeAlias: 'core:textComponent' }, { parentId, index: 0 }),
    ).toEqual({ ok: true });
    const deepest = dropped(
      dropElement(content, { kind: 'newContainer', container: 'grid' }, { parentId, index: 0 }),
    );
    expect(layoutProblems(deepest.content.configuration.root)).toEqual([]);
    // Nothing goes inside that one, and the box (holding a grid holding a chart) cannot move to depth 11.
    expect(
      canDrop(
        deepest.content,
        { kind: 'new', typeAlias: 'core:textComponent' },
        { parentId: deepest.selectedId, index: 0 },
      ),
    ).toEqual({ ok: false, message: dropMessages.tooDeep });
    expect(canDrop(deepest.content, { kind: 'existing', id: 'box' }, { parentId, index: 0 })).toEqual({
      ok: false,
      message: dropMessages.tooDeep,
    });
  });
});

describe('dropElement: new components', () => {
  it('adds a component with a unique id, name and default properties, and selects it', () => {
    const result = dropped(
      dropElement(page(), { kind: 'new', typeAlias: 'core:chartComponent' }, { parentId: 'root', index: 1 }),
    );
    expect(result.selectedId).toBe('chart2');
    expect(ids(result.content, 'root')).toEqual(['heading1', 'chart2', 'box', 'text1']);
    const added = findComponent(result.content, 'chart2');
    expect(added).toMatchObject({
      id: 'chart2',
      name: 'Chart',
      typeAlias: 'core:chartComponent',
      properties: { chartType: 'bar', aggregate: 'Count' },
      isPageComponentManaged: false,
    });
    expect(findElement(result.content, 'chart2')).toMatchObject({
      name: 'Chart',
      type: 'component',
      isContainer: false,
    });
    expect(pageContentProblems(result.content)).toEqual([]);
  });

  it('numbers further ids and names of a type', () => {
    let content = page();
    for (let i = 0; i < 3; i++)
      content = dropped(
        dropElement(
          content,
          { kind: 'new', typeAlias: 'core:headingComponent' },
          { parentId: 'root', index: 99 },
        ),
      ).content;
    expect(ids(content, 'root')?.slice(-3)).toEqual(['heading2', 'heading3', 'heading4']);
    expect(content.components.slice(-3).map((c) => c.name)).toEqual(['Heading', 'Heading 2', 'Heading 3']);
  });

  it("gives a bound component an id from its type: 'numberField1'", () => {
    const result = dropped(
      dropElement(
        page(3),
        { kind: 'new', typeAlias: boundComponentAlias('number') },
        { parentId: 'root', index: 0 },
      ),
    );
    expect(result.selectedId).toBe('numberField1');
    expect(findComponent(result.content, 'numberField1')?.name).toBe('Number field');
    expect(pageContentProblems(result.content)).toEqual([]);
  });

  it("starts a component in a grid at its type's span (spec 03 §2, decision 0068)", () => {
    const lgSpan = (content: PageVersionContent, id: string) =>
      findElement(content, id)?.styles.lg?.columnSpan;
    const at = (typeAlias: string, parentId = 'root', content = page(3)) =>
      dropped(dropElement(content, { kind: 'new', typeAlias }, { parentId, index: 0 }));
    const counter = at('core:heroCounterComponent');
    expect(lgSpan(counter.content, counter.selectedId)).toBe(3);
    const chart = at('core:chartComponent');
    expect(lgSpan(chart.content, chart.selectedId)).toBe(6);
    const report = at('core:reportComponent');
    expect(lgSpan(report.content, report.selectedId)).toBeUndefined(); // Full, the grid default
    const relationship = at(boundComponentAlias('relationship'));
    expect(lgSpan(relationship.content, relationship.selectedId)).toBeUndefined();
    const date = at(boundComponentAlias('date'));
    expect(lgSpan(date.content, date.selectedId)).toBe(3);
    // A span the grid cannot hold is its whole row; a container takes no spans.
    const inFour = at('core:chartComponent', 'inner');
    expect(lgSpan(inFour.content, inFour.selectedId)).toBeUndefined();
    const inBox = at('core:heroCounterComponent', 'box');
    expect(findElement(inBox.content, inBox.selectedId)?.styles).toEqual({});
  });

  it('clamps the index into the parent', () => {
    const first = dropped(
      dropElement(page(), { kind: 'new', typeAlias: 'core:textComponent' }, { parentId: 'box', index: -4 }),
    );
    expect(ids(first.content, 'box')).toEqual([first.selectedId, 'report1', 'inner']);
    const last = dropped(
      dropElement(page(), { kind: 'new', typeAlias: 'core:textComponent' }, { parentId: 'box', index: 40 }),
    );
    expect(ids(last.content, 'box')).toEqual(['report1', 'inner', last.selectedId]);
  });

  it('leaves the content as it is when refused', () => {
    const content = page();
    const before = JSON.stringify(content);
    expect(
      dropElement(content, { kind: 'new', typeAlias: 'core:textComponent' }, { parentId: 'text1', index: 0 }),
    ).toEqual({
      ok: false,
      message: dropMessages.intoComponent,
    });
    expect(JSON.stringify(content)).toBe(before);
  });
});

describe('dropElement: new containers', () => {
  it('adds a grid of 12, 8 and 4 columns with a small gap, named Grid', () => {
    const result = dropped(
      dropElement(page(), { kind: 'newContainer', container: 'grid' }, { parentId: 'box', index: 0 }),
    );
    expect(result.selectedId).toBe('grid1');
    expect(findElement(result.content, 'grid1')).toEqual({
      id: 'grid1',
      name: 'Grid',
      type: 'grid',
      isContainer: true,
      elements: [],
      styles: { lg: { columns: 12, gap: 'sm' }, md: { columns: 8 }, sm: { columns: 4 } },
    });
    expect(pageContentProblems(result.content)).toEqual([]);
  });

  it('adds horizontal and vertical containers, numbering their names', () => {
    let content = page();
    const add = (container: 'horizontal' | 'vertical') => {
      const result = dropped(
        dropElement(content, { kind: 'newContainer', container }, { parentId: 'box', index: 99 }),
      );
      content = result.content;
      return findElement(content, result.selectedId);
    };
    expect(add('horizontal')).toMatchObject({
      id: 'horizontalContainer1',
      name: 'Horizontal container',
      type: 'container',
      styles: { lg: { flexDirection: 'row', gap: 'sm' } },
    });
    expect(add('vertical')).toMatchObject({
      id: 'verticalContainer1',
      name: 'Vertical container',
      styles: { lg: { flexDirection: 'column', gap: 'sm' } },
    });
    expect(add('horizontal')).toMatchObject({ id: 'horizontalContainer2', name: 'Horizontal container 2' });
    expect(content.components).toHaveLength(4);
  });

  it('spans a new container by spec 01 §9: half an empty grid, then the remainder', () => {
    const empty = page();
    empty.configuration.root.elements = [];
    const first = dropped(
      dropElement(empty, { kind: 'newContainer', container: 'vertical' }, { parentId: 'root', index: 0 }),
    );
    expect(findElement(first.content, first.selectedId)?.styles.lg?.columnSpan).toBe(6);
    const second = dropped(
      dropElement(first.content, { kind: 'newContainer', container: 'grid' }, { parentId: 'root', index: 1 }),
    );
    expect(findElement(second.content, second.selectedId)?.styles.lg).toEqual({
      columns: 12,
      gap: 'sm',
      columnSpan: 6,
    });
    const third = dropped(
      dropElement(
        second.content,
        { kind: 'newContainer', container: 'grid' },
        { parentId: 'root', index: 2 },
      ),
    );
    expect(findElement(third.content, third.selectedId)?.styles.lg?.columnSpan).toBeUndefined();
  });
});

describe('dropElement: moving elements', () => {
  it('moves an element into another parent, keeping its styles and component', () => {
    const content = page();
    const result = dropped(
      dropElement(content, { kind: 'existing', id: 'text1' }, { parentId: 'inner', index: 0 }),
    );
    expect(result.selectedId).toBe('text1');
    expect(ids(result.content, 'root')).toEqual(['heading1', 'box']);
    expect(ids(result.content, 'inner')).toEqual(['text1', 'chart1']);
    expect(findElement(result.content, 'text1')).toBe(findElement(content, 'text1'));
    expect(result.content.components).toBe(content.components);
  });

  it('moves a container with what is inside it', () => {
    const result = dropped(
      dropElement(page(), { kind: 'existing', id: 'inner' }, { parentId: 'root', index: 0 }),
    );
    expect(ids(result.content, 'root')).toEqual(['inner', 'heading1', 'box', 'text1']);
    expect(findParent(result.content, 'chart1')?.id).toBe('inner');
  });

  it('reads the index within the same parent as a place among the elements before the move', () => {
    const move = (index: number) =>
      ids(
        dropped(dropElement(page(), { kind: 'existing', id: 'heading1' }, { parentId: 'root', index }))
          .content,
        'root',
      );
    expect(move(2)).toEqual(['box', 'heading1', 'text1']); // before text1
    expect(move(3)).toEqual(['box', 'text1', 'heading1']); // at the end
    const back = dropped(
      dropElement(page(), { kind: 'existing', id: 'text1' }, { parentId: 'root', index: 0 }),
    );
    expect(ids(back.content, 'root')).toEqual(['text1', 'heading1', 'box']);
  });

  it('returns the same content when dropped where it already is', () => {
    const content = page();
    for (const index of [1, 2]) {
      const result = dropped(
        dropElement(content, { kind: 'existing', id: 'box' }, { parentId: 'root', index }),
      );
      expect(result.content).toBe(content);
      expect(result.selectedId).toBe('box');
    }
  });
});
