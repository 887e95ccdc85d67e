import {
  type AppMenu,
  appRuleMessages,
  type BuilderPageRef,
  type MenuChange,
  type MenuList,
  type MenuTarget,
  moveMenuItem,
  placePages,
  removeMenuItem,
} from '@plinth/schema';
import type { PageListItem } from './builderPages';

/**
 * The File tab's menu edits (spec 01 §4 "Menu and page ordering", decision 0118): where a drag or
 * a Move menu item puts a page or folder, as a target of the schema's `moveMenuItem`, and the
 * rules the builder adds — a page taking an Object as input stays out of the menu (spec 01 §5).
 */

/** One row of the two lists: a page (at the top level or in a folder) or a folder. */
export interface MenuEntry {
  key: string;
  kind: 'page' | 'folder';
  list: MenuList;
  /** The folder holding the page; null at a list's top level. */
  folderId: string | null;
  name: string;
  /** Pages: takes an Object as input. Folders: holds such a page. */
  hasInput: boolean;
}

/** The droppable id of a list's heading: a drop there puts the item first in that list. */
export const listDropId = (list: MenuList) => `list:${list}`;
const listOfDropId = (id: string): MenuList | null =>
  id === 'list:menu' ? 'menu' : id === 'list:other' ? 'other' : null;

export const listNames: Record<MenuList, string> = { menu: 'Menu', other: 'Other pages' };

/** The rows in the order they show: the menu, then the other pages; a folder's pages after it. */
export function menuEntries(lists: { menu: PageListItem[]; other: PageListItem[] }): MenuEntry[] {
  const page = (p: BuilderPageRef, list: MenuList, folderId: string | null): MenuEntry => ({
    key: String(p.id),
    kind: 'page',
    list,
    folderId,
    name: p.name,
    hasInput: p.contextEntityTypeId !== null,
  });
  return (['menu', 'other'] as const).flatMap((list) =>
    lists[list].flatMap((item): MenuEntry[] =>
      item.kind === 'page'
        ? [page(item.page, list, null)]
        : [
            {
              key: item.id,
              kind: 'folder',
              list,
              folderId: null,
              name: item.text,
              hasInput: item.pages.some((p) => p.contextEntityTypeId !== null),
            },
            ...item.pages.map((p) => page(p, list, item.id)),
          ],
    ),
  );
}

/**
 * Where a drop of `activeKey` on `overId` puts it: on a folder, a page goes into it; on another
 * row, the item goes below it when it was dragged down and above it when dragged up; on a list's
 * heading, first in that list. A folder dropped on a page inside a folder goes next to that folder.
 */
export function dropTargetOf(
  entries: readonly MenuEntry[],
  activeKey: string,
  overId: string,
): MenuTarget | null {
  const list = listOfDropId(overId);
  if (list) return { kind: 'list', list, index: 0 };
  if (overId === activeKey) return null;
  const activeAt = entries.findIndex((e) => e.key === activeKey);
  const active = entries[activeAt];
  let overAt = entries.findIndex((e) => e.key === overId);
  let over = entries[overAt];
  if (!active || !over) return null;
  if (over.kind === 'folder' && active.kind === 'page') return { kind: 'into', folderId: over.key };
  if (active.kind === 'folder' && over.folderId !== null) {
    if (over.folderId === active.key) return null;
    overAt = entries.findIndex((e) => e.key === over?.folderId);
    over = entries[overAt];
    if (!over) return null;
  }
  return { kind: activeAt < overAt ? 'below' : 'above', itemId: over.key };
}

/**
 * The stored menu made whole before an edit: pages the app no longer has leave it, pages it misses
 * join Other pages, and folders missing from their list's order join its end.
 */
export function normalizedMenu(menu: AppMenu, pages: readonly BuilderPageRef[]): AppMenu {
  const ids = new Set(pages.map((p) => String(p.id)));
  // A folder its list's order does not name is put at the end of it (the server refuses it else).
  const keep = (order: string[], folders: AppMenu['menuFolders']) => [
    ...order.filter((key) => ids.has(key) || folders.some((f) => f.id === key)),
    ...folders.filter((f) => !order.includes(f.id)).map((f) => f.id),
  ];
  const inFolders = (folders: AppMenu['menuFolders']) =>
    folders.map((f) => ({ ...f, childOrder: f.childOrder.filter((key) => ids.has(key)) }));
  const known: AppMenu = {
    menuOrder: keep(menu.menuOrder, menu.menuFolders),
    menuFolders: inFolders(menu.menuFolders),
    otherOrder: keep(menu.otherOrder, menu.otherFolders),
    otherFolders: inFolders(menu.otherFolders),
  };
  const placed = new Set(
    [
      known.menuOrder,
      known.otherOrder,
      ...[...known.menuFolders, ...known.otherFolders].map((f) => f.childOrder),
    ].flat(),
  );
  const missing = pages.filter((p) => !placed.has(String(p.id))).map((p) => p.id);
  return missing.length === 0 ? known : placePages(known, missing, 'other');
}

