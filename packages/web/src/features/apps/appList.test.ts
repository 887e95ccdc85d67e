import { describe, expect, it } from 'vitest';
import { appList } from './appList';

describe('appList', () => {
  it('lists enabled, non-anonymous, menu apps but the admin and shared ones, by name', () => {
    const apps = [
      { id: 1, name: 'Sales', alias: null, slug: 'sales' },
      { id: 2, name: 'Admin', alias: 'core:adminApp' },
      { id: 3, name: 'Shared', alias: 'core:sharedApp' },
      { id: 4, name: 'Archive', alias: null, isEnabled: false },
      { id: 5, name: 'Portal', alias: null, allowsAnonymous: true },
      { id: 6, name: 'Hidden menu', alias: null, defaultPageShowsMenu: false },
      { id: 7, name: 'accounts', alias: 'acc', slug: 'accounts' },
    ];
    expect(appList(apps)).toEqual([
      { id: 7, label: 'acc', href: '/apps/accounts/_sitemap' },
      { id: 1, label: 'Sales', href: '/apps/sales/_sitemap' },
    ]);
  });
});
