import type { AppMenu, MenuFolder } from './appMenu.js';

/**
 * The app menu's ordering rules (spec 01 §4 "Menu and page ordering"), shared by the runner (which
 * renders the tree) and the builder (which moves items). Every operation is pure: it answers a new
 * menu, or why the move cannot be made, and never changes the menu it was given.
 *
 * Which moves take a page out of a folder (decision 0066): a single explicit move of one page
 * (into a folder, above or below an item, to a list at an index) does; the bulk placements
 * (`placePages`, used when pages are added to or listed in the menu) leave pages already inside
 * folders where they are.
 */

export type MenuList = 'menu' | 'other';

/** A page as the menu needs it. */
export interface MenuPage {
  id: number;
  name: string;
  slug: string;
  hidden: boolean;
  /** Pages that take a record as input cannot open from the menu. */
  contextEntityTypeId: number | null;
}

export type MenuNode<P extends MenuPage = MenuPage> =
  | { kind: 'page'; key: string; page: P }
  | { kind: 'folder'; key: string; text: string; children: Array<{ kind: 'page'; key: string; page: P }> };

export type MenuTarget =
  | { kind: 'into'; folderId: string }
  | { kind: 'above' | 'below'; itemId: string }
  | { kind: 'list'; list: MenuList; index: number };

export type MenuChange = { ok: true; menu: AppMenu } | { ok: false; reason: string };

export const menuReasons = {
  notAFolder: (id: string) => `'${id}' is not a folder: only a folder can hold pages.`,
  noFolder: (id: string) => `There is no folder '${id}'.`,
  noItem: (id: string) => `There is no menu item '${id}'.`,
  folderInFolder: 'A folder cannot be put inside another folder.',
  ontoItself: 'An item cannot be moved next to itself.',
} as const;

const isPageKey = (key: string): boolean => /^\d+$/.test(key);

function clone(menu: AppMenu): AppMenu {
  const folders = (list: MenuFolder[]) => list.map((f) => ({ ...f, childOrder: [...f.childOrder] }));
  return {
    menuOrder: [...menu.menuOrder],
    menuFolders: folders(menu.menuFolders),
    otherOrder: [...menu.otherOrder],
    otherFolders: folders(menu.otherFolders),
  };
}

const orderOf = (menu: AppMenu, list: MenuList) => (list === 'menu' ? menu.menuOrder : menu.otherOrder);
const foldersOf = (menu: AppMenu, list: MenuList) => (list === 'menu' ? menu.menuFolders : menu.otherFolders);

function findFolder(menu: AppMenu, id: string): { folder: MenuFolder; list: MenuList } | null {
  for (const list of ['menu', 'other'] as const) {
    const folder = foldersOf(menu, list).find((f) => f.id === id);
    if (folder) return { folder, list };
  }
  return null;
}

/** Where an item sits: a list's top level, or a folder's children. */
function locate(menu: AppMenu, key: string): { order: string[]; index: number } | null {
  for (const list of ['menu', 'other'] as const) {
    const order = orderOf(menu, list);
    if (order.includes(key)) return { order, index: order.indexOf(key) };
    for (const folder of foldersOf(menu, list))
      if (folder.childOrder.includes(key))
        return { order: folder.childOrder, index: folder.childOrder.indexOf(key) };
  }
  return null;
}

/** Takes the key out of every order (lists and folders). */
function detach(menu: AppMenu, key: string): void {
  const drop = (order: string[]) => {
    for (let i = order.indexOf(key); i >= 0; i = order.indexOf(key)) order.splice(i, 1);
  };
  for (const list of ['menu', 'other'] as const) {
    drop(orderOf(menu, list));
    for (const folder of foldersOf(menu, list)) drop(folder.childOrder);
  }
}

const clampIndex = (index: number, length: number) =>
  Number.isFinite(index) ? Math.max(0, Math.min(length, Math.trunc(index))) : length;

/** Moves a page, or a folder between lists and among top-level items (spec 01 §4). */
export function moveMenuItem(menu: AppMenu, key: string, target: MenuTarget): MenuChange {
  const folderAt = findFolder(menu, key);
  if (!isPageKey(key) && !folderAt) return { ok: false, reason: menuReasons.noFolder(key) };
  if (folderAt) return moveFolderItem(menu, folderAt.folder, folderAt.list, target);
  const next = clone(menu);
  if (target.kind === 'into') {
    const into = findFolder(next, target.folderId);
    if (!into) return { ok: false, reason: menuReasons.notAFolder(target.folderId) };
    detach(next, key);
    into.folder.childOrder.push(key);
    return { ok: true, menu: next };
  }
  if (target.kind === 'list') {
    detach(next, key);
    const order = orderOf(next, target.list);
    order.splice(clampIndex(target.index, order.length), 0, key);
    return { ok: true, menu: next };
  }
  if (target.itemId === key) return { ok: false, reason: menuReasons.ontoItself };
  if (!locate(next, target.itemId)) return { ok: false, reason: menuReasons.noItem(target.itemId) };
  detach(next, key);
  const at = locate(next, target.itemId)!;
  at.order.splice(at.index + (target.kind === 'below' ? 1 : 0), 0, key);
  return { ok: true, menu: next };
}

