/** An app as the list reads it; fields the `core:app` type does not have yet are optional. */
export interface AppListEntry {
  id: number;
  name: string | null;
  alias: string | null;
  description?: string | null;
  /** The app's address in the runner: /apps/{slug}/… (spec 01 §3 uiAppSlug). */
  slug?: string | null;
  isEnabled?: boolean | null;
  allowsAnonymous?: boolean | null;
  /** Whether the app's default page shows the menu. */
  defaultPageShowsMenu?: boolean | null;
  /** The report the app opens on until apps have pages (decision 0036). */
  homeReport?: { id: number; alias: string | null } | null;
}

export interface AppListItem {
  id: number;
  label: string;
  description: string | null;
  href: string;
}

/** The admin (builder) app and the shared (form pages) app are never listed. */
export const hiddenAppAliases = ['core:adminApp', 'core:sharedApp'];

/**
 * The App list (spec 01 §2): apps that are enabled and do not allow anonymous access, excluding
 * the admin app and the shared app, and only those whose default page shows the menu, sorted by
 * name. The label is the app's name: the spec's display alias is not a field of `core:app`, whose
 * alias is its identifier. Each links to its sitemap, or — while the sitemap is not built — to the
 * report it opens on when it has one (decision 0036).
 */
export function appList(apps: AppListEntry[]): AppListItem[] {
  return apps
    .filter(
      (app) =>
        app.isEnabled !== false &&
        app.allowsAnonymous !== true &&
        app.defaultPageShowsMenu !== false &&
        !hiddenAppAliases.includes(app.alias ?? ''),
    )
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '', 'en-AU', { sensitivity: 'base' }))
    .map((app) => {
      const root = `/apps/${encodeURIComponent(app.slug ?? app.alias ?? String(app.id))}`;
      const home = app.homeReport;
      return {
        id: app.id,
        label: app.name ?? app.alias ?? String(app.id),
        description: app.description ?? null,
        href: home
          ? `${root}/_report/${encodeURIComponent(home.alias ?? String(home.id))}`
          : `${root}/_sitemap`,
      };
    });
}
