import { describe, expect, it } from 'vitest';
import type { AppMenu } from './appMenu.js';
import {
  addFolder,
  type MenuChange,
  type MenuPage,
  menuReasons,
  menuTree,
  moveFolder,
  moveMenuItem,
  placePages,
  removeMenuItem,
} from './menuOrder.js';

/** Home (1) and Sales folder (Opportunities 2, Accounts 3) in the menu; Settings (4) and Archive folder (5) in other. */
const menu = (): AppMenu => ({
  menuOrder: ['1', 'sales'],
  menuFolders: [{ id: 'sales', text: 'Sales', childOrder: ['2', '3'] }],
  otherOrder: ['4', 'archive'],
  otherFolders: [{ id: 'archive', text: 'Archive', childOrder: ['5'] }],
});

const ok = (change: MenuChange): AppMenu => {
  if (!change.ok) throw new Error(change.reason);
  return change.menu;
};

const page = (id: number, extra: Partial<MenuPage> = {}): MenuPage => ({
  id,
  name: `Page ${id}`,
  slug: `p${id}`,
  hidden: false,
  contextEntityTypeId: null,
  ...extra,
});

describe('menuTree', () => {
  it('renders the menu list in order with folders and their pages in childOrder', () => {
    const tree = menuTree(
      menu(),
      [1, 2, 3, 4, 5].map((id) => page(id)),
    );
    expect(
      tree.map((n) => (n.kind === 'folder' ? [n.text, n.children.map((c) => c.page.id)] : n.page.id)),
    ).toEqual([1, ['Sales', [2, 3]]]);
  });

  it('leaves out hidden pages, pages needing a record, pages the user may not display, empty folders', () => {
    const tree = menuTree(menu(), [page(1, { hidden: true }), page(2, { contextEntityTypeId: 7 })]);
    expect(tree).toEqual([]);
    const withAccounts = menuTree(menu(), [page(1), page(3)]);
    expect(withAccounts.map((n) => n.key)).toEqual(['1', 'sales']);
  });

  it('shows a page listed twice once, where it comes first, and can leave out the default page', () => {
    const twice = { ...menu(), menuOrder: ['2', '1', 'sales'] };
    const tree = menuTree(twice, [page(1), page(2), page(3)], (p) => p.id === 1);
    expect(tree).toEqual([
      { kind: 'page', key: '2', page: page(2) },
      { kind: 'folder', key: 'sales', text: 'Sales', children: [{ kind: 'page', key: '3', page: page(3) }] },
    ]);
  });
});

describe('moving folders', () => {
  it('moves a folder with its pages from the menu to the other pages, and back at an index', () => {
    const moved = ok(moveFolder(menu(), 'sales', 'other'));
    expect(moved.menuOrder).toEqual(['1']);
    expect(moved.otherOrder).toEqual(['4', 'archive', 'sales']);
    expect(moved.otherFolders.map((f) => f.id)).toEqual(['archive', 'sales']);
    expect(moved.otherFolders[1]!.childOrder).toEqual(['2', '3']);
    const back = ok(moveFolder(moved, 'sales', 'menu', 0));
    expect(back.menuOrder).toEqual(['sales', '1']);
    expect(back.menuFolders.map((f) => f.id)).toEqual(['sales']);
  });

  it('needs the folder to exist', () => {
    expect(moveFolder(menu(), 'nothing', 'other')).toEqual({
      ok: false,
      reason: menuReasons.noFolder('nothing'),
    });
  });

  it('never puts a folder inside a folder', () => {
    expect(moveMenuItem(menu(), 'archive', { kind: 'into', folderId: 'sales' })).toEqual({
      ok: false,
      reason: menuReasons.folderInFolder,
    });
    expect(moveMenuItem(menu(), 'archive', { kind: 'above', itemId: '2' })).toEqual({
      ok: false,
      reason: menuReasons.folderInFolder,
    });
  });

  it('moves a folder above another top-level item, into that item’s list', () => {
    const moved = ok(moveMenuItem(menu(), 'archive', { kind: 'above', itemId: '1' }));
    expect(moved.menuOrder).toEqual(['archive', '1', 'sales']);
    expect(moved.menuFolders.map((f) => f.id)).toEqual(['sales', 'archive']);
    expect(moved.otherOrder).toEqual(['4']);
    expect(moved.otherFolders).toEqual([]);
  });
});

