import type { Breakpoint } from './layoutOptions.js';
import type { PageComponent } from './pageComponents.js';
import type { PageVersionContent } from './pageDefinition.js';
import type { ElementBehaviour, ElementStyle, LayoutElement } from './pageLayout.js';
import { duplicateComponentIdMessage } from './pageVersionFormat.js';

/**
 * The builder's edits of a page's content as pure functions: each takes the content and returns a
 * new one (unchanged parts shared), so the builder can keep every step for undo and compare the
 * result with its bookmark.
 */

/** An edit the builder may refuse: the new content, or the message a toast shows. */
export type EditResult = { ok: true; content: PageVersionContent } | { ok: false; message: string };

/** Spec 01 §5's message for an id with a space in it. */
export const idWithSpacesMessage = 'Invalid format. The value must not contain spaces.';

/** The element with this id in the page's layout, or undefined. */
export function findElement(content: PageVersionContent, id: string): LayoutElement | undefined {
  const walk = (element: LayoutElement): LayoutElement | undefined => {
    if (element.id === id) return element;
    for (const child of element.elements) {
      const found = walk(child);
      if (found) return found;
    }
    return undefined;
  };
  return walk(content.configuration.root);
}

/** The element holding the element with this id, or undefined (for the root or an unknown id). */
export function findParent(content: PageVersionContent, id: string): LayoutElement | undefined {
  const walk = (element: LayoutElement): LayoutElement | undefined => {
    if (element.elements.some((child) => child.id === id)) return element;
    for (const child of element.elements) {
      const found = walk(child);
      if (found) return found;
    }
    return undefined;
  };
  return walk(content.configuration.root);
}

/** The page component with this id, or undefined. */
export function findComponent(content: PageVersionContent, id: string): PageComponent | undefined {
  return content.components.find((c) => c.id === id);
}

/** Replaces one element of the layout by `change(element)`; the content as is for an unknown id. */
export function updateElement(
  content: PageVersionContent,
  id: string,
  change: (element: LayoutElement) => LayoutElement,
): PageVersionContent {
  let changed = false;
  const walk = (element: LayoutElement): LayoutElement => {
    if (element.id === id) {
      changed = true;
      return change(element);
    }
    const elements = element.elements.map(walk);
    return elements.some((e, i) => e !== element.elements[i]) ? { ...element, elements } : element;
  };
  const root = walk(content.configuration.root);
  return changed ? { ...content, configuration: { ...content.configuration, root } } : content;
}

/** Replaces one page component by `change(component)`; the content as is for an unknown id. */
export function updateComponent(
  content: PageVersionContent,
  id: string,
  change: (component: PageComponent) => PageComponent,
): PageVersionContent {
  const index = content.components.findIndex((c) => c.id === id);
  const current = content.components[index];
  if (!current) return content;
  const components = [...content.components];
  components[index] = change(current);
  return { ...content, components };
}

/**
 * Gives a component (its layout element and its page component) a new id (spec 01 §5): no spaces,
 * unique in the page. The page variables it publishes follow it.
 */
export function changeComponentId(content: PageVersionContent, id: string, next: string): EditResult {
  if (next === id) return { ok: true, content };
  if (next.length === 0 || /\s/.test(next)) return { ok: false, message: idWithSpacesMessage };
  if (findElement(content, next) || findComponent(content, next))
    return { ok: false, message: duplicateComponentIdMessage };
  const moved = updateComponent(
    updateElement(content, id, (e) => ({ ...e, id: next })),
    id,
    (c) => ({ ...c, id: next }),
  );
  const variables = moved.variables.map((v) => (v.componentId === id ? { ...v, componentId: next } : v));
  return { ok: true, content: { ...moved, variables } };
}

export const rootCannotBeRemovedMessage = "The page's root grid cannot be removed.";

/** The ids of an element and of every element inside it. */
export function subtreeIds(element: LayoutElement): string[] {
  return [element.id, ...element.elements.flatMap(subtreeIds)];
}

