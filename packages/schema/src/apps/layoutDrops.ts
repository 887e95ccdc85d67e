import { uniqueName } from './appRules.js';
import { type ComponentType, componentType } from './componentTypes.js';
import { findComponent, findElement, findParent, subtreeIds, updateChildren } from './layoutEdits.js';
import { fullSpan, gridColumns, maxPartialSpan, newContainerGap } from './layoutOptions.js';
import { columnSpanAt, componentDefaultSpan, defaultColumnSpan, gridColumnsAt } from './layoutRules.js';
import { type PageComponent, pageComponent } from './pageComponents.js';
import type { PageVersionContent } from './pageDefinition.js';
import { type ElementStyles, type LayoutElement, maxLayoutDepth } from './pageLayout.js';
import { maxPerPageMessage, unknownComponentTypeMessage } from './pageVersionFormat.js';

/**
 * Dropping onto the page (spec 01 §5 drop rules, §9 spans; decision 0117): what may be dropped
 * where, and the content after a drop. Pure, like the other layout edits: the canvas asks
 * `canDrop` while dragging and calls `dropElement` on release.
 */

/** A place among a parent's elements: `index` is before the element now there (clamped). */
export type DropTarget = { parentId: string; index: number };

/** What is dragged: a toolbox component, a toolbox container, or an element of the page. */
export type DragSource =
  | { kind: 'new'; typeAlias: string }
  | { kind: 'newContainer'; container: NewContainerKind }
  | { kind: 'existing'; id: string };

export type NewContainerKind = 'grid' | 'horizontal' | 'vertical';

export type DropCheck = { ok: true } | { ok: false; message: string };

/** A drop's new content with the id of the element added or moved (the canvas selects it). */
export type DropResult =
  | { ok: true; content: PageVersionContent; selectedId: string }
  | { ok: false; message: string };

export const dropMessages = {
  missingTarget: 'The place it was dropped on is no longer on the page.',
  missingElement: 'The element being moved is no longer on the page.',
  moveRoot: "The page's root grid cannot be moved.",
  intoComponent: 'A component cannot hold other elements. Drop it into a grid or a container.',
  intoItself: 'A container cannot be dropped into itself or into an element inside it.',
  tooDeep: `Elements cannot be nested more than ${maxLayoutDepth} levels deep.`,
} as const;

/** The toolbox's containers (spec 01 §2 Containers group): their names and id stems. */
export const newContainers: Record<NewContainerKind, { label: string; idStem: string }> = {
  grid: { label: 'Grid', idStem: 'grid' },
  horizontal: { label: 'Horizontal container', idStem: 'horizontalContainer' },
  vertical: { label: 'Vertical container', idStem: 'verticalContainer' },
};

const refuse = (message: string) => ({ ok: false, message }) as const;

/** Whether `source` may be dropped at `target`; the message a toast shows when not. */
export function canDrop(content: PageVersionContent, source: DragSource, target: DropTarget): DropCheck {
  const parent = findElement(content, target.parentId);
  if (!parent) return refuse(dropMessages.missingTarget);
  let height = 0;
  let type: ComponentType | undefined;
  if (source.kind === 'existing') {
    if (source.id === content.configuration.root.id) return refuse(dropMessages.moveRoot);
    const element = findElement(content, source.id);
    if (!element) return refuse(dropMessages.missingElement);
    if (!parent.isContainer || parent.type === 'component') return refuse(dropMessages.intoComponent);
    if (subtreeIds(element).includes(parent.id)) return refuse(dropMessages.intoItself);
    height = subtreeHeight(element);
    const component = element.type === 'component' ? findComponent(content, element.id) : undefined;
    type = component && componentType(component.typeAlias);
  } else {
    if (!parent.isContainer || parent.type === 'component') return refuse(dropMessages.intoComponent);
    if (source.kind === 'new') {
      type = componentType(source.typeAlias);
      if (!type) return refuse(unknownComponentTypeMessage);
      const placed = content.components.filter((c) => c.typeAlias === source.typeAlias).length;
      if (type.maxPerPage !== undefined && placed >= type.maxPerPage)
        return refuse(maxPerPageMessage(type.maxPerPage, type.label));
    }
  }
  const restriction = type?.dropRestriction?.(content, parent);
  if (restriction) return refuse(restriction);
  if (depthOf(content, parent.id) + 1 + height > maxLayoutDepth) return refuse(dropMessages.tooDeep);
  return { ok: true };
}

/**
 * Drops `source` at `target`: a new component or container is added with a unique id and name, an
 * element of the page is moved there. A refused drop returns `canDrop`'s message.
 */