describe('moving pages', () => {
  it('moves a page into a folder (at its end), out of wherever it was', () => {
    const moved = ok(moveMenuItem(menu(), '4', { kind: 'into', folderId: 'sales' }));
    expect(moved.menuFolders[0]!.childOrder).toEqual(['2', '3', '4']);
    expect(moved.otherOrder).toEqual(['archive']);
  });

  it('refuses to move a page inside anything but a folder', () => {
    expect(moveMenuItem(menu(), '4', { kind: 'into', folderId: '1' })).toEqual({
      ok: false,
      reason: menuReasons.notAFolder('1'),
    });
  });

  it('moves a page above or below another item, in a folder or a list', () => {
    expect(ok(moveMenuItem(menu(), '4', { kind: 'above', itemId: '3' })).menuFolders[0]!.childOrder).toEqual([
      '2',
      '4',
      '3',
    ]);
    const below = ok(moveMenuItem(menu(), '2', { kind: 'below', itemId: 'sales' }));
    expect(below.menuOrder).toEqual(['1', 'sales', '2']);
    expect(below.menuFolders[0]!.childOrder).toEqual(['3']);
    expect(moveMenuItem(menu(), '2', { kind: 'below', itemId: '99' })).toEqual({
      ok: false,
      reason: menuReasons.noItem('99'),
    });
    expect(moveMenuItem(menu(), '2', { kind: 'below', itemId: '2' })).toEqual({
      ok: false,
      reason: menuReasons.ontoItself,
    });
  });

  it('moves a page to the menu or other list at an index, clamped to the list', () => {
    expect(ok(moveMenuItem(menu(), '5', { kind: 'list', list: 'menu', index: 1 })).menuOrder).toEqual([
      '1',
      '5',
      'sales',
    ]);
    expect(ok(moveMenuItem(menu(), '1', { kind: 'list', list: 'other', index: 99 })).otherOrder).toEqual([
      '4',
      'archive',
      '1',
    ]);
    const unlisted = ok(moveMenuItem(menu(), '8', { kind: 'list', list: 'menu', index: -3 }));
    expect(unlisted.menuOrder).toEqual(['8', '1', 'sales']);
  });

  it('placing pages in a list leaves pages already inside folders where they are', () => {
    const placed = placePages(menu(), [2, 4, 6], 'menu');
    expect(placed.menuOrder).toEqual(['1', 'sales', '4', '6']);
    expect(placed.menuFolders[0]!.childOrder).toEqual(['2', '3']);
    expect(placed.otherOrder).toEqual(['archive']);
  });

  it('never changes the menu it was given', () => {
    const before = menu();
    moveMenuItem(before, '4', { kind: 'into', folderId: 'sales' });
    moveFolder(before, 'sales', 'other');
    removeMenuItem(before, 'sales');
    expect(before).toEqual(menu());
  });
});

describe('adding and deleting', () => {
  it('adds an empty folder at the end of a list, refusing a used id', () => {
    const added = ok(addFolder(menu(), { id: 'service', text: 'Service' }, 'menu'));
    expect(added.menuOrder).toEqual(['1', 'sales', 'service']);
    expect(added.menuFolders.at(-1)).toEqual({ id: 'service', text: 'Service', childOrder: [] });
    expect(addFolder(menu(), { id: 'archive', text: 'Again' }, 'menu').ok).toBe(false);
  });

  it('deleting a page removes it from every order', () => {
    const listedTwice = { ...menu(), otherOrder: ['4', '2', 'archive'] };
    const removed = removeMenuItem(listedTwice, '2');
    expect(removed.menuFolders[0]!.childOrder).toEqual(['3']);
    expect(removed.otherOrder).toEqual(['4', 'archive']);
  });

  it('deleting a folder removes it from every order; its pages take its place', () => {
    const removed = removeMenuItem(menu(), 'sales');
    expect(removed.menuOrder).toEqual(['1', '2', '3']);
    expect(removed.menuFolders).toEqual([]);
  });
});
