import type { AppListResponse } from '@plinth/schema';
import { describe, expect, it } from 'vitest';
import { appList, homeUrl } from './appList';

const app = (
  id: number,
  name: string,
  extra: Partial<AppListResponse['apps'][number]> = {},
): AppListResponse['apps'][number] => ({
  id,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  displayAlias: null,
  description: null,
  icon: null,
  defaultPageShowsMenu: true,
  ...extra,
});

describe('appList', () => {
  it('lists the apps whose default page shows the menu, sorted by name, each to its sitemap', () => {
    const items = appList([
      app(1, 'Sales'),
      app(2, 'hidden menu', { defaultPageShowsMenu: false }),
      app(3, 'accounts', { description: 'Customers' }),
      app(4, 'Zebra', { displayAlias: 'Animals' }),
    ]);
    expect(items).toEqual([
      {
        id: 3,
        slug: 'accounts',
        label: 'accounts',
        description: 'Customers',
        href: '/apps/accounts/_sitemap',
      },
      { id: 1, slug: 'sales', label: 'Sales', description: null, href: '/apps/sales/_sitemap' },
      { id: 4, slug: 'zebra', label: 'Animals', description: null, href: '/apps/zebra/_sitemap' },
    ]);
  });

  it('sorts by name, not by the alias shown, and encodes slugs', () => {
    const items = appList([app(1, 'B', { displayAlias: 'A label' }), app(2, 'A', { slug: 'help desk' })]);
    expect(items.map((i) => [i.label, i.href])).toEqual([
      ['A', '/apps/help%20desk/_sitemap'],
      ['A label', '/apps/b/_sitemap'],
    ]);
  });
});

describe('homeUrl', () => {
  it('opens the only app, else the app list', () => {
    expect(homeUrl(appList([app(1, 'Sales CRM', { slug: 'crm' })]))).toBe('/apps/crm');
    expect(homeUrl(appList([app(1, 'Sales'), app(2, 'Service')]))).toBe('/apps');
    expect(homeUrl([])).toBe('/apps');
  });
});
