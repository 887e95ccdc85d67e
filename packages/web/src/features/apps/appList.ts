/** An app as the list reads it; fields the `core:app` type does not have yet are optional. */
export interface AppListEntry {
  id: number;
  name: string | null;
  alias: string | null;
  slug?: string | null;
  isEnabled?: boolean | null;
  allowsAnonymous?: boolean | null;
  /** Whether the app's default page shows the menu. */
  defaultPageShowsMenu?: boolean | null;
}

/** The admin (builder) app and the shared (form pages) app are never listed. */
export const hiddenAppAliases = ['core:adminApp', 'core:sharedApp'];

/**
 * The App list (spec 01 §2): apps that are enabled and do not allow anonymous access, excluding
 * the admin app and the shared app, and only those whose default page shows the menu, sorted by
 * name. Each links to its sitemap; the label is the alias or the name.
 */
export function appList(apps: AppListEntry[]): { id: number; label: string; href: string }[] {
  return apps
    .filter(
      (app) =>
        app.isEnabled !== false &&
        app.allowsAnonymous !== true &&
        app.defaultPageShowsMenu !== false &&
        !hiddenAppAliases.includes(app.alias ?? ''),
    )
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '', 'en-AU', { sensitivity: 'base' }))
    .map((app) => ({
      id: app.id,
      label: app.alias ?? app.name ?? String(app.id),
      href: `/apps/${encodeURIComponent(app.slug ?? app.alias ?? String(app.id))}/_sitemap`,
    }));
}
