import { z } from 'zod';
import { safeJson } from './pageLayout.js';

/**
 * An app's menu (spec 01 §2, §3): the pages in the menu and the other pages each have their own
 * order; folders of either hold their own order of pages. Items are page ids (decimal strings of
 * the page records' ids) and folder ids (which never are all digits).
 */
export const menuFolder = z
  .object({
    id: z.string().regex(/^(?!\d+$)[\w-]{1,80}$/),
    text: z.string().max(200),
    childOrder: z.array(z.string().max(80)).max(1000).default([]),
  })
  .strict();
export type MenuFolder = z.infer<typeof menuFolder>;

export const appMenu = z
  .object({
    menuOrder: z.array(z.string().max(80)).max(1000).default([]),
    menuFolders: z.array(menuFolder).max(200).default([]),
    otherOrder: z.array(z.string().max(80)).max(1000).default([]),
    otherFolders: z.array(menuFolder).max(200).default([]),
  })
  .strict();
export type AppMenu = z.infer<typeof appMenu>;

export function emptyAppMenu(): AppMenu {
  return { menuOrder: [], menuFolders: [], otherOrder: [], otherFolders: [] };
}

/** A stored menu as the runner reads it; an unparsable one falls back to an empty structure (spec 01 §4). */
export function readAppMenu(stored: unknown): { menu: AppMenu; fellBack: boolean } {
  if (stored === null || stored === undefined || stored === '')
    return { menu: emptyAppMenu(), fellBack: false };
  const parsed = appMenu.safeParse(typeof stored === 'string' ? safeJson(stored) : stored);
  return parsed.success ? { menu: parsed.data, fellBack: false } : { menu: emptyAppMenu(), fellBack: true };
}

export const pageIdKey = (pageId: number): string => String(pageId);