const menuPageKeys = (menu: AppMenu) =>
  new Set([...menu.menuOrder, ...menu.menuFolders.flatMap((f) => f.childOrder)]);

/**
 * Moves a page or folder (through the schema's `moveMenuItem`), refusing a move that would put a
 * page taking an Object as input into the menu with spec 01 §5's message.
 */
export function moveInMenu(
  menu: AppMenu,
  pages: readonly BuilderPageRef[],
  key: string,
  target: MenuTarget,
): MenuChange {
  const from = normalizedMenu(menu, pages);
  const change = moveMenuItem(from, key, target);
  if (!change.ok) return change;
  const folder = [...from.menuFolders, ...from.otherFolders].find((f) => f.id === key);
  const moved = folder ? folder.childOrder : [key];
  const before = menuPageKeys(from);
  const after = menuPageKeys(change.menu);
  const withInput = new Set(pages.filter((p) => p.contextEntityTypeId !== null).map((p) => String(p.id)));
  if (moved.some((k) => withInput.has(k) && after.has(k) && !before.has(k)))
    return { ok: false, reason: appRuleMessages.menuPageInput };
  return change;
}

/** What a target is, as an announcement or a Move menu item says it. */
export function describeTarget(entries: readonly MenuEntry[], target: MenuTarget): string {
  const name = (key: string) => entries.find((e) => e.key === key)?.name ?? key;
  switch (target.kind) {
    case 'into':
      return `into folder ${name(target.folderId)}`;
    case 'above':
      return `above ${name(target.itemId)}`;
    case 'below':
      return `below ${name(target.itemId)}`;
    case 'list':
      return target.index === 0 ? `to the top of ${listNames[target.list]}` : `to ${listNames[target.list]}`;
  }
}

export interface ButtonMove {
  id: string;
  label: string;
  target: MenuTarget;
}

/**
 * The moves the Move menu offers an item, for keyboard and touch users: up and down among its
 * siblings, out of its folder, into each folder of either list, and to the end of the other list.
 */
export function buttonMoves(entries: readonly MenuEntry[], key: string): ButtonMove[] {
  const entry = entries.find((e) => e.key === key);
  if (!entry) return [];
  const siblings = entries.filter((e) => e.list === entry.list && e.folderId === entry.folderId);
  const at = siblings.findIndex((e) => e.key === key);
  const moves: ButtonMove[] = [];
  const previous = siblings[at - 1];
  const next = siblings[at + 1];
  if (previous) moves.push({ id: 'up', label: 'Move up', target: { kind: 'above', itemId: previous.key } });
  if (next) moves.push({ id: 'down', label: 'Move down', target: { kind: 'below', itemId: next.key } });
  if (entry.folderId !== null)
    moves.push({
      id: 'out',
      label: 'Move out of the folder',
      target: { kind: 'below', itemId: entry.folderId },
    });
  if (entry.kind === 'page')
    for (const folder of entries.filter((e) => e.kind === 'folder' && e.key !== entry.folderId))
      moves.push({
        id: `into:${folder.key}`,
        label: `Move into folder ${folder.name}`,
        target: { kind: 'into', folderId: folder.key },
      });
  const otherList: MenuList = entry.list === 'menu' ? 'other' : 'menu';
  moves.push({
    id: `list:${otherList}`,
    label: `Move to ${listNames[otherList]}`,
    target: { kind: 'list', list: otherList, index: Number.POSITIVE_INFINITY },
  });
  return moves;
}

/** A new folder's id: made from its name, with a number when another item has it. */
export function newFolderId(menu: AppMenu, text: string): string {
  const base = `folder-${text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')}`.slice(0, 70);
  const used = new Set([
    ...menu.menuOrder,
    ...menu.otherOrder,
    ...[...menu.menuFolders, ...menu.otherFolders].map((f) => f.id),
  ]);
  const stem = base === 'folder-' ? 'folder' : base;
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n++) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** A folder's name changed. */
export function renameFolder(menu: AppMenu, folderId: string, text: string): AppMenu {
  const rename = (folders: AppMenu['menuFolders']) =>
    folders.map((f) => (f.id === folderId ? { ...f, text } : f));
  return { ...menu, menuFolders: rename(menu.menuFolders), otherFolders: rename(menu.otherFolders) };
}

/** A folder deleted: its pages take its place in its list (they are not deleted). */
export const deleteFolder = (menu: AppMenu, folderId: string): AppMenu => removeMenuItem(menu, folderId);

/** The folder name rule: given, and at most 200 characters (as the menu stores it). */
export function folderNameProblem(text: string): string | null {
  const name = text.trim();
  if (name === '') return 'Give the folder a name.';
  if (name.length > 200) return 'The folder name must be at most 200 characters long.';
  return null;
}
