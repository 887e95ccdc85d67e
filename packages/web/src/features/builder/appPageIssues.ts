import {
  type AppMenu,
  type AppSettingsResponse,
  type BuilderPageRef,
  type BuilderPageResponse,
  isPageInMenu,
  isSharedPageType,
  type PageIssue,
  pageIssues,
} from '@plinth/schema';
import { type PageEdit, pageLists } from './builderPages';

/** One page of the app with its validation issues (spec 01 §2 Page Validation tab). */
export interface PageWithIssues {
  page: BuilderPageRef;
  /** Its name as it is checked: the open page's as edited. */
  name: string;
  issues: PageIssue[];
  /** It is the page open in the builder (its issues are those of its unsaved edit). */
  isOpen: boolean;
}

/** The app's pages, the menu's first, then the other pages, as the File tab lists them. */
function orderedPages(app: AppSettingsResponse, menu: AppMenu): BuilderPageRef[] {
  const lists = pageLists(menu, app.pages);
  return [...lists.menu, ...lists.other].flatMap((item) => (item.kind === 'page' ? [item.page] : item.pages));
}

/**
 * The issues of every page of the app (spec 01 §5): the open page's from its edit, each other
 * page's from its content as stored (its draft, else its published version); a page not loaded
 * (yet) is left out. Home and menu are the app's default page and `menu` (the menu as edited).
 */
export function appPageIssues(
  app: AppSettingsResponse,
  menu: AppMenu,
  loaded: ReadonlyMap<number, BuilderPageResponse>,
  open: { id: number; edit: PageEdit } | null,
): PageWithIssues[] {
  return orderedPages(app, menu).flatMap((page) => {
    const isOpen = open?.id === page.id;
    const stored = loaded.get(page.id);
    const edit = isOpen ? open!.edit : stored && { settings: stored.settings, content: stored.content };
    if (!edit) return [];
    const issues = pageIssues(
      { id: page.id, name: edit.settings.name, slug: edit.settings.slug, content: edit.content },
      {
        otherPages: app.pages,
        isHomePage: app.settings.defaultPageId === page.id,
        isInMenu: isPageInMenu(menu, page.id),
      },
    );
    const ref = { ...page, type: edit.settings.type, contextEntityTypeId: edit.content.contextEntityTypeId };
    return [{ page: ref, name: edit.settings.name, issues, isOpen }];
  });
}

/** The shared (form) pages among them (spec 01 §2: the single-record kinds are shared pages). */
export const sharedPagesOf = (pages: readonly PageWithIssues[]): PageWithIssues[] =>
  pages.filter((p) => isSharedPageType(p.page.type));

/** Whether a shared page has issues: the 'Issues in shared pages' tab is hidden until one has. */
export const hasSharedPageIssues = (pages: readonly PageWithIssues[]): boolean =>
  sharedPagesOf(pages).some((p) => p.issues.length > 0);
