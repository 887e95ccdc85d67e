import type {
  AppMenu,
  AppSettingsResponse,
  BuilderPageRef,
  BuilderPageResponse,
  BuilderPageSettings,
  PageVersionContent,
} from '@plinth/schema';

/** An entry of the File tab's lists: a page, or a menu folder with its pages. */
export type PageListItem =
  | { kind: 'page'; page: BuilderPageRef }
  | { kind: 'folder'; id: string; text: string; pages: BuilderPageRef[] };

/**
 * The app's pages as its menu orders them (spec 01 §2 File, §4 menu ordering): the menu with its
 * folders, then the other pages with theirs. A page no order names is listed last among the other
 * pages, so every page of the app can be opened.
 */
export function pageLists(
  menu: AppMenu,
  pages: readonly BuilderPageRef[],
): { menu: PageListItem[]; other: PageListItem[] } {
  const byKey = new Map(pages.map((p) => [String(p.id), p]));
  const placed = new Set<string>();
  const take = (key: string): BuilderPageRef[] => {
    const page = byKey.get(key);
    if (!page || placed.has(key)) return [];
    placed.add(key);
    return [page];
  };
  const list = (order: readonly string[], folders: AppMenu['menuFolders']): PageListItem[] =>
    order.flatMap((key): PageListItem[] => {
      const folder = folders.find((f) => f.id === key);
      if (folder)
        return [{ kind: 'folder', id: folder.id, text: folder.text, pages: folder.childOrder.flatMap(take) }];
      return take(key).map((page) => ({ kind: 'page', page }));
    });
  const inMenu = list(menu.menuOrder, menu.menuFolders);
  const other = list(menu.otherOrder, menu.otherFolders);
  const rest = pages
    .filter((p) => !placed.has(String(p.id)))
    .map((page): PageListItem => ({ kind: 'page', page }));
  return { menu: inMenu, other: [...other, ...rest] };
}

/** What the builder edits of a page: its settings and its content. */
export interface PageEdit {
  settings: BuilderPageSettings;
  content: PageVersionContent;
}

export const editOf = (page: BuilderPageResponse): PageEdit => ({
  settings: page.settings,
  content: page.content,
});

/**
 * Change detection (spec 01 §4): the page as edited against its bookmark, the page as last loaded
 * or saved — settings and content (its layout JSON) compared as the JSON they are stored as.
 */
export function hasChanges(bookmark: PageEdit, current: PageEdit): boolean {
  return JSON.stringify(bookmark) !== JSON.stringify(current);
}

/** Change detection of the menu (spec 01 §4): the stored menu JSON against the edited one. */
export function isMenuChanged(stored: AppMenu, edited: AppMenu): boolean {
  return JSON.stringify(stored) !== JSON.stringify(edited);
}

/** The builder's address of a page (spec 01 §2): /admin/apps/{appSlug}/{pageSlug}. */
export const builderHref = (appSlug: string, pageSlug: string) =>
  `/admin/apps/${encodeURIComponent(appSlug)}/${encodeURIComponent(pageSlug)}`;

export const builderMessages = {
  saved: 'App was successfully saved',
  published: 'The page was published: the runner shows it now.',
  pageDeleted: 'Page deleted',
  failedToLoadApp: (slug: string) => `Failed to load app ${slug}`,
  failedToLoadPage: (id: string) => `Failed to load page ${id}`,
  confirmDelete: (name: string) => `Are you sure that you want to delete page '${name}'?`,
  /** The name a page kept as a new page after a conflict starts from. */
  copyName: (name: string) => `${name} (copy)`,
  savedAsNewPage: (name: string) => `Your changes were saved as the new page '${name}'.`,
} as const;

/**
 * The page an address's page part names (spec 01 §2): its URL slug, case-insensitively, or for the
 * shared app's pages also its upgrade id.
 */
export function pageByAddress(
  app: Pick<AppSettingsResponse, 'isSharedApp' | 'pages'>,
  part: string,
): BuilderPageRef | undefined {
  const wanted = part.toLowerCase();
  return (
    app.pages.find((p) => p.slug.toLowerCase() === wanted) ??
    (app.isSharedApp ? app.pages.find((p) => p.upgradeId?.toLowerCase() === wanted) : undefined)
  );
}
