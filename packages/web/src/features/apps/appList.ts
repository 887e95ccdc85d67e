import type { AppListResponse } from '@plinth/schema';

type ListedApp = AppListResponse['apps'][number];

export interface AppListItem {
  id: number;
  slug: string;
  label: string;
  description: string | null;
  href: string;
}

/** The admin (builder) app and the shared (form pages) app are never listed. */
export const hiddenAppAliases = ['core:adminApp', 'core:sharedApp'];

/** The name an app shows: its display alias, or else its name (spec 01 §2). */
const labelOf = (app: ListedApp) => app.displayAlias?.trim() || app.name;

/**
 * The App list (spec 01 §2): of the apps the server lists (enabled, no anonymous access, neither
 * the admin nor the shared app, and only those the user may display), those whose default page
 * shows the menu, sorted by name; each labelled by its alias or name and linking to its sitemap.
 */
export function appList(apps: readonly ListedApp[]): AppListItem[] {
  return apps
    .filter((app) => app.defaultPageShowsMenu)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU', { sensitivity: 'base' }) || a.id - b.id)
    .map((app) => ({
      id: app.id,
      slug: app.slug,
      label: labelOf(app),
      description: app.description,
      href: `/apps/${encodeURIComponent(app.slug)}/_sitemap`,
    }));
}

/**
 * Where the runner opens after sign-in (decision 0065): straight into the app when the user has
 * exactly one, else on the app list.
 */
export function homeUrl(items: readonly AppListItem[]): string {
  return items.length === 1 ? `/apps/${encodeURIComponent(items[0]!.slug)}` : '/apps';
}