function moveFolderItem(menu: AppMenu, folder: MenuFolder, from: MenuList, target: MenuTarget): MenuChange {
  if (target.kind === 'into') return { ok: false, reason: menuReasons.folderInFolder };
  let list: MenuList;
  let index: (order: string[]) => number;
  if (target.kind === 'list') {
    list = target.list;
    index = (order) => clampIndex(target.index, order.length);
  } else {
    if (target.itemId === folder.id) return { ok: false, reason: menuReasons.ontoItself };
    const inMenu = menu.menuOrder.includes(target.itemId);
    if (!inMenu && !menu.otherOrder.includes(target.itemId))
      return {
        ok: false,
        reason: locate(menu, target.itemId) ? menuReasons.folderInFolder : menuReasons.noItem(target.itemId),
      };
    list = inMenu ? 'menu' : 'other';
    index = (order) => order.indexOf(target.itemId) + (target.kind === 'below' ? 1 : 0);
  }
  const next = clone(menu);
  detach(next, folder.id);
  const kept = foldersOf(next, from).findIndex((f) => f.id === folder.id);
  const [moved] = foldersOf(next, from).splice(kept, 1);
  foldersOf(next, list).push(moved!);
  const order = orderOf(next, list);
  order.splice(index(order), 0, folder.id);
  return { ok: true, menu: next };
}

/** Moves a folder, with its pages, to the menu or to the other pages; the folder must exist. */
export function moveFolder(
  menu: AppMenu,
  folderId: string,
  list: MenuList,
  index = Number.POSITIVE_INFINITY,
) {
  if (!findFolder(menu, folderId)) return { ok: false, reason: menuReasons.noFolder(folderId) } as const;
  return moveMenuItem(menu, folderId, { kind: 'list', list, index });
}

/**
 * Puts pages at the end of a list, in the order given. A page already inside a folder stays in
 * it (decision 0066); one at the top level of either list moves.
 */
export function placePages(menu: AppMenu, pageIds: number[], list: MenuList): AppMenu {
  const next = clone(menu);
  const inFolder = new Set(
    [...next.menuFolders, ...next.otherFolders].flatMap((folder) => folder.childOrder),
  );
  for (const id of pageIds) {
    const key = String(id);
    if (inFolder.has(key)) continue;
    detach(next, key);
    orderOf(next, list).push(key);
  }
  return next;
}

/** Adds an empty folder at the end of a list; a folder id already used is refused. */
export function addFolder(menu: AppMenu, folder: { id: string; text: string }, list: MenuList): MenuChange {
  if (isPageKey(folder.id) || findFolder(menu, folder.id) || locate(menu, folder.id))
    return { ok: false, reason: `The folder id '${folder.id}' is already used.` };
  const next = clone(menu);
  foldersOf(next, list).push({ id: folder.id, text: folder.text, childOrder: [] });
  orderOf(next, list).push(folder.id);
  return { ok: true, menu: next };
}

/**
 * Removes a deleted page or folder from every order. A deleted folder's pages take its place in
 * its list, so deleting a folder never drops pages from the menu.
 */
export function removeMenuItem(menu: AppMenu, key: string): AppMenu {
  const next = clone(menu);
  const at = findFolder(next, key);
  if (at) {
    const order = orderOf(next, at.list);
    const index = order.indexOf(key);
    const children = at.folder.childOrder.filter((child) => child !== key);
    for (const child of children) detach(next, child);
    detach(next, key);
    order.splice(index < 0 ? order.length : index, 0, ...children);
    const folders = foldersOf(next, at.list);
    folders.splice(folders.indexOf(at.folder), 1);
    return next;
  }
  detach(next, key);
  return next;
}

/** A page the menu may show: known to the user (listed), not hidden, and not needing a record. */
export const isMenuPageShown = (page: MenuPage): boolean => !page.hidden && page.contextEntityTypeId === null;

/**
 * One list's items to render: its pages and folders in order, each folder with its pages in their
 * order. Pages the user may not display (absent from `pages`) and pages `include` refuses are left
 * out, as are folders left empty; a page listed twice shows once, where it comes first.
 */
export function listTree<P extends MenuPage>(
  menu: AppMenu,
  list: MenuList,
  pages: P[],
  include: (page: P) => boolean,
): MenuNode<P>[] {
  const byKey = new Map(pages.map((page) => [String(page.id), page]));
  const seen = new Set<string>();
  const pageNode = (key: string) => {
    const page = byKey.get(key);
    if (!page || seen.has(key) || !include(page)) return null;
    seen.add(key);
    return { kind: 'page' as const, key, page };
  };
  const folders = foldersOf(menu, list);
  const nodes: MenuNode<P>[] = [];
  for (const key of orderOf(menu, list)) {
    const folder = folders.find((f) => f.id === key);
    if (!folder) {
      const node = pageNode(key);
      if (node) nodes.push(node);
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    const children = folder.childOrder.flatMap((child) => pageNode(child) ?? []);
    if (children.length > 0) nodes.push({ kind: 'folder', key, text: folder.text, children });
  }
  return nodes;
}

/**
 * The app menu to render (spec 01 §2, §3): the menu list's tree without hidden pages and pages
 * that need a record; `leaveOut` drops further pages (the default page when the app hides it).
 */
export function menuTree<P extends MenuPage>(
  menu: AppMenu,
  pages: P[],
  leaveOut: (page: P) => boolean = () => false,
): MenuNode<P>[] {
  return listTree(menu, 'menu', pages, (page) => isMenuPageShown(page) && !leaveOut(page));
}
