import { listTree, type MenuNode, type PageSummary, type RunnerAppResponse } from '@plinth/schema';

/** A page the sitemap lists: shown in the sitemap, not hidden, and opening without a record. */
const isInSitemap = (page: PageSummary) =>
  page.showInSitemap && !page.hidden && page.contextEntityTypeId === null;

/**
 * The sitemap of an app (spec 01 §2 `_sitemap`): its pages in menu order with the menu's folders,
 * then the other pages in their order with theirs, then pages neither list names, by name.
 */
export function sitemapTree(app: RunnerAppResponse): MenuNode<PageSummary>[] {
  const menu = listTree(app.menu, 'menu', app.pages, isInSitemap);
  const other = listTree(app.menu, 'other', app.pages, isInSitemap);
  const listed = new Set(
    [...menu, ...other].flatMap((node) =>
      node.kind === 'page' ? [node.key] : node.children.map((c) => c.key),
    ),
  );
  const rest = app.pages
    .filter((page) => isInSitemap(page) && !listed.has(String(page.id)))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU', { sensitivity: 'base' }))
    .map((page) => ({ kind: 'page' as const, key: String(page.id), page }));
  const seen = new Set<string>();
  // A page both lists name shows once, where it comes first.
  return [...menu, ...other, ...rest].flatMap((node): MenuNode<PageSummary>[] => {
    if (node.kind === 'page') {
      if (seen.has(node.key)) return [];
      seen.add(node.key);
      return [node];
    }
    const children = node.children.filter((c) => !seen.has(c.key));
    for (const c of children) seen.add(c.key);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}
