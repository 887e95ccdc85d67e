import type { PageComponent } from './pageComponents.js';
import type { PageVersionContent } from './pageDefinition.js';
import type { LayoutElement } from './pageLayout.js';
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
