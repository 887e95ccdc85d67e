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
      { id: 7, name: 'accounts', alias: 'acc:accounts', slug: 'accounts' },
    ];
    expect(appList(apps)).toEqual([
      { id: 7, label: 'accounts', description: null, href: '/apps/accounts/_sitemap' },
      { id: 1, label: 'Sales', description: null, href: '/apps/sales/_sitemap' },
    ]);
  });

  it('opens an app with a home report on that report, by its alias or else its id', () => {
    expect(
      appList([
        {
          id: 1,
          name: 'Sales CRM',
          alias: 'crm:salesCrm',
          slug: 'crm',
          description: 'Deals',
          homeReport: { id: 42, alias: 'crm:opportunities' },
        },
        { id: 2, name: 'Support', alias: null, slug: 'help desk', homeReport: { id: 43, alias: null } },
      ]),
    ).toEqual([
      { id: 1, label: 'Sales CRM', description: 'Deals', href: '/apps/crm/_report/crm%3Aopportunities' },
      { id: 2, label: 'Support', description: null, href: '/apps/help%20desk/_report/43' },
    ]);
  });
});
