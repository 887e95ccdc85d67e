import type { AppMenu, BuilderPageRef, MenuChange } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { pageLists } from './builderPages';
import {
  buttonMoves,
  deleteFolder,
  describeTarget,
  dropTargetOf,
  folderNameProblem,
  menuEntries,
  moveInMenu,
  newFolderId,
  normalizedMenu,
  renameFolder,
} from './menuMoves';

const page = (id: number, name: string, contextEntityTypeId: number | null = null): BuilderPageRef => ({
  id,
  name,
  slug: name.toLowerCase(),
  type: 'default',
  contextEntityTypeId,
});

/** Menu: Home (1), folder Sales (Leads 2, Deals 3). Other pages: Job form (4, takes a Job), folder Archive (empty). */
const pages = [page(1, 'Home'), page(2, 'Leads'), page(3, 'Deals'), page(4, 'Job form', 77)];
const menu = (): AppMenu => ({
  menuOrder: ['1', 'sales'],
  menuFolders: [{ id: 'sales', text: 'Sales', childOrder: ['2', '3'] }],
  otherOrder: ['4', 'archive'],
  otherFolders: [{ id: 'archive', text: 'Archive', childOrder: [] }],
});
const entries = () => menuEntries(pageLists(menu(), pages));

const ok = (change: MenuChange): AppMenu => {
  if (!change.ok) throw new Error(change.reason);
  return change.menu;
};

describe('the rows of the two lists', () => {
  it('lists the menu then the other pages, a folder followed by its pages', () => {
    expect(entries().map((e) => [e.key, e.list, e.folderId])).toEqual([
      ['1', 'menu', null],
      ['sales', 'menu', null],
      ['2', 'menu', 'sales'],
      ['3', 'menu', 'sales'],
      ['4', 'other', null],
      ['archive', 'other', null],
    ]);
    expect(entries().find((e) => e.key === '4')?.hasInput).toBe(true);
  });
});

describe('where a drop puts an item', () => {
  it('puts a page dropped on a folder into it', () => {
    expect(dropTargetOf(entries(), '1', 'archive')).toEqual({ kind: 'into', folderId: 'archive' });
    expect(dropTargetOf(entries(), '4', 'sales')).toEqual({ kind: 'into', folderId: 'sales' });
  });

  it('puts an item dragged down below the row it is dropped on, and dragged up above it', () => {
    expect(dropTargetOf(entries(), '1', '3')).toEqual({ kind: 'below', itemId: '3' });
    expect(dropTargetOf(entries(), '4', '2')).toEqual({ kind: 'above', itemId: '2' });
  });

  it('puts an item dropped on a list heading first in that list', () => {
    expect(dropTargetOf(entries(), '2', 'list:other')).toEqual({ kind: 'list', list: 'other', index: 0 });
    expect(dropTargetOf(entries(), 'archive', 'list:menu')).toEqual({ kind: 'list', list: 'menu', index: 0 });
  });

  it('moves a folder dropped on a page in a folder next to that folder, never into it', () => {
    expect(dropTargetOf(entries(), 'archive', '3')).toEqual({ kind: 'above', itemId: 'sales' });
    expect(dropTargetOf(entries(), 'archive', 'sales')).toEqual({ kind: 'above', itemId: 'sales' });
    expect(dropTargetOf(entries(), 'sales', '2')).toBeNull();
  });

  it('does nothing for a drop on itself', () => {
    expect(dropTargetOf(entries(), '1', '1')).toBeNull();
  });
});

