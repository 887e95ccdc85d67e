import type { AppMenu, EntityId } from '@plinth/schema';
import { type SettingProblem, settingsRefused } from './builderWrites.js';

/** Why a menu the builder sends is refused (decision 0118); the Object-input rule is spec 01 §5's. */
export const menuMessages = {
  unknownPage: (key: string) => `The menu names '${key}', which is not a page of this app.`,
  unknownItem: (key: string) =>
    `The menu names '${key}', which is neither a page of this app nor one of its folders.`,
  folderNotListed: (id: string) => `The folder '${id}' is not in the order of its list.`,
  folderTwice: (id: string) => `There are two folders with the id '${id}'.`,
  listedTwice: (key: string) => `The menu names '${key}' more than once.`,
} as const;

/**
 * The shape problems of an app's menu (spec 01 §3, §4): each list's order names the app's pages
 * and that list's folders; a folder holds pages only and is in its list's order; nothing is named
 * twice. Whether a page taking an Object as input may be in the menu is the entity service's rule
 * on every write of the app (spec 01 §5), so it is not repeated here.
 */
export function menuProblems(menu: AppMenu, pageIds: ReadonlySet<EntityId>): string[] {
  const problems: string[] = [];
  const isPage = (key: string) => /^\d+$/.test(key) && pageIds.has(Number(key));
  const seen = new Set<string>();
  const once = (key: string) => {
    if (seen.has(key)) problems.push(menuMessages.listedTwice(key));
    seen.add(key);
  };
  const folderIds = new Set<string>();
  for (const folder of [...menu.menuFolders, ...menu.otherFolders]) {
    if (folderIds.has(folder.id)) problems.push(menuMessages.folderTwice(folder.id));
    folderIds.add(folder.id);
  }
  for (const [order, folders] of [
    [menu.menuOrder, menu.menuFolders],
    [menu.otherOrder, menu.otherFolders],
  ] as const) {
    for (const key of order) {
      once(key);
      if (!isPage(key) && !folders.some((f) => f.id === key)) problems.push(menuMessages.unknownItem(key));
    }
    for (const folder of folders) {
      if (!order.includes(folder.id)) problems.push(menuMessages.folderNotListed(folder.id));
      for (const key of folder.childOrder) {
        once(key);
        if (!isPage(key)) problems.push(menuMessages.unknownPage(key));
      }
    }
  }
  return [...new Set(problems)];
}

/** Refuses a menu with shape problems, each one named, before anything is written. */
export function checkMenu(menu: AppMenu, pageIds: ReadonlySet<EntityId>): void {
  const problems = menuProblems(menu, pageIds);
  if (problems.length === 0) return;
  const listed: SettingProblem[] = problems.map((message) => ({ member: 'menu', message }));
  throw settingsRefused(listed, problems[0]);
}