/** Replaces the elements of the element with this id (the root included) by `change(elements)`. */
export function updateChildren(
  content: PageVersionContent,
  parentId: string,
  change: (elements: LayoutElement[]) => LayoutElement[],
): PageVersionContent {
  return updateElement(content, parentId, (e) => ({ ...e, elements: change(e.elements) }));
}

/**
 * Removes an element with everything inside it (spec 01 §4 Delete a component): their page
 * components and the page variables those components publish go too. The root cannot be removed.
 */
export function removeElement(content: PageVersionContent, id: string): EditResult {
  if (id === content.configuration.root.id) return { ok: false, message: rootCannotBeRemovedMessage };
  const element = findElement(content, id);
  const parent = findParent(content, id);
  if (!element || !parent) return { ok: true, content };
  const gone = new Set(subtreeIds(element));
  const without = updateChildren(content, parent.id, (elements) => elements.filter((e) => e.id !== id));
  return {
    ok: true,
    content: {
      ...without,
      components: without.components.filter((c) => !gone.has(c.id)),
      variables: without.variables.filter((v) => v.componentId === undefined || !gone.has(v.componentId)),
    },
  };
}

/**
 * Names an element, trimmed (spec 01 §5: container names are trimmed on blur); a blank name is
 * cleared. A component's page component takes the same name.
 */
export function renameElement(content: PageVersionContent, id: string, name: string): PageVersionContent {
  const trimmed = name.trim();
  const element = findElement(content, id);
  if (!element || (element.name ?? '') === trimmed) return content;
  const renamed = updateElement(content, id, ({ name: _, ...rest }) =>
    trimmed ? { ...rest, name: trimmed } : rest,
  );
  if (element.type !== 'component') return renamed;
  return updateComponent(renamed, id, (c) => ({ ...c, name: trimmed }));
}

/** A change of an element's style at one breakpoint: a field set to undefined is removed. */
export type ElementStylePatch = { [K in keyof ElementStyle]?: ElementStyle[K] | undefined };

/** Changes an element's style at one breakpoint; a breakpoint left with no fields is removed. */
export function setElementStyle(
  content: PageVersionContent,
  id: string,
  breakpoint: Breakpoint,
  patch: ElementStylePatch,
): PageVersionContent {
  const current: Record<string, unknown> = findElement(content, id)?.styles[breakpoint] ?? {};
  if (Object.entries(patch).every(([key, value]) => current[key] === value)) return content;
  return updateElement(content, id, (element) => {
    const style: Record<string, unknown> = { ...element.styles[breakpoint] };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) delete style[key];
      else style[key] = value;
    }
    const { [breakpoint]: _, ...others } = element.styles;
    const styles = Object.keys(style).length > 0 ? { ...element.styles, [breakpoint]: style } : others;
    return { ...element, styles };
  });
}

/** Sets an element's visibility and read-only behaviour (spec 01 §4); undefined clears it. */
export function setElementBehaviour(
  content: PageVersionContent,
  id: string,
  behaviour: ElementBehaviour | undefined,
): PageVersionContent {
  return updateElement(content, id, ({ behavior: _, ...rest }) =>
    behaviour ? { ...rest, behavior: behaviour } : rest,
  );
}

/**
 * Moves an element `delta` places among its siblings (the Layout tab's keyboard reorder), stopping
 * at either end; the same content when it cannot move.
 */
export function moveWithinParent(content: PageVersionContent, id: string, delta: number): PageVersionContent {
  const parent = findParent(content, id);
  if (!parent) return content;
  const from = parent.elements.findIndex((e) => e.id === id);
  const to = Math.min(parent.elements.length - 1, Math.max(0, from + Math.trunc(delta)));
  if (to === from) return content;
  return updateChildren(content, parent.id, (elements) => {
    const next = elements.filter((e) => e.id !== id);
    next.splice(to, 0, elements[from]!);
    return next;
  });
}