describe('moves', () => {
  it('moves a page into a folder, out of it, and to the other pages', () => {
    const into = ok(moveInMenu(menu(), pages, '1', { kind: 'into', folderId: 'sales' }));
    expect(into.menuOrder).toEqual(['sales']);
    expect(into.menuFolders[0]?.childOrder).toEqual(['2', '3', '1']);
    const out = ok(moveInMenu(into, pages, '2', { kind: 'below', itemId: 'sales' }));
    expect(out.menuOrder).toEqual(['sales', '2']);
    const other = ok(moveInMenu(out, pages, '2', { kind: 'list', list: 'other', index: 0 }));
    expect(other.otherOrder).toEqual(['2', '4', 'archive']);
  });

  it("refuses a page taking an Object as input in the menu with spec 01 §5's message", () => {
    for (const target of [
      { kind: 'into', folderId: 'sales' },
      { kind: 'above', itemId: '1' },
      { kind: 'list', list: 'menu', index: 0 },
    ] as const)
      expect(moveInMenu(menu(), pages, '4', target)).toEqual({
        ok: false,
        reason: 'Pages in menu must not have Object as an input, move the page to Other pages',
      });
  });

  it('refuses a folder holding such a page in the menu, and lets it move among the other pages', () => {
    const archived = ok(moveInMenu(menu(), pages, '4', { kind: 'into', folderId: 'archive' }));
    expect(moveInMenu(archived, pages, 'archive', { kind: 'list', list: 'menu', index: 0 })).toEqual({
      ok: false,
      reason: 'Pages in menu must not have Object as an input, move the page to Other pages',
    });
    expect(
      ok(moveInMenu(archived, pages, 'archive', { kind: 'list', list: 'other', index: 0 })).otherOrder,
    ).toEqual(['archive']);
  });

  it("says why the schema's rules refuse a move", () => {
    expect(moveInMenu(menu(), pages, 'sales', { kind: 'into', folderId: 'archive' })).toEqual({
      ok: false,
      reason: 'A folder cannot be put inside another folder.',
    });
  });

  it('drops pages the app no longer has and places pages no order names among the other pages', () => {
    const stale = { ...menu(), menuOrder: ['1', '99', 'sales'], otherOrder: ['archive'] };
    expect(normalizedMenu(stale, pages)).toEqual({ ...menu(), otherOrder: ['archive', '4'] });
    const unlisted = { ...menu(), menuOrder: ['1'] };
    expect(normalizedMenu(unlisted, pages).menuOrder).toEqual(['1', 'sales']);
    const moved = ok(moveInMenu(stale, pages, '1', { kind: 'above', itemId: '4' }));
    expect(moved.menuOrder).toEqual(['sales']);
    expect(moved.otherOrder).toEqual(['archive', '1', '4']);
  });
});

describe('the Move menu', () => {
  it('offers up, down, out of the folder, into each other folder and the other list', () => {
    const labels = (key: string) => buttonMoves(entries(), key).map((m) => m.label);
    expect(labels('2')).toEqual([
      'Move down',
      'Move out of the folder',
      'Move into folder Archive',
      'Move to Other pages',
    ]);
    expect(labels('1')).toEqual([
      'Move down',
      'Move into folder Sales',
      'Move into folder Archive',
      'Move to Other pages',
    ]);
    expect(labels('sales')).toEqual(['Move up', 'Move to Other pages']);
    expect(buttonMoves(entries(), '3')[0]).toEqual({
      id: 'up',
      label: 'Move up',
      target: { kind: 'above', itemId: '2' },
    });
  });

  it('describes targets as the announcements say them', () => {
    expect(describeTarget(entries(), { kind: 'into', folderId: 'sales' })).toBe('into folder Sales');
    expect(describeTarget(entries(), { kind: 'below', itemId: '3' })).toBe('below Deals');
    expect(describeTarget(entries(), { kind: 'list', list: 'other', index: 0 })).toBe(
      'to the top of Other pages',
    );
  });
});

describe('folders', () => {
  it('makes a folder id from its name, unique in the menu', () => {
    expect(newFolderId(menu(), 'Field work')).toBe('folder-field-work');
    const taken = { ...menu(), menuOrder: ['1', 'folder-sales'] };
    expect(newFolderId(taken, 'Sales')).toBe('folder-sales-2');
    expect(newFolderId(menu(), '!!!')).toBe('folder');
  });

  it('renames a folder and deletes one, its pages taking its place', () => {
    expect(renameFolder(menu(), 'sales', 'Selling').menuFolders[0]?.text).toBe('Selling');
    const deleted = deleteFolder(menu(), 'sales');
    expect(deleted.menuOrder).toEqual(['1', '2', '3']);
    expect(deleted.menuFolders).toEqual([]);
  });

  it('needs a folder name', () => {
    expect(folderNameProblem('  ')).toBe('Give the folder a name.');
    expect(folderNameProblem('Sales')).toBeNull();
  });
});