export function dropElement(content: PageVersionContent, source: DragSource, target: DropTarget): DropResult {
  const check = canDrop(content, source, target);
  if (!check.ok) return check;
  const parent = findElement(content, target.parentId)!;
  const index = clampIndex(target.index, parent.elements.length);
  if (source.kind === 'existing') return moveElement(content, source.id, parent, index);
  const id = uniqueId(
    content,
    source.kind === 'new' ? idStemOf(source.typeAlias) : newContainers[source.container].idStem,
  );
  let element: LayoutElement;
  let components = content.components;
  if (source.kind === 'new') {
    const type = componentType(source.typeAlias)!;
    const name = uniqueName(type.label, takenNames(content));
    const parsed = type.properties.safeParse({});
    const properties = parsed.success && isRecord(parsed.data) ? parsed.data : {};
    components = [...components, pageComponent.parse({ id, name, typeAlias: type.alias, properties })];
    const span = typeSpan(type);
    const styles = withSpan({}, isGrid(parent) ? spanIn(parent, span) : fullSpan);
    element = { id, name, type: 'component', isContainer: false, elements: [], styles };
  } else {
    const { label } = newContainers[source.container];
    const span = isGrid(parent) ? spanIn(parent, newContainerSpan(parent)) : fullSpan;
    element = {
      id,
      name: uniqueName(label, takenNames(content)),
      type: source.container === 'grid' ? 'grid' : 'container',
      isContainer: true,
      elements: [],
      styles: withSpan(containerStyles(source.container), span),
    };
  }
  const placed = updateChildren(content, parent.id, (elements) => insertAt(elements, index, element));
  return { ok: true, content: { ...placed, components }, selectedId: id };
}

function moveElement(
  content: PageVersionContent,
  id: string,
  parent: LayoutElement,
  index: number,
): DropResult {
  const from = findParent(content, id)!;
  const element = findElement(content, id)!;
  let at = index;
  if (from.id === parent.id) {
    const current = parent.elements.findIndex((e) => e.id === id);
    if (index === current || index === current + 1) return { ok: true, content, selectedId: id };
    if (index > current) at = index - 1;
  }
  const removed = updateChildren(content, from.id, (elements) => elements.filter((e) => e.id !== id));
  const moved = updateChildren(removed, parent.id, (elements) => insertAt(elements, at, element));
  return { ok: true, content: moved, selectedId: id };
}

const insertAt = (elements: LayoutElement[], index: number, element: LayoutElement) => [
  ...elements.slice(0, index),
  element,
  ...elements.slice(index),
];

const clampIndex = (index: number, length: number) =>
  Number.isFinite(index) ? Math.min(length, Math.max(0, Math.trunc(index))) : length;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** How many levels an element's descendants go below it (0 for an element holding nothing). */
function subtreeHeight(element: LayoutElement): number {
  return element.elements.reduce((most, child) => Math.max(most, 1 + subtreeHeight(child)), 0);
}

/** How deep an element is in the layout: the root is 0. */
function depthOf(content: PageVersionContent, id: string): number {
  let depth = 0;
  for (let parent = findParent(content, id); parent; parent = findParent(content, parent.id)) depth++;
  return depth;
}

/** A new component's id stem from its type: 'core:reportComponent' → 'report'. */
function idStemOf(alias: string): string {
  const stem = (alias.split(':').pop() ?? '').replace(/Component$/, '').replace(/\W/g, '');
  return stem || 'component';
}

/** The stem with the lowest number no element or component of the page has: report1, report2… */
function uniqueId(content: PageVersionContent, stem: string): string {
  const taken = new Set([...subtreeIds(content.configuration.root), ...content.components.map((c) => c.id)]);
  for (let n = 1; ; n++) if (!taken.has(`${stem}${n}`)) return `${stem}${n}`;
}

function takenNames(content: PageVersionContent): string[] {
  const names: string[] = content.components.map((c: PageComponent) => c.name);
  const walk = (element: LayoutElement) => {
    if (element.name) names.push(element.name);
    element.elements.forEach(walk);
  };
  walk(content.configuration.root);
  return names;
}

const isGrid = (element: LayoutElement) => element.type === 'grid';

/** A grid's columns at lg: its own, else the root's 12 (as the renderer reads them). */
const lgColumns = (grid: LayoutElement) => gridColumnsAt(grid, 'lg') ?? gridColumns.lg;

/** A component type's starting span: its registered one, else the list components' (decision 0068). */
const typeSpan = (type: ComponentType) => type.defaultSpan ?? componentDefaultSpan(type.alias);

/** Spec 01 §9: the remainder of the grid's last row, or half an empty grid of more than 4 columns. */
function newContainerSpan(grid: LayoutElement): number {
  const columns = lgColumns(grid);
  return defaultColumnSpan(
    columns,
    grid.elements.map((e) => columnSpanAt(e.styles, 'lg', columns)),
  );
}

/** A span as the grid can hold it: as many columns as it has, or more than 6, is Full. */
function spanIn(grid: LayoutElement, span: number): number {
  return span >= lgColumns(grid) || span > maxPartialSpan ? fullSpan : span;
}

/** Full is the grid default, so only a partial span is stored. */
function withSpan(styles: ElementStyles, span: number): ElementStyles {
  if (span >= fullSpan) return styles;
  return { ...styles, lg: { ...styles.lg, columnSpan: span } };
}

/** A new container's styles (spec 01 §9: new containers use a small gap). */
function containerStyles(kind: NewContainerKind): ElementStyles {
  if (kind === 'grid')
    return {
      lg: { columns: gridColumns.lg, gap: newContainerGap },
      md: { columns: gridColumns.md },
      sm: { columns: gridColumns.sm },
    };
  return { lg: { flexDirection: kind === 'horizontal' ? 'row' : 'column', gap: newContainerGap } };
}
